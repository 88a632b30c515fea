// What each cell shows: a stone, a highlight, or (on empty cells) a threat or overlay mark.
// Every distinction has its own characters as well as its colour, so it reads on a
// monochrome terminal too.
#pragma once

#include <array>
#include <optional>

#include "analysis.hpp"
#include "engine/core/position.hpp"

namespace qubic::tui {

enum class Style : std::uint8_t { Normal, Dim, X, O, Highlight, Win, Loss, Title, Error };

struct CellLook {
  std::array<char, 3> text{' ', '.', ' '};
  Style style = Style::Dim;
  bool bold = false;
};

struct BoardMarks {
  bool threats = false;                    // threes "!x!" and double-threat cells "+x+"
  const BoardAnalysis* overlay = nullptr;  // W / L / = / ? on empty cells when set
  int linesThrough = -1;  // a cell: the empty cells on its lines show " - ", its stones bold
};

// Stones: " X " / " O "; the last move "[X]"; a winning line "=X="; empty " . ";
// an empty cell on a line through marks.linesThrough " - ".
std::array<CellLook, 64> boardLook(const Position& pos, int lastMove, const BoardMarks& marks);

}  // namespace qubic::tui
