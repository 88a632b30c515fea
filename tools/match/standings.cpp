#include "standings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace qubic::match {

namespace {

std::string printed(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string padded(const std::string& text, std::size_t width, bool right = true) {
  // Counts characters, not bytes, so "±" does not upset the columns.
  std::size_t shown = 0;
  for (unsigned char c : text) shown += (c & 0xc0) != 0x80;
  const std::string fill(width > shown ? width - shown : 0, ' ');
  return right ? fill + text : text + fill;
}

}  // namespace

std::string eloText(const EloEstimate& e) {
  // Rounded first, so that a tiny negative value does not print as "-0.0".
  const double shown = std::round(e.elo * 10) / 10 + 0.0;
  const std::string elo =
      std::isinf(e.elo) ? (e.elo > 0 ? "+inf" : "-inf") : printed("%+.1f", shown);
  if (std::isinf(e.elo)) return elo;
  return elo + " ± " + (std::isinf(e.errorBar) ? std::string("inf") : printed("%.1f", e.errorBar));
}

std::string percentText(double fraction) { return printed("%.1f %%", 100 * fraction); }

Standings::Standings(std::vector<std::string> names)
    : names_(std::move(names)), pairs_(names_.size() * names_.size()) {}

void Standings::add(int x, int o, GameResult result) {
  const std::size_t n = names_.size();
  Score& xView = pairs_[static_cast<std::size_t>(x) * n + static_cast<std::size_t>(o)];
  Score& oView = pairs_[static_cast<std::size_t>(o) * n + static_cast<std::size_t>(x)];
  switch (result) {
    case GameResult::XWins:
      ++xView.wins, ++oView.losses;
      break;
    case GameResult::OWins:
      ++xView.losses, ++oView.wins;
      break;
    case GameResult::Draw:
      ++xView.draws, ++oView.draws;
      break;
    case GameResult::Unfinished:
      return;  // not a result a finished game can have
  }
  ++games_;
}

Score Standings::headToHead(int a, int b) const {
  return pairs_[static_cast<std::size_t>(a) * names_.size() + static_cast<std::size_t>(b)];
}

Score Standings::total(int engine) const {
  Score sum;
  for (int other = 0; other < engineCount(); ++other) sum += headToHead(engine, other);
  return sum;
}

std::string Standings::table() const {
  std::vector<int> order(names_.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return total(a).points() - total(a).games() * 0.5 > total(b).points() - total(b).games() * 0.5;
  });
  std::size_t nameWidth = 6;
  for (const std::string& n : names_) nameWidth = std::max(nameWidth, n.size());
  std::string out = padded("rank", 4) + "  " + padded("engine", nameWidth, false) +
                    "  games   wins losses  draws" + "     score  " + padded("Elo", 17) +
                    "     LOS\n";
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    const Score s = total(order[rank]);
    out += padded(std::to_string(rank + 1), 4) + "  " +
           padded(name(order[rank]), nameWidth, false) + padded(std::to_string(s.games()), 7) +
           padded(std::to_string(s.wins), 7) + padded(std::to_string(s.losses), 7) +
           padded(std::to_string(s.draws), 7) + padded(percentText(s.fraction()), 10) + "  " +
           padded(eloText(estimateElo(s)), 17) +
           padded(percentText(likelihoodOfSuperiority(s)), 8) + "\n";
  }
  return out;
}

std::string Standings::crossTable() const {
  std::size_t width = 8;
  for (const std::string& n : names_) width = std::max(width, n.size() + 1);
  std::string out = padded("", width, false);
  for (const std::string& n : names_) out += padded(n, width);
  out += "\n";
  for (int a = 0; a < engineCount(); ++a) {
    out += padded(name(a), width, false);
    for (int b = 0; b < engineCount(); ++b) {
      const Score s = headToHead(a, b);
      // "-" on the diagonal, "." for engines that have not met.
      out += padded(a == b           ? "-"
                    : s.games() == 0 ? "."
                                     : std::to_string(s.wins) + "-" + std::to_string(s.losses) +
                                           "-" + std::to_string(s.draws),
                    width);
    }
    out += "\n";
  }
  return out;
}

}  // namespace qubic::match
