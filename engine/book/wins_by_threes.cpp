#include "wins_by_threes.hpp"

#include <algorithm>
#include <span>

#include "engine/core/symmetry.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threats.hpp"

namespace qubic {

WinsByThrees::WinsByThrees(std::size_t threatEntries, std::size_t maxAnswers)
    : answers_(std::make_shared<Answers>()), threats_(threatEntries) {
  answers_->maxPerShard = maxAnswers ? std::max<std::size_t>(maxAnswers / Answers::kShards, 1) : 0;
}

WinsByThrees::WinsByThrees(ShareAnswersOf share, std::size_t threatEntries)
    : answers_(share.owner.answers_), threats_(threatEntries) {}

bool WinsByThrees::operator()(const Position& pos) {
  const ClassKey key = classKeyOf(pos);
  Answers::Shard& shard = answers_->of(key);
  {
    const std::scoped_lock hold(shard.lock);
    if (const auto it = shard.known.find(key); it != shard.known.end()) return it->second;
  }
  const ThreatResult forced = threats_.forcedWin(pos, Side::X, {});
  const std::span<const std::uint8_t> line(forced.sequence.data(),
                                           static_cast<std::size_t>(forced.length));
  const bool wins = forced.win && checkForcingWin(pos, Side::X, line).empty();
  const std::scoped_lock hold(shard.lock);
  if (answers_->maxPerShard && shard.known.size() >= answers_->maxPerShard) shard.known.clear();
  shard.known.emplace(key, wins);
  return wins;
}

bool WinsByThrees::beaten(const Position& pos) { return threatCells(pos, Side::X) || (*this)(pos); }

}  // namespace qubic
