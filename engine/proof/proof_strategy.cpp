#include "proof_strategy.hpp"

#include "engine/core/symmetry.hpp"

namespace qubic {

void ProofStrategy::add(const Position& pos, int move) {
  const CanonicalForm form = canonical(pos);
  moves_.emplace(std::pair{form.x, form.o},
                 static_cast<std::uint8_t>(mapCell(form.symmetry, move)));
}

int ProofStrategy::moveFor(const Position& pos) const {
  const CanonicalForm form = canonical(pos);
  const auto it = moves_.find({form.x, form.o});
  return it == moves_.end() ? -1 : mapCell(inverse(form.symmetry), it->second);
}

}  // namespace qubic
