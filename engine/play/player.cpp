#include "player.hpp"

#include <algorithm>
#include <bit>
#include <optional>
#include <random>
#include <stdexcept>

#include "anchor.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/splitmix.hpp"
#include "engine/proof/pns.hpp"
#include "engine/proof/solver.hpp"
#include "engine/threats/move_value.hpp"
#include "engine/threats/quiet_win.hpp"
#include "engine/threats/threat_search.hpp"
#include "engine/threats/threats.hpp"
#include "move_budget.hpp"
#include "multipv.hpp"
#include "reasons.hpp"
#include "search.hpp"
#include "strategy.hpp"
#include "timeman.hpp"

namespace qubic {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Bounding an opponent's win that no proof measured: a threat search this large.
constexpr std::uint64_t kWinBoundThreatNodes = 200000;
// A lost position's practical defence: the threat search of the opponent's forcing
// sequence after each of our moves.
constexpr std::uint64_t kDefenceThreatNodes = 20000;
// ... and, among the moves it leaves, each threat search of the opponent's quiet wins.
constexpr std::uint64_t kQuietWinThreatNodes = 2000;

// The seed of the k-th game (k > 0) after `seed` was set: the k-th number of the splitmix64
// sequence from `seed`, so that neighbouring seeds and games give unrelated streams.
std::uint64_t gameSeed(std::uint64_t seed, std::uint64_t k) {
  std::uint64_t state = seed + (k - 1) * 0x9e3779b97f4a7c15ULL;
  return splitmix64(state);
}

}  // namespace

struct Player::Impl {
  std::mt19937_64 rng;
  Solver solver;         // the proof searches, on options.threads threads, and their table
  ThreatSearch threats;  // the player's own forcing-sequence searches
  HeuristicSearch heuristic;
  MultiPv multiPv;  // the MultiPV lines, over the searches above
  Strategy elementary, planar, forcing;
  Clock::time_point started;  // when the current choose() began, for the progress reports

  Impl(const PlayerOptions& o)
      : rng(o.seed),
        solver(solverOptions(o)),
        threats(threatEntries(o)),
        heuristic(searchTableMb(o), threatEntries(o)),
        multiPv(solver, heuristic, storeEntries(o)),
        elementary(Tier::Elementary, o.seed),
        planar(Tier::Planar, o.seed),
        forcing(Tier::Forcing, o.seed, threatEntries(o)) {}

  // Every source of randomness follows the seed: the tiers' preset orders too.
  void reseed(std::uint64_t seed) {
    rng.seed(seed);
    for (Strategy* tier : {&elementary, &planar, &forcing}) tier->reseed(seed);
  }

  std::size_t bytes() const {
    return solver.bytes() + threats.tableBytes() + heuristic.bytes() + forcing.bytes() +
           multiPv.bytes();
  }

  int hashfull() const { return static_cast<int>(solver.table().fill() * 1000); }
  // The first proof search: its table answers what the solves proved.
  ProofSearch& proofs() { return solver.search(); }
  PnsResult prove(const Position& pos, Side attacker, const SearchLimits& l) {
    SolveLimits limits;
    limits.seconds = std::chrono::duration<double>(l.maxTime).count();
    limits.maxNodes = l.maxNodes;
    limits.stop = l.stop;
    return solver.prove(pos, attacker, limits);
  }

  // All of the player's tables come out of PlayerOptions::hashMb: a quarter for the
  // heuristic search, a thirty-second for each of its four threat searches (the player's,
  // the heuristic search's, the forcing tier's and the proof search's, which its helper
  // threads share), a sixty-fourth for the proven values MultiPV keeps, the rest, at least
  // 1 MB, for the proof table.
  static constexpr std::size_t kThreatTables = 4;
  static std::size_t threatEntries(const PlayerOptions& o) {
    const std::size_t entries = (o.hashMb << 20) / 32 / sizeof(std::uint64_t);
    return std::clamp<std::size_t>(std::bit_floor(std::max<std::size_t>(entries, 1)),
                                   std::size_t{1} << 12, std::size_t{1} << 18);
  }
  static std::size_t searchTableMb(const PlayerOptions& o) { return o.hashMb / 4; }
  // The proven values kept for MultiPV's later looks: a sixty-fourth of the budget.
  static std::size_t storeEntries(const PlayerOptions& o) {
    return std::bit_floor(
        std::max<std::size_t>((o.hashMb << 20) / 64 / ProvenStore::kEntryBytes, 2));
  }

  static SolverOptions solverOptions(const PlayerOptions& o) {
    SolverOptions s;
    s.threads = std::clamp(o.threads, 1, kMaxSolveThreads);
    const std::size_t others = (searchTableMb(o) << 20) +
                               kThreatTables * threatEntries(o) * sizeof(std::uint64_t) +
                               storeEntries(o) * ProvenStore::kEntryBytes;
    s.tableMb =
        std::max<std::size_t>(1, ((o.hashMb << 20) - std::min(o.hashMb << 20, others)) >> 20);
    s.threatEntries = threatEntries(o);
    s.quickFirst = false;    // the player's table is small and kept between moves
    s.searchesApart = true;  // MultiPV proves a move per thread
    return s;
  }

  MoveChoice fromStrategy(Strategy& s, const Position& pos) {
    const StrategyMove m = s.choose(pos);
    MoveChoice c;
    c.move = m.move;
    c.reason = m.reason;
    return c;
  }

  std::optional<MoveChoice> fromBook(const Position& pos, const Book& book,
                                     const MoveLimits& limits);
  int opponentWinBound(const Position& pos, int move, const MoveLimits& limits);
  std::optional<MoveChoice> quickestKnownWin(const Position& pos, ThreatLimits limits,
                                             std::uint64_t& nodes);
  // The move cascade, each stage a function: decided at once (a win, or a lost position),
  // the book, a forced win by threes (or the one block), the proof searches, the
  // heuristic search. `book`: the opening book to play from, or null.
  MoveChoice think(const Position& pos, const Book* book, MoveBudget& budget,
                   const MoveLimits& limits, const ProgressFn& progress);
  std::optional<MoveChoice> decidedAtOnce(const Position& pos);
  std::optional<int> knownLossAfter(const Position& pos, int move, const Book* book);
  Bitboard longestKnownLosses(const Position& pos, Bitboard moves, const Book* book);
  Bitboard withoutQuietWins(const Position& pos, Bitboard moves, Clock::time_point until,
                            std::uint64_t nodesUntil, std::uint64_t& nodes,
                            const MoveLimits& limits);
  MoveChoice practicalDefence(const Position& pos, const MoveChoice& longest, const Book* book,
                              const MoveBudget& budget, const MoveLimits& limits,
                              const ProgressFn& progress);
  std::optional<MoveChoice> forcedWinOrBlock(const Position& pos, const MoveBudget& budget,
                                             std::uint64_t& nodes);
  // What the proof searches found: a decided move, or which moves are safe and losing.
  struct ProofVerdicts {
    std::optional<MoveChoice> decided;
    Bitboard safe = 0, losing = 0;
  };
  ProofVerdicts proveBothSides(const Position& pos, const MoveBudget& budget,
                               const MoveLimits& limits, const ProgressFn& progress,
                               std::uint64_t& nodes);
  MoveChoice searchRest(const Position& pos, Bitboard allowed, Clock::time_point deadline,
                        std::uint64_t maxNodes, const MoveLimits& limits, MoveChoice choice,
                        const ProgressFn& progress);
};

Player::Player(const PlayerOptions& options)
    : options_(options), impl_(std::make_unique<Impl>(options)) {
  setLevel(options.level);
}

Player::~Player() = default;

void Player::setLevel(int level) {
  options_.level = std::clamp(level, kMinLevel, kMaxLevel);
  towardNext_ = 0;
}

void Player::setStrength(const Strength& strength) {
  setLevel(strength.level);
  towardNext_ = options_.level < kMaxLevel ? std::clamp(strength.towardNext, 0.0, 1.0) : 0.0;
}

void Player::setSeed(std::uint64_t seed) {
  options_.seed = seed;
  gamesBegun_ = 0;
  impl_->reseed(seed);
}

void Player::setBook(std::shared_ptr<const Book> book, bool use) {
  book_ = std::move(book);
  useBook_ = use && book_;
}

void Player::setOpeningTable(std::shared_ptr<const OpeningTable> table) {
  table_ = std::move(table);
  impl_->multiPv.setOpeningTable(table_.get());
}

void Player::newGame() {
  // Game k after the seed was set plays from a seed of its own, so that the games of one
  // process are independent (a match's error bars assume it) and still reproducible.
  impl_->reseed(gamesBegun_ == 0 ? options_.seed : gameSeed(options_.seed, gamesBegun_));
  ++gamesBegun_;
  impl_->heuristic.clear();
  impl_->solver.clear();
  impl_->threats.clearTable();
}

// The book's winning move; or, facing the book's winner, the proof that we are lost and
// the defence that makes the win longest. Lost means: every reply leads into the book or
// to a win by threes (the replies the book leaves out), so the claim is as sound as the
// verified proof the book was made from.
std::optional<MoveChoice> Player::Impl::fromBook(const Position& pos, const Book& book,
                                                 const MoveLimits& limits) {
  MoveChoice choice;
  choice.fromBook = true;
  if (const std::optional<BookMove> win = book.find(pos)) {
    choice.move = win->move;
    choice.verdict = Verdict::Win;
    choice.plies = win->pliesToWin;
    choice.reason = reasons::bookWin();
    return choice;
  }

  const Side them = opponent(pos.sideToMove());
  std::array<int, kCells> plies{};  // the opponent's win after each reply; 0: not in the book
  int inBook = 0;
  for (Bitboard m = pos.emptyCells(); m;) {
    const int reply = popLowest(m);
    Position next = pos;
    next.play(reply);
    if (next.isGameOver()) return std::nullopt;  // a reply that ends the game is not lost
    if (const std::optional<BookMove> win = book.find(next))
      plies[reply] = win->pliesToWin, ++inBook;
  }
  if (inBook == 0) return std::nullopt;  // far from the book: the usual search decides
  ThreatLimits budget;
  budget.maxNodes = PnsOptions{}.threatNodes;  // the budget the solver left these replies to
  budget.stop = limits.stop;
  int longest = -1;
  for (Bitboard m = pos.emptyCells(); m;) {
    const int reply = popLowest(m);
    if (plies[reply] == 0) {
      Position next = pos;
      next.play(reply);
      const ThreatResult forced = threats.forcedWin(next, them, budget);
      choice.nodes += forced.nodes;
      if (!forced.win) return std::nullopt;  // perhaps a way out: not lost by the book
      plies[reply] = forced.plies();
    }
    if (plies[reply] > longest) longest = plies[reply], choice.move = reply;
  }
  choice.verdict = Verdict::Loss;
  choice.plies = longest + 1;
  choice.reason = reasons::bookLongestDefence();
  return choice;
}

// A forced win by threes, the shortest one the budget finds, or the proof table's win
// when that is shorter: the distance claimed is then never longer than the one claimed
// on the previous move of the same line (docs/notation.md). Adds the nodes spent.
std::optional<MoveChoice> Player::Impl::quickestKnownWin(const Position& pos, ThreatLimits limits,
                                                         std::uint64_t& nodes) {
  const Side us = pos.sideToMove();
  ThreatResult forced = threats.forcedWin(pos, us, limits);
  nodes += forced.nodes;
  if (forced.win && forced.plies() > 3) {
    limits.shortest = true;
    const ThreatResult shortest = threats.forcedWin(pos, us, limits);
    nodes += shortest.nodes;
    if (shortest.win && shortest.plies() < forced.plies()) forced = shortest;
  }
  MoveChoice best;
  if (forced.win) best.move = forced.sequence[0], best.plies = forced.plies();
  if (const std::optional<TTEntry> e = proofs().lookup(pos, us);
      e && e->pn == 0 && e->bestMove != 0xff) {
    const PnsResult known =
        proofs().prove(pos, us, SearchLimits{});  // solved: answers from the table
    if (known.bestMove >= 0 && (!forced.win || known.distance < best.plies))
      best.move = known.bestMove, best.plies = known.distance;
  }
  if (best.move < 0) return std::nullopt;
  return best;
}

// After our `move`, the plies within which the opponent surely wins when no proof says
// it: a threat sequence, or else the board's empty cells (the game cannot last longer).
int Player::Impl::opponentWinBound(const Position& pos, int move, const MoveLimits& limits) {
  Position next = pos;
  next.play(move);
  if (next.isGameOver()) return 0;
  ThreatLimits budget;
  budget.maxNodes = kWinBoundThreatNodes;
  budget.stop = limits.stop;
  const ThreatResult forced = threats.forcedWin(next, next.sideToMove(), budget);
  return forced.win ? forced.plies() : popcount(next.emptyCells());
}

MoveChoice Player::Impl::think(const Position& pos, const Book* book, MoveBudget& budget,
                               const MoveLimits& limits, const ProgressFn& progress) {
  if (std::optional<MoveChoice> decided = decidedAtOnce(pos)) return *decided;
  if (book)
    if (std::optional<MoveChoice> known = fromBook(pos, *book, limits)) {
      if (known->verdict != Verdict::Loss) return *known;
      budget.startSearching(Clock::now());
      return practicalDefence(pos, *known, book, budget, limits, progress);
    }
  budget.startSearching(Clock::now());
  std::uint64_t nodes = 0;
  if (std::optional<MoveChoice> forced = forcedWinOrBlock(pos, budget, nodes)) return *forced;
  ProofVerdicts proofs = proveBothSides(pos, budget, limits, progress, nodes);
  if (proofs.decided && proofs.decided->verdict == Verdict::Loss)
    return practicalDefence(pos, *proofs.decided, nullptr, budget, limits, progress);
  if (proofs.decided) return *proofs.decided;
  // Nothing proven: the heuristic search in the time left, over the moves not proven
  // losing, and only over proven-safe moves when there are any (they keep the draw).
  const Bitboard notLosing = pos.emptyCells() & ~proofs.losing;
  const Bitboard allowed = proofs.safe ? proofs.safe : notLosing ? notLosing : pos.emptyCells();
  MoveChoice choice;
  choice.nodes = nodes;
  return searchRest(pos, allowed, budget.deadline(), budget.nodesLeft(nodes), limits, choice,
                    progress);
}

// Lost against best play (`longest` is the defence that makes the proven win longest). An
// opponent that is not a proof wins in practice by threes: a forcing sequence it can
// find, or a quiet move and then threes. So of our moves after which the threat search
// finds none, those whose known loss is longest, and of these the ones that allow no quiet
// win when there are any; the heuristic search chooses among them; only when every move
// loses to threes is the longest defence played. (Against mctstest's alpha-beta player as
// O from the empty board: the longest defence alone won about half, the search among the
// moves without threes 44 %, with the longest known loss 85-90 %, and avoiding quiet wins
// 90 % where the same series gave 85 % without.) The loss is still claimed, within the
// plies known after the move chosen (book, proof table), else the threat search's or the
// board's bound.
MoveChoice Player::Impl::practicalDefence(const Position& pos, const MoveChoice& longest,
                                          const Book* book, const MoveBudget& budget,
                                          const MoveLimits& limits, const ProgressFn& progress) {
  const Side them = opponent(pos.sideToMove());
  ThreatLimits t;
  t.maxNodes = kDefenceThreatNodes;
  t.stop = limits.stop;
  std::uint64_t nodes = longest.nodes;
  Bitboard quiet = 0;
  for (Bitboard m = pos.emptyCells(); m;) {
    const int cell = popLowest(m);
    Position next = pos;
    next.play(cell);
    if (threatCells(next, them)) continue;  // a three left to complete
    const ThreatResult forced = threats.forcedWin(next, them, t);
    nodes += forced.nodes;
    if (!forced.win && !forced.hitLimit) quiet |= bit(cell);
  }
  if (!quiet) return longest;
  quiet = longestKnownLosses(pos, quiet, book);
  const Clock::time_point now = Clock::now();
  if (Bitboard safer = withoutQuietWins(pos, quiet, now + (budget.deadline() - now) / 2,
                                        nodes + budget.nodesLeft(nodes) / 2, nodes, limits))
    quiet = safer;
  MoveChoice base;
  base.nodes = nodes;
  MoveChoice c =
      searchRest(pos, quiet, budget.deadline(), budget.nodesLeft(nodes), limits, base, progress);
  c.verdict = Verdict::Loss;
  const std::optional<int> known = knownLossAfter(pos, c.move, book);
  c.plies = (known ? *known : opponentWinBound(pos, c.move, limits)) + 1;
  c.score = 0;
  c.fromBook = longest.fromBook;
  c.reason = reasons::practicalDefence(longest.fromBook, c.move);
  return c;
}

// Of `moves`, those after which the opponent has no quiet win (engine/threats/quiet_win), as
// far as settled before `until` or `nodesUntil` (the count in `nodes`): none when every move
// settled allows one.
Bitboard Player::Impl::withoutQuietWins(const Position& pos, Bitboard moves,
                                        Clock::time_point until, std::uint64_t nodesUntil,
                                        std::uint64_t& nodes, const MoveLimits& limits) {
  if (popcount(moves) < 2) return 0;
  ThreatLimits t;
  t.maxNodes = kQuietWinThreatNodes;
  t.stop = limits.stop;
  Bitboard safer = 0;
  for (Bitboard m = moves; m && Clock::now() < until && nodes < nodesUntil;) {
    const int cell = popLowest(m);
    Position next = pos;
    next.play(cell);
    const QuietWin win = findQuietWin(threats, next, t);
    nodes += win.nodes;
    if (win.move < 0) safer |= bit(cell);
  }
  return safer;
}

// Of `moves`, those after which the opponent's known win is longest (book, proof table);
// a move whose loss nothing has shown counts as longest of all.
Bitboard Player::Impl::longestKnownLosses(const Position& pos, Bitboard moves, const Book* book) {
  constexpr int kNotShown = kCells + 1;
  int best = -1;
  Bitboard longest = 0;
  for (Bitboard m = moves; m;) {
    const int cell = popLowest(m);
    const int plies = knownLossAfter(pos, cell, book).value_or(kNotShown);
    if (plies > best) best = plies, longest = 0;
    if (plies == best) longest |= bit(cell);
  }
  return longest;
}

// The opponent's win after our `move` as the book (when given) or the proof table knows it:
// its plies, none when neither has it.
std::optional<int> Player::Impl::knownLossAfter(const Position& pos, int move, const Book* book) {
  Position next = pos;
  next.play(move);
  if (const std::optional<BookMove> win = book ? book->find(next) : std::nullopt)
    return win->pliesToWin;
  if (const std::optional<TTEntry> e = proofs().lookup(next, opponent(pos.sideToMove()));
      e && e->pn == 0)
    return e->distance;
  return std::nullopt;
}

// A line to complete, or two threes of the opponent's: nothing to think about.
std::optional<MoveChoice> Player::Impl::decidedAtOnce(const Position& pos) {
  const Side us = pos.sideToMove();
  MoveChoice choice;
  if (const Bitboard wins = threatCells(pos, us)) {
    choice.move = lowestCell(wins);
    choice.verdict = Verdict::Win;
    choice.plies = 1;
    choice.reason = reasons::completesLine(choice.move);
    return choice;
  }
  if (const Bitboard blocks = threatCells(pos, opponent(us)); popcount(blocks) >= 2) {
    choice.move = lowestCell(blocks);
    choice.verdict = Verdict::Loss;
    choice.plies = 2;
    choice.reason = reasons::blocksOneOfTwoThrees();
    return choice;
  }
  return std::nullopt;
}

// A forced win by threes alone is the fastest kind of proof; without one, a single three
// of the opponent's leaves one move that does not lose at once (searching it is pointless).
std::optional<MoveChoice> Player::Impl::forcedWinOrBlock(const Position& pos,
                                                         const MoveBudget& budget,
                                                         std::uint64_t& nodes) {
  const Bitboard blocks = threatCells(pos, opponent(pos.sideToMove()));
  MoveChoice choice;
  if (const std::optional<MoveChoice> win = quickestKnownWin(pos, budget.rootThreats(), nodes)) {
    choice.move = win->move;
    choice.verdict = Verdict::Win;
    choice.plies = win->plies;
    choice.reason = reasons::forcedWin(blocks != 0, choice.plies, choice.move);
  } else if (blocks) {
    choice.move = lowestCell(blocks);
    choice.reason = reasons::blocksThree(choice.move);
    // A block that only delays a forced win is still a loss, and said so (score mate -N),
    // not left at an even score: the opponent's forcing line after it is a proof.
    Position next = pos;
    next.play(choice.move);
    ThreatLimits t;
    t.maxNodes = kDefenceThreatNodes;
    const ThreatResult theirs = threats.forcedWin(next, opponent(pos.sideToMove()), t);
    nodes += theirs.nodes;
    if (theirs.win) {
      choice.verdict = Verdict::Loss;
      choice.plies = 1 + theirs.plies();
    }
  } else {
    return std::nullopt;
  }
  choice.nodes = nodes;
  return choice;
}

// Proof-number search within its share: first for our win, then against the opponent's.
Player::Impl::ProofVerdicts Player::Impl::proveBothSides(const Position& pos,
                                                         const MoveBudget& budget,
                                                         const MoveLimits& limits,
                                                         const ProgressFn& progress,
                                                         std::uint64_t& nodes) {
  const Side us = pos.sideToMove(), them = opponent(us);
  ProofVerdicts v;
  MoveChoice choice;
  const SearchLimits attack = budget.ourProof(nodes);
  const PnsResult ours = prove(pos, us, attack);
  nodes += ours.nodes;
  choice.nodes = nodes;
  if (ours.answer == Answer::Proven && ours.bestMove >= 0) {
    choice.move = ours.bestMove;
    choice.verdict = Verdict::Win;
    choice.plies = ours.distance;
    choice.reason = reasons::provenWin(ours.distance, choice.move);
    v.decided = choice;
    return v;
  }
  if (progress && ours.bestMove >= 0) {
    MoveChoice guess = choice;
    guess.move = ours.bestMove;
    guess.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    progress(guess);
  }
  const PnsResult theirs = prove(pos, them, budget.theirProof(nodes, attack));
  nodes += theirs.nodes;
  choice.nodes = nodes;
  if (theirs.answer == Answer::Proven) {
    // Lost against best play: make the opponent's win as long as the proofs allow.
    // Replies the search never looked at were pruned as quick losses, so they count 0.
    int longest = -1;
    for (Bitboard m = pos.emptyCells(); m;) {
      const int cell = popLowest(m);
      const int length = knownLossAfter(pos, cell, nullptr).value_or(0);
      if (length > longest || choice.move < 0) longest = length, choice.move = cell;
    }
    if (longest == 0) longest = opponentWinBound(pos, choice.move, limits);
    choice.verdict = Verdict::Loss;
    choice.plies = longest + 1;
    choice.reason = reasons::longestDefence();
    v.decided = choice;
    return v;
  }
  // What the proofs say about our moves: which lose (the opponent's win is proven after
  // them) and which are safe (it is disproven).
  for (Bitboard m = pos.emptyCells(); m;) {
    const int cell = popLowest(m);
    Position next = pos;
    next.play(cell);
    if (const std::optional<TTEntry> e = proofs().lookup(next, them)) {
      if (e->pn == 0) v.losing |= bit(cell);
      if (e->dn == 0) v.safe |= bit(cell);
    }
  }
  if (theirs.answer == Answer::Disproven && theirs.bestMove >= 0) v.safe |= bit(theirs.bestMove);
  return v;
}

MoveChoice Player::Impl::searchRest(const Position& pos, Bitboard allowed,
                                    Clock::time_point deadline, std::uint64_t maxNodes,
                                    const MoveLimits& limits, MoveChoice choice,
                                    const ProgressFn& progress) {
  HeuristicLimits h;
  h.deadline = deadline;
  h.maxNodes = std::max<std::uint64_t>(maxNodes, 1);
  h.stop = limits.stop;
  h.rootMoves = allowed;
  h.maxDepth = kMaxSearchPly;
  if (limits.maxDepth > 0) h.maxDepth = std::min(h.maxDepth, limits.maxDepth);
  const std::uint64_t before = choice.nodes;
  auto toChoice = [&](const HeuristicResult& r) {
    MoveChoice c = choice;
    c.move = r.move;
    c.depth = r.depth;
    c.nodes = before + r.nodes;
    c.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    c.pvLength = r.pvLength;
    std::copy(r.pv.begin(), r.pv.begin() + r.pvLength, c.pv.begin());
    if (isProvenScore(r.score)) {
      c.verdict = r.score > 0 ? Verdict::Win : Verdict::Loss;
      c.plies = pliesToEnd(r.score);
    } else {
      c.score = r.score;
    }
    return c;
  };
  const HeuristicResult r = heuristic.search(pos, h, [&](const HeuristicResult& partial) {
    if (progress) progress(toChoice(partial));
  });
  MoveChoice result = toChoice(r);
  if (result.verdict == Verdict::Win)
    result.reason = reasons::searchWin(result.plies, result.move);
  else if (result.verdict == Verdict::Loss)
    result.reason = reasons::everyMoveLoses();
  else
    result.reason = reasons::ratedBest(pos, result.move, std::max(r.depth, 1));
  return result;
}

// The base player of this move: the level's (engine/play/level_mix), or with the Elo option
// the next level's with its chance; then the stronger of the level's two base players with
// theirs.
int Player::baseForMove() {
  const auto chance = [this](double p) {
    return p > 0 && std::uniform_real_distribution<double>(0, 1)(impl_->rng) < p;
  };
  const int level = chance(towardNext_) ? options_.level + 1 : options_.level;
  const LevelMix& mix = kLevelMixes[static_cast<std::size_t>(level)];
  return chance(mix.towardNext) ? mix.base + 1 : mix.base;
}

MoveChoice Player::choose(const Position& pos, const MoveLimits& limits,
                          const ProgressFn& progress) {
  const auto began = Clock::now();
  impl_->started = began;
  MoveChoice choice;
  if (pos.isGameOver()) return choice;

  const int base = reference_ != Reference::None ? 0 : baseForMove();
  if (reference_ != Reference::None) {
    const AnchorMove m = referenceMove(reference_, pos, impl_->rng);
    choice.move = m.move;
    choice.reason = m.reason;
  } else if (base == 0) {
    const AnchorMove m = anchorMove(pos, impl_->rng);
    choice.move = m.move;
    choice.reason = m.reason;
  } else if (base <= 3) {
    Strategy& tier = base == 1 ? impl_->elementary : base == 2 ? impl_->planar : impl_->forcing;
    choice = impl_->fromStrategy(tier, pos);
  } else {  // the top (kTopBase)
    MoveBudget budget(limits, began);
    const Book* book = useBook_ ? book_.get() : nullptr;
    // Every report says how full the proof table is (the protocol's hashfull).
    const ProgressFn report = !progress ? ProgressFn{} : [&](const MoveChoice& c) {
      MoveChoice shown = c;
      shown.hashfull = impl_->hashfull();
      progress(shown);
    };
    choice = impl_->think(pos, book, budget, limits, report);
    choice.hashfull = impl_->hashfull();
  }
  if (choice.verdict == Verdict::Unknown && pos.isLegal(choice.move))
    valueFromTable(table_.get(), pos, choice);
  if (!pos.isLegal(choice.move))  // a bug: say so rather than play some other move
    throw std::logic_error("the player chose the illegal move " + std::to_string(choice.move) +
                           " in " + positionString(pos) + " (" + choice.reason + ")");
  if (choice.pvLength == 0 || choice.pv[0] != choice.move) {
    choice.pv[0] = static_cast<std::uint8_t>(choice.move);
    choice.pvLength = 1;
  }
  if (limits.multiPv > 1 && base > 3) {
    const auto deadline =
        began + milliseconds(static_cast<long long>(
                    std::min(static_cast<double>(limits.moveTime.count()), 365 * 24 * 3600e3)));
    choice.ranked = impl_->multiPv.rank(pos, choice, limits, deadline,
                                        useBook_ ? book_.get() : nullptr, choice.nodes);
  }
  choice.seconds = std::chrono::duration<double>(Clock::now() - began).count();
  if (progress) progress(choice);
  return choice;
}

ProvenStore& Player::provenValues() { return impl_->multiPv.store(); }

std::size_t Player::tableBytes() const { return impl_->bytes(); }

int Player::proofThreads() const { return impl_->solver.threads(); }

MoveChoice chooseReportingErrors(Player& player, const Position& pos, const MoveLimits& limits,
                                 const ProgressFn& progress) {
  try {
    return player.choose(pos, limits, progress);
  } catch (const std::bad_alloc&) {
    MoveChoice failed;
    failed.error = "out of memory";
    return failed;
  } catch (const std::exception& e) {
    MoveChoice failed;
    failed.error = e.what();
    return failed;
  }
}

}  // namespace qubic
