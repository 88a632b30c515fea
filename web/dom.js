// The page's elements by id: every module of the page reads and sets its controls by them.
export const $ = (id) => document.getElementById(id);

const kMovingKeys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End',
                     'PageUp', 'PageDown'];

// A list whose choice changes the game or the engine: the choice is applied when it is
// made (a click, a pick from the open list, Enter, or leaving the list), never on an arrow
// key alone, which only moves through the choices as a closed list shows them.
export function onChoice(select, apply) {
  let moving = false, applied = select.value;
  const settle = () => {
    moving = false;
    if (select.value !== applied) {
      applied = select.value;
      apply();
    }
  };
  select.addEventListener('focus', () => { applied = select.value; });
  select.addEventListener('keydown', (e) => {
    if (kMovingKeys.includes(e.key) && !e.altKey) moving = true;
    else if (e.key === 'Enter' && moving) settle();
  });
  select.addEventListener('change', () => {
    if (moving) return;
    applied = select.value;
    apply();
  });
  select.addEventListener('blur', () => { if (moving) settle(); });
}
