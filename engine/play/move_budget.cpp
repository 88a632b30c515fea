#include "move_budget.hpp"

#include <algorithm>

#include "timeman.hpp"

namespace qubic {

namespace {

using std::chrono::milliseconds;

// The forcing-sequence search at the root: small enough to take a few milliseconds.
constexpr std::uint64_t kRootThreatNodes = 200000;
constexpr std::uint64_t kThreatNodesPerMs = 20000;
// Each proof search's limit when the caller gives no limit at all (go infinite), so that
// the heuristic search still gets its turn. A search bounded by nodes or depth is bounded
// by them alone: a clock would make it answer differently on a loaded machine...
constexpr milliseconds kUntimedProofTime{1000};
// ...and when it limits the depth, which asks for a quick answer.
constexpr std::uint64_t kDepthLimitedProofNodes = 50000;

}  // namespace

MoveBudget::MoveBudget(const MoveLimits& limits, Clock::time_point began)
    : limits_(limits), began_(began) {
  // At most a year, so that the deadline cannot overflow the clock's time points.
  const double moveMs = std::min(static_cast<double>(limits.moveTime.count()), 365 * 24 * 3600e3);
  // MultiPV: the rest judges the other moves. An eighth for the move itself: the values
  // of all the moves are what was asked, and its search's table serves them too
  // (qubic-bench analysis proved the most moves with an eighth, of 1/2, 1/4, 1/8, 1/20).
  const double share = limits.multiPv > 1 ? 0.125 : 1.0;
  deadline_ = began + milliseconds(std::max<long long>(1, static_cast<long long>(moveMs * share)));
  maxNodes_ =
      limits.maxNodes == UINT64_MAX
          ? UINT64_MAX
          : std::max<std::uint64_t>(
                1, static_cast<std::uint64_t>(static_cast<double>(limits.maxNodes) * share));
}

void MoveBudget::startSearching(Clock::time_point now) {
  searchStart_ = now;
  searchMs_ = std::chrono::duration_cast<milliseconds>(deadline_ - now).count();
}

ThreatLimits MoveBudget::rootThreats() const {
  ThreatLimits t;
  const std::uint64_t cap = std::min(kRootThreatNodes, std::max<std::uint64_t>(maxNodes_, 1));
  t.maxNodes = std::clamp<std::uint64_t>(
      static_cast<std::uint64_t>(std::max<long long>(searchMs_, 0)) * kThreatNodesPerMs,
      std::min<std::uint64_t>(1000, cap), cap);
  t.stop = limits_.stop;
  return t;
}

void MoveBudget::untimedProof(SearchLimits& s) const {
  if (limits_.moveTime < kNoTimeLimit) return;
  if (limits_.maxNodes != UINT64_MAX || limits_.maxDepth > 0)
    s.maxTime = milliseconds::max();  // repeatable: the nodes alone end it
  else
    s.maxTime = std::min(s.maxTime, kUntimedProofTime);
}

SearchLimits MoveBudget::ourProof(std::uint64_t spent) const {
  SearchLimits s;
  const double half = kProofShare / 2;
  s.maxTime = std::max(milliseconds(1),
                       milliseconds(static_cast<long long>(static_cast<double>(searchMs_) * half)));
  s.maxNodes = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(static_cast<double>(nodesLeft(spent)) * half));
  if (limits_.maxDepth > 0) s.maxNodes = std::min(s.maxNodes, kDepthLimitedProofNodes);
  untimedProof(s);
  s.stop = limits_.stop;
  return s;
}

SearchLimits MoveBudget::theirProof(std::uint64_t spent, const SearchLimits& ours) const {
  SearchLimits s;
  const auto now = Clock::now();
  const auto proofEnd =
      searchStart_ +
      milliseconds(static_cast<long long>(static_cast<double>(searchMs_) * kProofShare));
  const auto timeLeft =
      std::max(milliseconds(1), std::chrono::duration_cast<milliseconds>(deadline_ - now));
  s.maxTime =
      std::max(milliseconds(1),
               std::min(timeLeft, std::chrono::duration_cast<milliseconds>(proofEnd - now)));
  s.maxNodes = std::max<std::uint64_t>(1, std::min(nodesLeft(spent), ours.maxNodes));
  untimedProof(s);
  s.stop = limits_.stop;
  return s;
}

}  // namespace qubic
