#include "split_solve.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>

#include <sstream>
#include <thread>
#include <vector>
#include "engine/core/thread_start.hpp"

#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/threats/threat_search.hpp"
#include "proof.hpp"

namespace qubic {

namespace {

using Clock = std::chrono::steady_clock;

// A node of the split tree. An attacker node is a piece: proven whole (`proof`), or split
// by playing `move`, its children answering the defender's listed replies. The root may
// also be a defender node (the defender to move), with children and no move.
struct Node {
  explicit Node(const Position& p) : pos(p) {}
  Position pos;
  std::string moves;  // from the root, for reports
  int via = -1;       // the defender's reply that led here (-1: the root)
  int depth = 0;      // plies below the root
  std::string proof;  // a proven piece's node lines, its own root's via written as "-"
  int move = -1;
  std::string fallback;  // the default sequence for the replies not listed
  std::vector<std::size_t> children;
  Answer answer = Answer::Unknown;
  int bestMove = -1;
  std::size_t parent = SIZE_MAX;  // the split piece above (SIZE_MAX: none)
  Bitboard excluded = 0;          // moves found not to win here
  int retries = 0;
};

// The node lines of a proof file: without its three header lines and its "end".
std::string bodyOf(const std::string& proof) {
  std::size_t begin = 0;
  for (int i = 0; i < 3; ++i) begin = proof.find('\n', begin) + 1;
  return proof.substr(begin, proof.size() - begin - 4);
}

// Appends a piece's node lines under `via`, its references shifted past the `ids` nodes
// written before it (nodes are numbered in file order, docs/proof-format.md).
void appendPiece(const std::string& body, const std::string& via, std::uint64_t& ids,
                 std::string& out) {
  const std::uint64_t base = ids;
  std::istringstream lines(body);
  std::string line;
  bool first = true;
  while (std::getline(lines, line)) {
    const std::size_t kind = line.find(' ') + 1;
    if (first) line = via + line.substr(kind - 1);
    first = false;
    const std::size_t k = line.find(' ') + 1;
    if (line.compare(k, 2, "= ") == 0) {
      line = line.substr(0, k + 2) + std::to_string(base + std::stoull(line.substr(k + 2)));
    } else {
      ++ids;  // a W or M line
    }
    out += line;
    out += '\n';
  }
}

class Splitter {
 public:
  Splitter(Side attacker, const SplitOptions& options, const std::atomic<bool>* stop,
           const std::function<void(const PieceReport&)>& onPiece)
      : attacker_(attacker),
        options_(options),
        stop_(stop),
        onPiece_(onPiece),
        threats_(std::size_t{1} << 15) {
    SolverOptions one = options.solver;
    one.threads = 1;
    for (int i = 0; i < std::max(1, options.workers); ++i)
      solvers_.push_back(std::make_unique<Solver>(one));
  }

  SplitResult run(const Position& root) {
    const auto began = Clock::now();
    nodes_.emplace_back(root);
    std::vector<std::size_t> pending;
    if (root.isGameOver()) {
      result_.error = "the game is over";
    } else if (root.sideToMove() == attacker_) {
      pending.push_back(0);
    } else {
      pending = expand(0, root);
    }
    while (!pending.empty() && result_.error.empty()) {
      solveAll(pending);
      pending = nextRound(pending);
    }
    result_.seconds = std::chrono::duration<double>(Clock::now() - began).count();
    if (!result_.error.empty()) return result_;
    result_.proven = true;
    std::uint64_t ids = 0;
    result_.proof = "qubic-proof 1\nposition " + positionString(root) + "\nattacker " +
                    (attacker_ == Side::X ? "x" : "o") + "\n";
    emit(0, "-", ids);
    result_.proof += "end\n";
    return result_;
  }

 private:
  // The defender to move at `pos`: a child piece for every reply that needs an answer.
  std::vector<std::size_t> expand(std::size_t parent, Position pos) {
    threats_.clearTable();  // the same answer whatever was asked before
    const DefenceSplit split = splitDefence(pos, attacker_, threats_, stop_);
    nodes_[parent].fallback = split.fallback;
    std::vector<std::size_t> children;
    for (Bitboard m = split.replies; m;) {
      const int reply = popLowest(m);
      Node child(pos);
      child.pos.play(reply);
      child.via = reply;
      child.parent = nodes_[parent].move >= 0 ? parent : SIZE_MAX;
      child.depth = nodes_[parent].depth + (parent == 0 && nodes_[0].move < 0 ? 1 : 2);
      for (const std::string& part :
           {nodes_[parent].moves, nodes_[parent].move >= 0 ? moveToken(nodes_[parent].move) : "",
            moveToken(reply)})
        if (!part.empty()) child.moves += (child.moves.empty() ? "" : " ") + part;
      if (child.pos.isGameOver()) {
        result_.error = "the defender's reply " + child.moves + " ends the game";
        return {};
      }
      children.push_back(nodes_.size());
      nodes_[parent].children.push_back(nodes_.size());
      nodes_.push_back(std::move(child));
    }
    return children;
  }

  // The pieces of the next round: the unsettled ones split, and every split piece one of
  // whose replies was lost for the attacker asked again without that move.
  std::vector<std::size_t> nextRound(const std::vector<std::size_t>& pending) {
    std::vector<std::size_t> failed;  // split pieces whose move does not win
    for (const std::size_t i : pending) {
      const Node& n = nodes_[i];
      if (n.answer != Answer::Disproven) continue;
      if (n.parent == SIZE_MAX) {
        result_.error =
            "the attacker does not win after " + (n.moves.empty() ? "the root" : n.moves);
        return {};
      }
      if (std::find(failed.begin(), failed.end(), n.parent) == failed.end())
        failed.push_back(n.parent);
    }
    auto under = [&](std::size_t i) {  // below a failed split piece
      for (std::size_t a = nodes_[i].parent; a != SIZE_MAX; a = nodes_[a].parent)
        if (std::find(failed.begin(), failed.end(), a) != failed.end()) return true;
      return false;
    };
    std::vector<std::size_t> next;
    for (const std::size_t i : pending) {
      if (!result_.error.empty()) return {};
      if (nodes_[i].answer == Answer::Proven || under(i)) continue;
      for (const std::size_t child : split(i)) next.push_back(child);
    }
    for (const std::size_t p : failed) {
      if (under(p)) continue;  // a failed piece higher up is asked again instead
      Node& n = nodes_[p];
      if (++n.retries > options_.maxRetries) {
        result_.error = "no move found to win after " + (n.moves.empty() ? "the root" : n.moves) +
                        " in " + std::to_string(options_.maxRetries) + " tries";
        return {};
      }
      if (options_.rememberSplit) options_.rememberSplit(n.pos, -1);  // that move does not win
      // The move and every move the position's symmetries make equivalent to it.
      for (const int s : stabilizer(n.pos)) n.excluded |= bit(mapCell(s, n.move));
      n.move = -1;
      n.children.clear();
      n.answer = Answer::Unknown;
      ++result_.retries;
      next.push_back(p);
    }
    return next;
  }

  // An unsettled piece: the attacker plays its most promising move, the replies become pieces.
  std::vector<std::size_t> split(std::size_t i) {
    Node& n = nodes_[i];
    if (stop_ && stop_->load()) {
      result_.error = "stopped";
      return {};
    }
    if (n.depth + 2 > options_.maxSplitPlies || n.bestMove < 0) {
      result_.error = "not settled within the budget, and split " +
                      std::to_string(options_.maxSplitPlies) +
                      " plies deep already: " + (n.moves.empty() ? "the root" : n.moves);
      return {};
    }
    n.move = n.bestMove;
    if (options_.rememberSplit && !n.excluded) options_.rememberSplit(n.pos, n.move);
    Position after = n.pos;
    after.play(n.move);
    ++result_.splits;
    return expand(i, after);
  }

  void solveAll(const std::vector<std::size_t>& pending) {
    std::atomic<std::size_t> next{0};
    auto work = [&](Solver& solver) {
      for (std::size_t k; (k = next++) < pending.size() && !(stop_ && stop_->load());)
        solve(solver, nodes_[pending[k]]);
    };
    std::vector<std::thread> workers;  // as many as the system starts; this thread works too
    startThreads(workers, static_cast<int>(solvers_.size()) - 1,
                 [&](int w) { work(*solvers_[static_cast<std::size_t>(w) + 1]); });
    work(*solvers_.front());
    for (std::thread& t : workers) t.join();
  }

  // A piece taken from the caller's store instead of a search.
  void recalled(const Node& n) {
    const std::lock_guard<std::mutex> lock(mutex_);
    ++result_.pieces;
    ++result_.recalled;
    if (onPiece_)
      onPiece_(
          PieceReport{n.moves, n.answer, 0, 0, static_cast<int>(result_.pieces), knownPieces()});
  }

  void solve(Solver& solver, Node& n) {
    if (options_.recall && !n.excluded) {
      if (std::optional<std::string> known = options_.recall(n.pos)) {
        n.answer = Answer::Proven;
        n.proof = bodyOf(*known);
        return recalled(n);
      }
    }
    if (options_.recallLoss && !n.excluded && options_.recallLoss(n.pos)) {
      n.answer = Answer::Disproven;
      return recalled(n);
    }
    if (options_.recallSplit && !n.excluded)
      if (const std::optional<int> move = options_.recallSplit(n.pos);
          move && n.pos.isLegal(*move)) {
        n.bestMove = *move;  // answer stays Unknown: the piece is split at once
        return recalled(n);
      }
    solver.clear();  // each piece from scratch: the proof does not depend on which worker ran what
    SolveLimits limits;
    limits.maxPositions = options_.piecePositions;
    limits.stop = stop_;
    limits.excludedRootMoves = n.excluded;
    const PnsResult r = solver.prove(n.pos, attacker_, limits);
    n.answer = r.answer;
    n.bestMove = r.bestMove;
    if (r.answer == Answer::Disproven && options_.rememberLoss && !n.excluded)
      options_.rememberLoss(n.pos);
    std::string error;
    if (r.answer == Answer::Proven) {
      std::ostringstream out;
      SearchLimits again;
      again.stop = stop_;
      const ProofWriteResult w =
          writeProof(out, n.pos, attacker_, solver.search(), solver.threats(), again);
      if (w.complete) {
        n.proof = bodyOf(out.str());
        if (options_.remember && !n.excluded) options_.remember(n.pos, out.str());
      } else {
        error = "the proof of " + n.moves + " was not written: " + w.error;
      }
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!error.empty() && result_.error.empty()) result_.error = error;
    ++result_.pieces;
    result_.nodes += r.nodes;
    result_.positions += r.positions;
    if (onPiece_)
      onPiece_(PieceReport{n.moves, r.answer, r.positions, r.seconds,
                           static_cast<int>(result_.pieces), knownPieces()});
  }

  int knownPieces() const {
    return static_cast<int>(nodes_.size()) - (nodes_.front().pos.sideToMove() == attacker_ ? 0 : 1);
  }

  void emit(std::size_t i, const std::string& via, std::uint64_t& ids) {
    const Node& n = nodes_[i];
    if (!n.proof.empty()) return appendPiece(n.proof, via, ids, result_.proof);
    std::string& out = result_.proof;
    if (n.move < 0) {
      out += "- D";  // the root, the defender to move
    } else {
      out += via + " M " + moveToken(n.move);
      ++ids;
    }
    out += ' ';
    out += std::to_string(n.children.size());
    out += n.fallback;
    out += '\n';
    for (const std::size_t c : n.children) emit(c, moveToken(nodes_[c].via), ids);
  }

  Side attacker_;
  SplitOptions options_;
  const std::atomic<bool>* stop_;
  std::function<void(const PieceReport&)> onPiece_;
  ThreatSearch threats_;
  std::vector<std::unique_ptr<Solver>> solvers_;
  std::vector<Node> nodes_;
  std::mutex mutex_;
  SplitResult result_;
};

}  // namespace

SplitResult splitSolve(const Position& root, Side attacker, const SplitOptions& options,
                       const std::atomic<bool>* stop,
                       const std::function<void(const PieceReport&)>& onPiece) {
  return Splitter(attacker, options, stop, onPiece).run(root);
}

}  // namespace qubic
