#include "reference.hpp"

#include "engine/core/notation.hpp"
#include "engine/threats/threats.hpp"

namespace qubic {

namespace {

AnchorMove greedyMove(const Position& pos, std::mt19937_64& rng) {
  const Side us = pos.sideToMove(), them = opponent(us);
  const struct {
    Bitboard cells;
    const char* why;
  } rules[] = {
      {threatCells(pos, us), "completes a line at "},
      {threatCells(pos, them), "blocks the three at "},
      {doubleThreatCells(pos, us), "makes a double threat at "},
      {doubleThreatCells(pos, them), "takes the opponent's double-threat cell "},
      {threeMakingCells(pos, us), "makes a three at "},
      {pos.emptyCells(), "a random cell, "},
  };
  for (const auto& rule : rules)
    if (rule.cells) {
      const int cell = randomCell(rule.cells, rng);
      return {cell, rule.why + moveToken(cell)};
    }
  return {};  // unreachable: the game is not over, so a cell is empty
}

}  // namespace

std::optional<Reference> referenceNamed(std::string_view name) {
  if (name == "none") return Reference::None;
  if (name == "random") return Reference::Random;
  if (name == "greedy") return Reference::Greedy;
  return std::nullopt;
}

AnchorMove referenceMove(Reference reference, const Position& pos, std::mt19937_64& rng) {
  if (reference == Reference::Greedy) return greedyMove(pos, rng);
  const int cell = randomCell(pos.emptyCells(), rng);
  return {cell, "a random cell, " + moveToken(cell)};
}

}  // namespace qubic
