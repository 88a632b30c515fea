// Drawing the board: the cube (four planes in CSS 3D, turned by dragging) and the four
// planes side by side. Both show the same cells; a click on either gives the cell's
// token. Cell (x, y, z): file a-d, rank 1-4, level 1-4; index 16(z-1) + 4(y-1) + x.

export const kCells = 64;

export function tokenOf(index) {
  const z = Math.floor(index / 16) + 1, y = Math.floor((index % 16) / 4) + 1, x = index % 4;
  return String(z) + 'abcd'[x] + String(y);
}

// The index of a token (`2c3`, any case) or of a bare index; null when it is neither.
export function indexOf(token) {
  const t = String(token).trim().toLowerCase();
  if (/^\d+$/.test(t)) return Number(t) < kCells ? Number(t) : null;
  const m = t.match(/^([1-4])([a-d])([1-4])$/);
  if (!m) return null;
  return 16 * (Number(m[1]) - 1) + 4 * (Number(m[3]) - 1) + 'abcd'.indexOf(m[2]);
}

const kDefaultTurn = {x: 58, z: -32, scale: 1};

// How far apart two pointers are (a pinch).
function spread(pointers) {
  const [a, b] = [...pointers.values()];
  return Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
}

export class BoardView {
  // `onCell(token)` is called when a cell is clicked in either view.
  constructor(cubeElement, flatElement, onCell) {
    this.cells = {cube: [], flat: []};
    this.turn = {...kDefaultTurn};
    this.onCell = onCell;
    this.buildCube(cubeElement);
    this.buildFlat(flatElement);
  }

  makeCell(view, index) {
    const cell = document.createElement('button');
    cell.className = 'cell';
    cell.type = 'button';
    cell.dataset.token = tokenOf(index);
    cell.dataset.view = view;
    cell.title = tokenOf(index);
    cell.setAttribute('aria-label', tokenOf(index) + ', empty');
    cell.addEventListener('click', () => this.onCell(tokenOf(index)));
    // Issue 70, 9: the keyboard reaches the board in one Tab: the planes' cells take turns
    // as the one in the tab order (the cursor), arrows move it (PageUp and PageDown change
    // the level), Enter or Space plays; the cube's cells are for the mouse.
    cell.tabIndex = view === 'flat' && index === 0 ? 0 : -1;
    if (view === 'flat') cell.addEventListener('keydown', (e) => this.moveCursor(e, index));
    this.cells[view][index] = cell;
    return cell;
  }

  moveCursor(event, index) {
    const steps = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: 4, ArrowDown: -4, PageUp: 16, PageDown: -16};
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const along = Math.abs(step) === 1 ? index % 4 : Math.abs(step) === 4 ? (index >> 2) % 4 : index >> 4;
    const to = along + Math.sign(step);
    if (to < 0 || to > 3) return;
    const next = this.cells.flat[index + step];
    this.cells.flat[index].tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  }

  // A plane's 16 cells, rank 4 at the top as on paper.
  fillPlane(plane, view, level) {
    for (let y = 3; y >= 0; --y)
      for (let x = 0; x < 4; ++x) plane.appendChild(this.makeCell(view, 16 * level + 4 * y + x));
  }

  // A plane of the side-by-side view with its coordinates as on paper: the ranks 4 to 1
  // down the left, the files a to d along the bottom.
  fillFlatPlane(grid, level) {
    const label = (text) => {
      const span = document.createElement('span');
      span.className = 'coordinate';
      span.textContent = text;
      span.setAttribute('aria-hidden', 'true');
      grid.appendChild(span);
    };
    for (let y = 3; y >= 0; --y) {
      label(String(y + 1));
      for (let x = 0; x < 4; ++x) grid.appendChild(this.makeCell('flat', 16 * level + 4 * y + x));
    }
    label('');
    for (const file of 'abcd') label(file);
  }

  buildCube(element) {
    this.scene = document.createElement('div');
    this.scene.className = 'scene';
    for (let level = 0; level < 4; ++level) {
      const plane = document.createElement('div');
      plane.className = 'plane';
      plane.style.setProperty('--level', String(level));
      this.fillPlane(plane, 'cube', level);
      const label = document.createElement('span');
      label.className = 'plane-label';
      label.textContent = String(level + 1);
      plane.appendChild(label);
      this.scene.appendChild(plane);
    }
    element.appendChild(this.scene);
    this.applyTurn();
    // Dragging turns the cube all the way round, either way; two fingers (or the wheel)
    // bring it nearer or further. A drag is not a click on a cell.
    const pointers = new Map();
    let from = null, pinch = null;
    element.addEventListener('pointerdown', (e) => {
      pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
      if (pointers.size === 2) {
        from = null;
        pinch = {distance: spread(pointers), scale: this.turn.scale};
      } else {
        from = {x: e.clientX, y: e.clientY, turn: {...this.turn}, moved: false};
      }
    });
    window.addEventListener('pointermove', (e) => {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
      if (pinch && pointers.size === 2) return this.zoom(pinch.scale * spread(pointers) / pinch.distance);
      if (!from) return;
      const dx = e.clientX - from.x, dy = e.clientY - from.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) from.moved = true;
      if (!from.moved) return;
      this.turn.z = (from.turn.z + dx * 0.4) % 360;
      this.turn.x = (from.turn.x - dy * 0.4) % 360;
      this.applyTurn();
    });
    const end = (e) => {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (from && from.moved) {
        // Swallow the click that ends a drag.
        const swallow = (event) => event.stopPropagation();
        window.addEventListener('click', swallow, {capture: true, once: true});
        setTimeout(() => window.removeEventListener('click', swallow, {capture: true}), 0);
      }
      from = null;
    };
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    element.addEventListener('wheel', (e) => {
      e.preventDefault();
      this.zoom(this.turn.scale * (e.deltaY < 0 ? 1.1 : 1 / 1.1));
    }, {passive: false});
  }

  zoom(scale) {
    this.turn.scale = Math.max(0.5, Math.min(1.8, scale));
    this.applyTurn();
  }

  resetTurn() {
    this.turn = {...kDefaultTurn};
    this.applyTurn();
  }

  applyTurn() {
    this.scene.style.transform =
        `scale(${this.turn.scale}) rotateX(${this.turn.x}deg) rotateZ(${this.turn.z}deg)`;
  }

  buildFlat(element) {
    for (let level = 0; level < 4; ++level) {
      const box = document.createElement('div');
      box.className = 'flat-plane';
      const title = document.createElement('div');
      title.className = 'flat-title';
      title.textContent = 'Level ' + (level + 1);
      const grid = document.createElement('div');
      grid.className = 'flat-grid';
      grid.setAttribute('role', 'group');
      grid.setAttribute('aria-label', 'Level ' + (level + 1));
      this.fillFlatPlane(grid, level);
      box.appendChild(title);
      box.appendChild(grid);
      element.appendChild(box);
    }
  }

  // stones: index -> 'x' | 'o'; marks: {last, hint, line: [indices], values: index -> class}
  draw(stones, marks) {
    for (const view of ['cube', 'flat'])
      for (let i = 0; i < kCells; ++i) {
        const cell = this.cells[view][i];
        const stone = stones[i] || '';
        cell.dataset.stone = stone;
        cell.textContent = view === 'flat' ? stone.toUpperCase() : '';
        cell.classList.toggle('last', marks.last === i);
        cell.classList.toggle('hint', marks.hint === i);
        cell.classList.toggle('line', (marks.line || []).includes(i));
        const value = (marks.values || {})[i];
        cell.dataset.value = value ? value.kind : '';
        cell.dataset.distance = value ? String(value.distance) : '';
        if (view === 'flat') cell.setAttribute('aria-label', spokenCell(i, stone, marks, value));
      }
  }
}

// What a screen reader says of a cell: its token, its stone and what the board marks on it.
function spokenCell(index, stone, marks, value) {
  const words = [tokenOf(index), stone ? stone.toUpperCase() : 'empty'];
  if (marks.last === index) words.push('last move');
  if ((marks.line || []).includes(index)) words.push('winning line');
  if (marks.hint === index) words.push('hint');
  if (value) words.push((value.kind === 'win' ? 'wins' : 'loses') + ' within ' + value.distance +
                        (value.distance === 1 ? ' move' : ' moves'));
  return words.join(', ');
}
