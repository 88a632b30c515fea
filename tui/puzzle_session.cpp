#include "puzzle_session.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "config/data_dirs.hpp"
#include "config/read_file.hpp"
#include "engine/core/symmetry.hpp"
#include "record_file.hpp"

namespace qubic::tui {

namespace {

constexpr const char* kPuzzlesName = "qubic.puzzles";
constexpr std::size_t kMaxPuzzleBytes = std::size_t{1} << 20;
constexpr std::uint64_t kAnswerPositions = 2'000'000;  // a second or so at most

std::string solvedListPath() {
  const std::string dir = stateDirectory();
  return dir.empty() ? dir : dir + "/puzzles-solved";
}

SolverOptions answerSolver() {
  SolverOptions options;
  options.tableMb = 32;  // memory is taken only as the search fills it
  options.threatEntries = std::size_t{1} << 17;
  return options;
}

}  // namespace

PuzzleSession::PuzzleSession() : solver_(answerSolver()) {}

std::string PuzzleSession::load() {
  const std::string path = findDataFile(kPuzzlesName);
  if (path.empty()) return "no puzzles: " + std::string(kPuzzlesName) + " was not found";
  const Parsed<std::string> text = readRegularFile(path, kMaxPuzzleBytes);
  if (!text) return path + ": " + text.error();
  const Parsed<std::vector<Puzzle>> puzzles = parsePuzzles(text.value());
  if (!puzzles) return path + ": " + puzzles.error();
  if (puzzles.value().empty()) return path + ": no puzzles in it";
  puzzles_ = puzzles.value();
  for (const Puzzle& p : puzzles_) lines_.push_back(puzzleLine(p));
  // The solved list: lines naming puzzles; a missing or unreadable list is an empty one.
  solvedPath_ = solvedListPath();
  std::lock_guard lock(mutex_);
  if (!solvedPath_.empty())
    if (const Parsed<std::string> solved = readRegularFile(solvedPath_, kMaxPuzzleBytes)) {
      std::size_t start = 0;
      const std::string& s = solved.value();
      while (start < s.size()) {
        const std::size_t end = std::min(s.find('\n', start), s.size());
        solved_.insert(s.substr(start, end - start));
        start = end + 1;
      }
      std::erase_if(solved_, [&](const std::string& line) {
        return std::find(lines_.begin(), lines_.end(), line) == lines_.end();
      });
    }
  return {};
}

std::size_t PuzzleSession::puzzleOfTheDay() const {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  const long days = (local.tm_year - 100) * 366L + local.tm_yday;  // changes at local midnight
  return static_cast<std::size_t>(days) % puzzles_.size();
}

std::size_t PuzzleSession::solvedCount() const {
  std::lock_guard lock(mutex_);
  return solved_.size();
}

std::size_t PuzzleSession::nextUnsolved(std::size_t index) const {
  std::lock_guard lock(mutex_);
  for (std::size_t k = 1; k <= puzzles_.size(); ++k) {
    const std::size_t i = (index + k) % puzzles_.size();
    if (!solved_.count(lines_[i])) return i;
  }
  return index;
}

void PuzzleSession::show(std::size_t index, int symmetry) {
  index_ = index;
  symmetry_ = symmetry;
  shown_ = puzzles_[index];
  shown_.position = transform(symmetry, shown_.position);
  shown_.bestMove = mapCell(symmetry, shown_.bestMove);
  check_.reset(PuzzleAnswer{});
  std::lock_guard lock(mutex_);
  solvedBefore_ = solved_.count(lines_[index]) > 0;
}

bool PuzzleSession::shownSolved() const {
  std::lock_guard lock(mutex_);
  return solved_.count(lines_[index_]) > 0;
}

void PuzzleSession::checkFirstMove(int move) {
  // The puzzle goes by value: the board may show another one before the check ends.
  check_.start(PuzzleAnswer{move, false, {}},
               [this, puzzle = shown_, move](const std::atomic<bool>&,
                                             const BackgroundJob<PuzzleAnswer>::Publish& publish) {
                 const AnswerCheck check = checkAnswer(solver_, puzzle, move, kAnswerPositions);
                 publish([&](PuzzleAnswer& answer) {
                   answer.checked = true;
                   answer.check = check;
                 });
               });
}

PuzzleAnswer PuzzleSession::answer() const { return check_.state(); }

void PuzzleSession::markShownSolved() {
  std::lock_guard lock(mutex_);
  const std::string& line = lines_[index_];
  if (!solved_.insert(line).second || solvedPath_.empty()) return;
  if (makeStateDirectory()) std::ofstream(solvedPath_, std::ios::app) << line << '\n';
}

}  // namespace qubic::tui
