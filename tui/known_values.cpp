#include "known_values.hpp"

#include "engine/core/notation.hpp"

namespace qubic::tui {

void KnownValues::add(const Position& pos, const ProvenValue& value, bool checked) {
  if (value.kind == ValueKind::Unknown) return;
  std::lock_guard lock(mutex_);
  Entry& entry = values_[positionString(pos)];
  if (entry.checked && !checked) return;
  entry = Entry{value, checked};
  if (cache_ && (value.kind == ValueKind::Win || value.kind == ValueKind::Loss))
    cache_->add(pos, {value.kind == ValueKind::Win ? pos.sideToMove() : opponent(pos.sideToMove()),
                      value.plies});
}

std::optional<ProvenValue> KnownValues::find(const Position& pos, bool checkedOnly) const {
  if (table_)
    if (std::optional<ProvenValue> v = tableValue(*table_, pos)) return v;
  std::lock_guard lock(mutex_);
  const auto it = values_.find(positionString(pos));
  if (it != values_.end() && (!checkedOnly || it->second.checked)) return it->second.value;
  if (checkedOnly || !cache_) return std::nullopt;
  const std::optional<StoredValue> kept = cache_->find(pos);
  if (!kept) return std::nullopt;
  ProvenValue v;
  v.kind = kept->winner == pos.sideToMove() ? ValueKind::Win : ValueKind::Loss;
  v.plies = kept->plies;
  return v;
}

void KnownValues::connect(ReviewOptions& options) {
  options.known = [this](const Position& pos) { return find(pos, true); };
  options.learned = [this](const Position& pos, const ProvenValue& v) { add(pos, v, true); };
  options.winnerHint = [this](const Position& pos) -> std::optional<Side> {
    const std::optional<ProvenValue> v = find(pos, false);
    if (!v || (v->kind != ValueKind::Win && v->kind != ValueKind::Loss)) return std::nullopt;
    return v->kind == ValueKind::Win ? pos.sideToMove() : opponent(pos.sideToMove());
  };
}

}  // namespace qubic::tui
