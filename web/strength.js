// The engine's strength controls: the level list built from the engine's own option line
// (each level's rating and words from `query level N`), or a rating, Stockfish's
// LimitStrength and Elo, where the engine offers them. Puzzles and survival are against the
// engine's full strength: the controls are off then.
import {$} from './dom.js';

// The option lines of the strength the player chose.
export function strengthLines(engine) {
  const lines = [];
  if (engine.options.Level) lines.push('setoption name Level value ' + $('level').value);
  if (engine.options.LimitStrength && engine.options.Elo) {
    const byElo = $('by-elo').checked;
    lines.push('setoption name LimitStrength value ' + byElo);
    if (byElo) lines.push('setoption name Elo value ' + $('elo').value);
  }
  return lines;
}

// The option lines of the engine's full strength.
export function fullStrength(engine) {
  const lines = [];
  if (engine.options.Level) lines.push('setoption name Level value ' + engine.options.Level.max);
  if (engine.options.LimitStrength) lines.push('setoption name LimitStrength value false');
  return lines;
}

export async function setLevel(ugi, engine) {
  await ugi.request([...strengthLines(engine), 'isready'], (l) => l === 'readyok');
}

// How a record names the engine's strength: "level 6", "rating 500".
export function strengthWords(engine, fullStrengthPlays) {
  if (fullStrengthPlays && engine.options.Level) return 'level ' + engine.options.Level.max;
  return $('by-elo').checked && !$('elo-box').hidden ? 'rating ' + $('elo').value
                                                     : 'level ' + $('level').value;
}

// The level list, each level with its rating and words where the engine gives them.
export async function buildLevels(ugi, options) {
  const level = options.Level;
  const select = $('level');
  select.textContent = '';
  if (!level) {
    select.disabled = true;
    return;
  }
  // Issue 85, 4: a level the player moves to while the list fills (by an arrow key, which
  // onChoice applies only on Enter or leaving the list) is the player's, not replaced below.
  let moved = false;
  const move = () => { moved = true; };
  select.addEventListener('input', move);
  for (let n = Number(level.min); n <= Number(level.max); ++n) {
    const option = document.createElement('option');
    option.value = String(n);
    const info = await ugi.levelInfo(n);
    // "Level 6 Steady (Elo 655)"; the words after the name go below the list.
    const name = info ? info.words.split(':')[0] : '';
    option.textContent = 'Level ' + n + (info ? ' ' + name + ' (Elo ' + info.elo + ')' : '');
    if (info) option.title = info.words;
    select.appendChild(option);
  }
  select.removeEventListener('input', move);
  // A newcomer starts where the terminal game starts one ([tui] level, 6), not at the
  // engine's full strength; after that at the level chosen last (kept in this browser).
  const newcomer = String(Math.min(Number(level.max), Math.max(Number(level.min), 6)));
  const kept = localStorage.getItem('qubic.level');
  if (!moved) select.value = select.dataset.wanted || kept || newcomer;
  if (select.value === '') select.value = newcomer;  // a kept level this engine lacks
  showLevelWords();
}

export function showLevelWords() {
  const chosen = $('level').selectedOptions[0];
  $('level-words').textContent = chosen && chosen.title ? chosen.title : '';
}

// The rating control, where the engine offers LimitStrength and Elo.
export function buildElo(engine, fullStrengthPlays) {
  const elo = engine.options.Elo;
  $('elo-box').hidden = !(elo && engine.options.LimitStrength);
  if (elo && !$('elo').value) {
    Object.assign($('elo'), {min: elo.min, max: elo.max, value: elo.default});
    // The rating chosen last in this browser, where this engine's range has it.
    const kept = Number(localStorage.getItem('qubic.rating') || NaN);
    if (engine.options.LimitStrength && Number.isInteger(kept) && kept >= Number(elo.min) &&
        kept <= Number(elo.max)) {
      $('elo').value = $('elo').dataset.applied = String(kept);
      $('by-elo').checked = true;
    }
  }
  showStrengthMode(engine, fullStrengthPlays);
}

// Issue 70, 7: the level list is off while the rating rules (and both while a puzzle or
// survival plays at full strength).
export function showStrengthMode(engine, fullStrengthPlays) {
  if (!engine) return;
  $('level').disabled = $('by-elo').checked || !engine.options.Level || fullStrengthPlays;
  $('by-elo').disabled = $('elo').disabled = fullStrengthPlays;
  if (fullStrengthPlays)
    $('level-words').textContent = 'Puzzles and survival are against the engine\'s full strength.';
  else showLevelWords();
}

// Issue 70, 7: a rating outside the engine's range is refused with a word (the box had
// taken 99999); the box goes back to the rating the engine has.
export function ratingChosen(engine, say) {
  const elo = engine.options.Elo, box = $('elo');
  const value = Number(box.value);
  if (!elo || (Number.isInteger(value) && value >= Number(elo.min) && value <= Number(elo.max)))
    return true;
  say('The rating is a whole number from ' + elo.min + ' to ' + elo.max + '; ' +
      'the engine keeps the one before.', 'error');
  box.value = box.dataset.applied || elo.default;
  return false;
}
