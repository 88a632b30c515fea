// Puzzles cut from games and proven: "X (or O) to move wins within N plies". Each one is
// settled move by move: every winning first move is known (its win checked by the rules),
// every other move is shown not to win, and the fastest is named. Generation is
// deterministic (a seed and budgets in positions), so a shipped set can be rebuilt byte
// for byte. The text format, a puzzle a line, is in docs/puzzles.md.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/parsed.hpp"
#include "engine/core/position.hpp"
#include "engine/proof/solver.hpp"

namespace qubic {

struct Puzzle {
  Position position;     // its side to move wins; no three of either side on the board
  int plies = 0;         // the fastest win's length along its checked proof
  int bestMove = -1;     // that fastest winning move
  int winningMoves = 0;  // how many first moves win (every other one is shown not to)
  int stars = 1;         // difficulty 1..5, from plies and winningMoves

  friend bool operator==(const Puzzle&, const Puzzle&) = default;
};

struct PuzzleOptions {
  int count = 10;
  std::uint64_t seed = 1;
  int minPlies = 5, maxPlies = 15;            // the fastest win's length
  int maxWinningMoves = 8;                    // more, and it is hardly a puzzle
  std::uint64_t positionsPerSolve = 100'000;  // budget of each question to the solver
  const std::atomic<bool>* stop = nullptr;
  std::function<void(int found, int tried)> progress;
};

// Puzzles from games between two engines (engine/play/player, levels 2 to 6, seeded, a node
// budget per move), sorted by stars then plies.
std::vector<Puzzle> generatePuzzles(Solver& solver, const PuzzleOptions& options);

// Puzzles cut from a proof (docs/proof-format.md): its forcing wins, in the order the proof
// holds them, each settled as above; `options.seed` is not used. Nothing when the proof
// does not verify.
std::vector<Puzzle> puzzlesFromProof(Solver& solver, std::istream& proof,
                                     const PuzzleOptions& options);

// Sorted by stars, then plies (the order of a puzzle file).
void sortPuzzles(std::vector<Puzzle>& puzzles);

// Settles `pos` as a puzzle: every legal move judged, each within `positions`. Nothing
// when it is not one (a three on the board, no win, a move left unsettled, or more than
// `maxWinningMoves` winning moves: the search stops as soon as it sees that many).
std::optional<Puzzle> settlePuzzle(Solver& solver, const Position& pos, std::uint64_t positions,
                                   const std::atomic<bool>* stop = nullptr,
                                   int maxWinningMoves = kCells);

// What a player's answer is worth.
enum class AnswerVerdict : std::uint8_t { Fastest, Wins, DoesNotWin, NotProven };
struct AnswerCheck {
  AnswerVerdict verdict = AnswerVerdict::NotProven;
  int plies = 0;  // the win's length after this move, when it wins
};
AnswerCheck checkAnswer(Solver& solver, const Puzzle& puzzle, int move, std::uint64_t positions);

// "<position> <plies> <winning moves> <best move> <stars>"; parsePuzzle reads it back and
// checks the fields (not the claim: that is the solver's and the verifier's job).
std::string puzzleLine(const Puzzle& p);
Parsed<Puzzle> parsePuzzle(std::string_view line);
// A file of such lines; '#' starts a comment line, blank lines are skipped. Errors name
// the line.
Parsed<std::vector<Puzzle>> parsePuzzles(std::string_view text);

}  // namespace qubic
