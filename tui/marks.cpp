#include "marks.hpp"

#include "engine/core/lines.hpp"
#include "engine/threats/threats.hpp"

namespace qubic::tui {

namespace {

CellLook threatLook(Bitboard cell, const std::array<Bitboard, 2>& threes,
                    const std::array<Bitboard, 2>& doubles) {
  CellLook look;
  const bool x3 = threes[0] & cell, o3 = threes[1] & cell;
  const bool x2 = doubles[0] & cell, o2 = doubles[1] & cell;
  if (x3 || o3) {
    look.text = {'!', x3 && o3 ? '*' : x3 ? 'x' : 'o', '!'};
    look.style = x3 && o3 ? Style::Highlight : x3 ? Style::X : Style::O;
    look.bold = true;
  } else if (x2 || o2) {
    look.text = {'+', x2 && o2 ? '*' : x2 ? 'x' : 'o', '+'};
    look.style = x2 && o2 ? Style::Highlight : x2 ? Style::X : Style::O;
  }
  return look;
}

CellLook overlayLook(const MoveJudgement& j) {
  CellLook look;
  switch (j.value) {
    case MoveValue::Win:
      look = {{' ', 'W', ' '}, Style::Win, true};
      break;
    case MoveValue::Loss:
      look = {{' ', 'L', ' '}, Style::Loss, true};
      break;
    case MoveValue::Draw:
      look = {{' ', '=', ' '}, Style::Normal, false};
      break;
    case MoveValue::Unknown:
      look = {{' ', '?', ' '}, Style::Dim, false};
      break;
    case MoveValue::Pending:
      break;  // still being judged: plain empty
  }
  return look;
}

}  // namespace

std::array<CellLook, 64> boardLook(const Position& pos, int lastMove, const BoardMarks& marks) {
  std::array<CellLook, 64> looks{};
  const Bitboard winning = pos.winningCells();
  std::array<Bitboard, 2> threes{}, doubles{};
  if (marks.threats && !pos.isGameOver())
    for (Side s : {Side::X, Side::O}) {
      threes[index(s)] = threatCells(pos, s);
      doubles[index(s)] = doubleThreatCells(pos, s);
    }
  Bitboard onLines = 0;
  if (marks.linesThrough >= 0) {
    for (int i = 0; i < kLineTables.lineCount[marks.linesThrough]; ++i)
      onLines |= lineMask(kLineTables.linesThrough[marks.linesThrough][i]);
    onLines &= ~bit(marks.linesThrough);  // the cell itself shows the cursor
  }
  for (int cell = 0; cell < kCells; ++cell) {
    CellLook& look = looks[cell];
    const Bitboard b = bit(cell);
    if (pos.stones(Side::X) & b || pos.stones(Side::O) & b) {
      const bool isX = pos.stones(Side::X) & b;
      look.text = {' ', isX ? 'X' : 'O', ' '};
      look.style = isX ? Style::X : Style::O;
      if (winning & b) {
        look.text = {'=', look.text[1], '='};  // in a row: =O==O==O==O=, a line
        look.style = Style::Highlight;
        look.bold = true;
      } else if (cell == lastMove) {
        look.text = {'[', look.text[1], ']'};
        look.bold = true;
      }
      if (onLines & b) look.bold = true;
    } else {
      // Both on: the overlay's letter inside the threat mark's brackets ("!L!"), so
      // neither hides the other.
      const CellLook threat = marks.threats ? threatLook(b, threes, doubles) : CellLook{};
      const CellLook value =
          marks.overlay && !pos.isGameOver() ? overlayLook(marks.overlay->cells[cell]) : CellLook{};
      look = value.text[1] != '.' ? value : threat;
      if (value.text[1] != '.' && threat.text[0] != ' ')
        look.text = {threat.text[0], value.text[1], threat.text[2]};
      if ((onLines & b) && look.text[1] == '.') look = {{' ', '-', ' '}, Style::Highlight, false};
    }
  }
  return looks;
}

}  // namespace qubic::tui
