// The game's moves as buttons (issue 70): a click shows the position after that move, the
// arrow keys step through the game and Esc goes back to it (app.js wires the keys); the move
// shown is marked. Two moves to a line, X's and O's, as the list has always read.
export class MoveList {
  constructor(list, onView) {
    this.list = list;
    list.addEventListener('click', (event) => {
      const move = event.target.closest('button.move');
      if (move) onView(Number(move.dataset.ply));
    });
  }

  // `viewed`: the ply shown (1 = after the first move), or null for the game as it is;
  // `verdicts`: ply -> a review's line, whose mark ('?' a mistake, '!' the only move) and
  // words the move shows.
  draw(moves, viewed, verdicts = {}, markOf = () => '') {
    this.list.textContent = '';
    for (let i = 0; i < moves.length; i += 2) {
      const item = document.createElement('li');
      moves.slice(i, i + 2).forEach((token, j) => {
        if (j) item.append(' ');
        const move = document.createElement('button');
        move.type = 'button';
        move.className = 'move';
        move.textContent = token;
        move.dataset.ply = String(i + j + 1);
        move.tabIndex = -1;  // the arrows step through them; Tab goes on to the controls
        if (viewed === i + j + 1) move.classList.add('viewed');
        const verdict = verdicts[i + j + 1];
        if (verdict) {
          move.textContent += markOf(verdict);
          move.dataset.verdict = verdict.verdict;
          move.title = verdict.words;
          move.setAttribute('aria-label', token + ': ' + verdict.words);
        }
        item.append(move);
      });
      this.list.appendChild(item);
    }
  }
}
