#include "strategy_anneal.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <unordered_map>
#include <vector>

#include "book_walk.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/core/thread_start.hpp"
#include "known_ways.hpp"
#include "wins_by_threes.hpp"

namespace qubic {

namespace {

bool stopped(const AnnealOptions& options) {
  return options.stop && options.stop->load(std::memory_order_relaxed);
}

// The graph of known ways on: a node per class of strategic positions (X to move), each
// with candidate moves and, per move, the nodes its open replies lead to. A node counts
// while some counted node's chosen move leads to it (`parents` of them), so changing one
// move updates the count by walking only what it frees or newly needs.
class Annealer {
 public:
  Annealer(const Position& start, const AnnealOptions& options)
      : start_(start), options_(options) {}

  // False when stopped, or when a move of the strategy cannot be followed (then `fault`).
  // The strategy's positions, then the pool's (both walked from the start), are known.
  bool build(const Book& strategy, const Book& pool, std::string& fault);
  // Returns the positions whose move changed.
  std::size_t anneal();
  Book strategy() const;
  std::size_t known() const { return nodes_.size(); }

 private:
  struct Candidate {
    int move;
    std::vector<int> next;
  };
  struct Node {
    Position pos;
    std::vector<Candidate> candidates;
    int choice = 0;
    int parents = 0;
  };

  int intern(const KnownWays::Ref& ref);
  std::vector<Candidate> candidatesOf(const std::vector<KnownWays::Way>& ways);
  int addNode(const Position& pos, std::vector<Candidate> candidates);
  // Each known position's ways, on options_.threads threads; false when stopped.
  bool gather(std::size_t entries, KnownWays& ways, std::vector<std::vector<KnownWays::Way>>& out,
              std::vector<char>& followed);
  void need(int v);
  void free(int v);
  void change(int v, int choice);
  // Sets every position's move and counts afresh what the start reaches.
  void choose(const std::vector<int>& choices);
  // One annealing run from the moves set now; the best count seen and its moves are kept.
  void run(std::uint32_t seed, const std::vector<int>& choosable, std::size_t& bestReached,
           std::vector<int>& best);

  Position start_;
  const AnnealOptions& options_;
  std::vector<Node> nodes_;
  std::unordered_map<ClassKey, int, ClassKeyHash> index_;
  std::vector<int> roots_;
  std::size_t reached_ = 0;
};

int Annealer::addNode(const Position& pos, std::vector<Candidate> candidates) {
  const int id = static_cast<int>(nodes_.size());
  nodes_.push_back({pos, std::move(candidates)});
  index_[classKeyOf(pos)] = id;
  return id;
}

// A fresh position becomes a node after the positions it leads to, in the order met.
int Annealer::intern(const KnownWays::Ref& ref) {
  if (ref.fresh == nullptr) return ref.known;
  if (const auto it = index_.find(ref.fresh->key); it != index_.end()) return it->second;
  std::vector<Candidate> candidates = candidatesOf(ref.fresh->ways);
  return addNode(ref.fresh->pos, std::move(candidates));
}

std::vector<Annealer::Candidate> Annealer::candidatesOf(const std::vector<KnownWays::Way>& ways) {
  std::vector<Candidate> out;
  for (const KnownWays::Way& w : ways) {
    Candidate c{w.move, {}};
    for (const KnownWays::Ref& r : w.next) c.next.push_back(intern(r));
    out.push_back(std::move(c));
  }
  return out;
}

bool Annealer::gather(std::size_t entries, KnownWays& ways,
                      std::vector<std::vector<KnownWays::Way>>& out, std::vector<char>& followed) {
  std::atomic<std::size_t> next{0}, done{0};
  auto work = [&](bool reports) {
    KnownWays::Asker asker(ways);
    std::size_t reported = 0;  // in 256s; only the calling thread reports
    // In the strategy's order: neighbours share much of what they ask.
    for (std::size_t i; !stopped(options_) && (i = next.fetch_add(1)) < entries;) {
      followed[i] = asker.ways(nodes_[i].pos, nodes_[i].candidates[0].move, out[i]);
      const std::size_t d = done.fetch_add(1) + 1;
      if (reports && options_.onProgress && d / 256 > reported) {
        reported = d / 256;
        options_.onProgress(d, entries, entries);
      }
    }
  };
  if (options_.onProgress) options_.onProgress(0, entries, entries);
  workOnThreads(options_.threads, [&](int t) { work(t == 0); });  // this thread reports
  return !stopped(options_);
}

bool Annealer::build(const Book& strategy, const Book& pool, std::string& fault) {
  auto add = [&](const Position& pos, int move, int) {
    if (index_.try_emplace(classKeyOf(pos), static_cast<int>(nodes_.size())).second)
      nodes_.push_back({pos, {{move, {}}}});
  };
  strategy.forEachEntry(add);
  pool.forEachEntry(add);
  const std::size_t entries = nodes_.size();
  KnownWays ways(index_, options_);
  std::vector<std::vector<KnownWays::Way>> gathered(entries);
  std::vector<char> followed(entries, 0);
  if (!gather(entries, ways, gathered, followed)) return false;
  for (std::size_t i = 0; i < entries; ++i) {
    if (!followed[i]) {
      fault = "a move of the strategy cannot be followed";
      return false;
    }
    std::vector<Candidate> candidates = candidatesOf(gathered[i]);
    nodes_[i].candidates = std::move(candidates);
  }
  std::vector<Position> open;
  KnownWays::Asker asker(ways);
  if (start_.sideToMove() == Side::X) {
    open = {start_};
  } else if (!asker.openReplies(start_, kCells, open)) {
    fault = "O has a reply that the strategy does not answer";
    return false;
  }
  for (const Position& q : open) {
    const auto it = index_.find(classKeyOf(q));
    if (it == index_.end()) {
      fault = "O has a reply that the strategy does not answer";
      return false;
    }
    roots_.push_back(it->second);
  }
  for (const int r : roots_) need(r);
  return true;
}

void Annealer::need(int v) {
  if (nodes_[v].parents++ > 0) return;
  ++reached_;
  for (const int n : nodes_[v].candidates[nodes_[v].choice].next) need(n);
}

void Annealer::free(int v) {
  if (--nodes_[v].parents > 0) return;
  --reached_;
  for (const int n : nodes_[v].candidates[nodes_[v].choice].next) free(n);
}

// The new move's positions are needed before the old move's are freed, so what both
// share is never freed and needed again.
void Annealer::change(int v, int choice) {
  Node& node = nodes_[v];
  if (node.parents > 0) {
    for (const int n : node.candidates[choice].next) need(n);
    for (const int n : node.candidates[node.choice].next) free(n);
  }
  node.choice = choice;
}

void Annealer::choose(const std::vector<int>& choices) {
  for (Node& node : nodes_) node.parents = 0;
  reached_ = 0;
  for (std::size_t v = 0; v < nodes_.size(); ++v) nodes_[v].choice = choices[v];
  for (const int r : roots_) need(r);
}

void Annealer::run(std::uint32_t seed, const std::vector<int>& choosable, std::size_t& bestReached,
                   std::vector<int>& best) {
  std::mt19937 random(seed);
  const double n = static_cast<double>(std::max<std::uint64_t>(options_.iterations, 1));
  for (std::uint64_t i = 0; i < options_.iterations && !choosable.empty(); ++i) {
    if ((i & 0xffff) == 0 && stopped(options_)) break;
    const int v = choosable[random() % choosable.size()];
    const int old = nodes_[v].choice;
    const int choice = static_cast<int>(random() % nodes_[v].candidates.size());
    if (choice == old) continue;
    // From about two positions' worth of worsening taken now and then, down to almost none.
    const double temperature = 1.5 * (1.0 - static_cast<double>(i) / n) + 0.02;
    const std::size_t before = reached_;
    change(v, choice);
    const double uniform = static_cast<double>(random() >> 8) / 16777216.0;
    if (reached_ > before &&
        uniform >= std::exp(-static_cast<double>(reached_ - before) / temperature)) {
      change(v, old);
      continue;
    }
    if (reached_ < bestReached) {
      bestReached = reached_;
      for (std::size_t u = 0; u < nodes_.size(); ++u) best[u] = nodes_[u].choice;
    }
  }
}

std::size_t Annealer::anneal() {
  std::vector<int> choosable;
  for (std::size_t v = 0; v < nodes_.size(); ++v)
    if (nodes_[v].candidates.size() > 1) choosable.push_back(static_cast<int>(v));
  std::vector<int> start(nodes_.size());
  for (std::size_t v = 0; v < nodes_.size(); ++v) start[v] = nodes_[v].choice;
  std::vector<int> best = start;
  std::size_t bestReached = reached_;
  run(options_.seed, choosable, bestReached, best);
  choose(best);
  std::size_t changed = 0;
  for (std::size_t v = 0; v < nodes_.size(); ++v)
    changed += nodes_[v].parents > 0 && best[v] != start[v];
  if (options_.onProgress) options_.onProgress(nodes_.size(), nodes_.size(), reached_);
  return changed;
}

Book Annealer::strategy() const {
  Book book;
  for (const Node& node : nodes_)
    if (node.parents > 0) book.add(node.pos, node.candidates[node.choice].move, 1);
  book.finish();
  return book;
}

}  // namespace

AnnealedStrategy annealStrategy(const Book& book, const Position& start,
                                const AnnealOptions& options) {
  AnnealedStrategy out;
  BookWalk walk = walkBook(book, start);
  if (!walk.fault.empty()) {
    out.fault = walk.fault;
    return out;
  }
  out.before = out.after = walk.reached.size();
  out.book = walk.reached;
  Book pool;
  if (options.pool) {
    BookWalk more = walkBook(*options.pool, start);
    if (!more.fault.empty()) {
      out.fault = "the pool: " + more.fault;
      return out;
    }
    pool = std::move(more.reached);
  }
  Annealer annealer(start, options);
  if (!annealer.build(walk.reached, pool, out.fault)) return out;
  out.changed = annealer.anneal();
  out.known = annealer.known();
  out.book = annealer.strategy();
  out.after = out.book.size();
  return out;
}

}  // namespace qubic
