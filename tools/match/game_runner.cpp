#include "game_runner.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "config/local_time.hpp"
#include "engine/core/notation.hpp"
#include "time_control.hpp"

namespace qubic::match {

namespace {

using std::chrono::milliseconds;

// The value given to a UGI option (names are case-insensitive); the last one counts.
std::string optionValue(const EngineConfig& engine, std::string_view option) {
  std::string found;
  for (const auto& [name, value] : engine.options)
    if (name.size() == option.size() &&
        std::equal(name.begin(), name.end(), option.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) ==
                 std::tolower(static_cast<unsigned char>(b));
        }))
      found = value;
  return found;
}

void addTags(GameRecord& record, const EngineProcess& x, const EngineProcess& o,
             const GameSetup& setup) {
  record.setTag("Event", setup.event);
  record.setTag("Date", localTime("%Y.%m.%d"));
  record.setTag("Round", std::to_string(setup.round));
  record.setTag("Game", std::to_string(setup.number));
  record.setTag("X", x.config().name);
  record.setTag("O", o.config().name);
  const std::string xLevel = optionValue(x.config(), "Level"),
                    oLevel = optionValue(o.config(), "Level");
  if (!xLevel.empty()) record.setTag("XLevel", xLevel);
  if (!oLevel.empty()) record.setTag("OLevel", oLevel);
  const std::string xControl = x.config().timeControl.text(),
                    oControl = o.config().timeControl.text();
  if (xControl == oControl) {
    record.setTag("TimeControl", xControl);
  } else {
    record.setTag("XTimeControl", xControl);
    record.setTag("OTimeControl", oControl);
  }
  record.setTag("Opening", setup.opening.text);
}

// "position startpos moves ..." or "position fen <position string> moves ...".
std::string positionCommand(const GameRecord& record) {
  std::string command = record.start == Position{} ? "position startpos"
                                                   : "position fen " + positionString(record.start);
  if (!record.moves.empty()) command += " moves";
  for (int cell : record.moves) command.append(" ").append(moveToken(cell));
  return command;
}

std::string moveComment(const EngineReply& reply) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f s", reply.elapsed.count() / 1000.0);
  std::string comment = seconds;
  if (!reply.score.empty()) comment += ", " + reply.score;
  if (!reply.reason.empty()) comment += ": " + reply.reason;
  return comment;
}

// One game in progress: the two engines, their clocks, the position and the record.
class Game {
 public:
  Game(EngineProcess& x, EngineProcess& o, const GameSetup& setup)
      : engines_{&x, &o},
        clocks_{Clock(x.config().timeControl), Clock(o.config().timeControl)},
        seed_(setup.seed),
        number_(setup.number) {
    outcome_.record.start = setup.opening.start;
    for (int cell : setup.opening.moves) outcome_.record.addMove(cell);
    position_ = setup.opening.position();
    addTags(outcome_.record, x, o, setup);
  }

  GameOutcome play() {
    if (startEngines())
      while (!position_.isGameOver() && nextMove()) {
      }
    if (!outcome_.faulty && !outcome_.interrupted) {
      outcome_.record.result = resultOf(position_);
      setTermination(Termination::Normal, "");
    }
    return std::move(outcome_);
  }

 private:
  // Starts both engines (X first) for a new game; false after a fault.
  bool startEngines() {
    for (Side side : {Side::X, Side::O}) {
      EngineProcess& engine = *engines_[index(side)];
      std::optional<EngineFault> f = engine.start();
      if (!f) f = engine.newGame(gameSeed(engine.config(), seed_, number_, side));
      if (f) {
        adjudicate(side, *f);
        return false;
      }
    }
    return true;
  }

  // Asks the side to move for its move and plays it; false after a fault.
  bool nextMove() {
    const Side side = position_.sideToMove();
    EngineProcess& engine = *engines_[index(side)];
    const std::optional<std::int64_t> allowed = clocks_[index(side)].allowedMs();
    const milliseconds deadline(
        allowed ? std::max<std::int64_t>(1, *allowed + engine.config().timeMarginMs)
                : engine.config().untimedTimeoutMs);
    auto answer = engine.think(positionCommand(outcome_.record),
                               goLimits(clocks_[0], clocks_[1], side), deadline);
    if (const EngineFault* f = std::get_if<EngineFault>(&answer)) {
      adjudicate(side, *f);
      return false;
    }
    const EngineReply& reply = std::get<EngineReply>(answer);
    std::optional<EngineFault> f;
    const Parsed<int> cell = parseMove(reply.move);
    if (reply.elapsed > deadline) {
      f = EngineFault{EngineFault::Kind::TimeForfeit,
                      "took " + std::to_string(reply.elapsed.count()) + " ms, more than the " +
                          std::to_string(deadline.count()) + " ms it had"};
    } else if (!cell) {
      f = EngineFault{EngineFault::Kind::Garbled,
                      "sent \"bestmove " + reply.move + "\" (" + cell.error() + ")"};
    } else if (!position_.isLegal(cell.value())) {
      engine.discard();
      adjudicate(side, Termination::IllegalMove,
                 "played " + moveToken(cell.value()) + ", which is already occupied");
      return false;
    }
    if (f) {
      engine.discard();
      adjudicate(side, *f);
      return false;
    }
    clocks_[index(side)].charge(reply.elapsed.count());
    position_.play(cell.value());
    outcome_.record.addMove(cell.value(), moveComment(reply));
    return true;
  }

  void adjudicate(Side side, const EngineFault& f) {
    if (f.kind == EngineFault::Kind::Interrupted) {
      outcome_.interrupted = true;
      return;
    }
    adjudicate(side, terminationOf(f.kind), f.details);
  }

  // The side loses for what its engine did.
  void adjudicate(Side side, Termination termination, const std::string& what) {
    outcome_.record.result = side == Side::X ? GameResult::OWins : GameResult::XWins;
    outcome_.faulty = side;
    const std::string who =
        std::string(side == Side::X ? "X (" : "O (") + engines_[index(side)]->config().name + ")";
    setTermination(termination, who + " " + what);
  }

  void setTermination(Termination termination, const std::string& details) {
    outcome_.termination = termination;
    outcome_.details = details;
    outcome_.record.setTag("Termination", std::string(terminationText(termination)));
    if (!details.empty()) outcome_.record.setTag("TerminationDetails", details);
  }

  EngineProcess* engines_[2];
  Clock clocks_[2];
  std::uint64_t seed_;
  int number_;
  Position position_;
  GameOutcome outcome_;
};

}  // namespace

std::uint64_t gameSeed(const EngineConfig& engine, std::uint64_t matchSeed, int game, Side side) {
  const std::string own = optionValue(engine, "Seed");
  const std::uint64_t base = own.empty() ? matchSeed : std::strtoull(own.c_str(), nullptr, 10);
  // splitmix64 of the three: neighbouring games get unrelated seeds.
  std::uint64_t z = base + 0x9e3779b97f4a7c15ULL * (2 * static_cast<std::uint64_t>(game) +
                                                    static_cast<std::uint64_t>(index(side)) + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z = (z ^ (z >> 31)) & 0x7fffffffffffffffULL;  // UGI spin options end at 2^63 - 1
  return z == 0 ? 1 : z;
}

GameOutcome playGame(EngineProcess& x, EngineProcess& o, const GameSetup& setup) {
  return Game(x, o, setup).play();
}

}  // namespace qubic::match
