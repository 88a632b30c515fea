#include "engine_process.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace qubic::client {

namespace {

using std::chrono::milliseconds;
using Kind = EngineFault::Kind;

// Long enough for a slow program on a loaded machine to load, short enough that a
// program which never answers does not stall the tournament for long.
constexpr milliseconds kHandshakeTimeout{10000};
constexpr milliseconds kQuitGrace{1000};

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A line of unknown content, made safe and short for a message.
std::string quoted(std::string_view line) {
  constexpr std::size_t kShown = 80;
  std::string out = "\"";
  for (char c : line.substr(0, kShown))
    out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
  if (line.size() > kShown) out += "...";
  return out + "\"";
}

// "option name Hash type spin ..." gives "Hash"; option names may contain spaces.
std::string optionName(std::string_view line) {
  std::string_view rest = line.substr(std::string_view("option name ").size());
  const std::size_t type = rest.find(" type ");
  return std::string(rest.substr(0, type));
}

std::string words(std::string_view line, std::size_t from) {
  const std::size_t begin = line.find_first_not_of(' ', from);
  return begin == std::string_view::npos ? std::string() : std::string(line.substr(begin));
}

// "cp 35" from "info depth 5 ... score cp 35 pv 1a1"; empty without a score.
std::string scoreOf(const std::string& infoLine) {
  std::istringstream words(infoLine);
  std::string word, kind, value;
  while (words >> word)
    if (word == "score" && words >> kind >> value) return kind + " " + value;
  return {};
}

std::string msText(milliseconds ms) { return std::to_string(ms.count()) + " ms"; }

}  // namespace

EngineProcess::EngineProcess(EngineConfig config, const std::atomic<bool>* stop)
    : config_(std::move(config)), stop_(stop) {}

EngineFault EngineProcess::fault(Kind kind, std::string details) {
  discard();  // whatever state it is in, it is not trusted with another move
  return {kind, std::move(details)};
}

EngineFault EngineProcess::crashed(Kind kind, const std::string& when) {
  std::string how = process_.waitForExit(milliseconds(500));
  if (how.empty()) how = "closed its output";
  const std::string said = process_.lastErrorLine();
  return fault(kind,
               how + " " + when + (said.empty() ? "" : "; its last error output: " + quoted(said)));
}

std::optional<EngineFault> EngineProcess::waitFor(std::string_view reply,
                                                  std::string_view afterSending) {
  const std::string when =
      "while the manager waited for " + std::string(reply) + " after " + std::string(afterSending);
  const auto deadline = std::chrono::steady_clock::now() + kHandshakeTimeout;
  std::string line;
  for (;;) {
    switch (process_.readLine(line, deadline, stop_)) {
      case PipedProcess::Read::Line:
        break;
      case PipedProcess::Read::Closed:
        return crashed(Kind::Crash, when);
      case PipedProcess::Read::Interrupted:
        return fault(Kind::Interrupted, "the tournament was interrupted");
      case PipedProcess::Read::Overlong:
        return fault(Kind::Garbled, "sent a line longer than 64 KiB " + when);
      case PipedProcess::Read::Timeout:
        return fault(Kind::TimeForfeit, "did not answer " + std::string(afterSending) + " within " +
                                            msText(kHandshakeTimeout));
    }
    if (line == reply) return std::nullopt;
    if (startsWith(line, "id name ")) idName_ = words(line, 8);
    if (startsWith(line, "option name ")) offeredOptions_.push_back(optionName(line));
    if (startsWith(line, "info string error"))
      return fault(Kind::Garbled, "refused a command: " + quoted(line));
  }
}

std::optional<EngineFault> EngineProcess::start() {
  if (running()) return std::nullopt;
  idName_.clear();
  offeredOptions_.clear();
  if (std::string problem = process_.start(config_.command, config_.args); !problem.empty())
    return fault(Kind::StartFailure, problem);
  // Whatever goes wrong before the engine is ready means that it failed to start.
  auto startFault = [](std::optional<EngineFault> f) {
    if (f && f->kind != Kind::Interrupted) f->kind = Kind::StartFailure;
    return f;
  };
  if (!process_.writeLine("ugi"))
    return startFault(crashed(Kind::StartFailure, "before the handshake"));
  if (auto f = waitFor("ugiok", "ugi")) return startFault(f);
  for (const auto& [name, value] : config_.options) {
    const std::string wanted = lowered(name);
    const bool offered = std::any_of(offeredOptions_.begin(), offeredOptions_.end(),
                                     [&](const std::string& o) { return lowered(o) == wanted; });
    if (!offered) {
      std::string list;
      for (const std::string& o : offeredOptions_) list += (list.empty() ? "" : ", ") + o;
      return fault(Kind::StartFailure, "has no option " + quoted(name) +
                                           " (it offers: " + (list.empty() ? "none" : list) + ")");
    }
    if (!process_.writeLine("setoption name " + name + " value " + value))
      return startFault(crashed(Kind::StartFailure, "during setoption"));
  }
  if (!process_.writeLine("isready"))
    return startFault(crashed(Kind::StartFailure, "before isready"));
  return startFault(waitFor("readyok", "the options and isready"));
}

std::optional<EngineFault> EngineProcess::newGame(std::uint64_t seed) {
  const bool seeded = std::any_of(offeredOptions_.begin(), offeredOptions_.end(),
                                  [](const std::string& o) { return lowered(o) == "seed"; });
  if (seeded && !process_.writeLine("setoption name Seed value " + std::to_string(seed)))
    return crashed(Kind::Crash, "before the game started");
  if (!process_.writeLine("uginewgame") || !process_.writeLine("isready"))
    return crashed(Kind::Crash, "before the game started");
  return waitFor("readyok", "uginewgame and isready");
}

std::variant<EngineReply, EngineFault> EngineProcess::think(const std::string& position,
                                                            const std::string& limits,
                                                            milliseconds deadline) {
  if (!process_.writeLine(position)) return crashed(Kind::Crash, "when sent the position");
  const auto sent = std::chrono::steady_clock::now();
  if (!process_.writeLine("go " + limits)) return crashed(Kind::Crash, "when asked to move");
  EngineReply reply;
  std::string line;
  for (;;) {
    switch (process_.readLine(line, sent + deadline, stop_)) {
      case PipedProcess::Read::Line:
        break;
      case PipedProcess::Read::Closed:
        return crashed(Kind::Crash, "while thinking");
      case PipedProcess::Read::Interrupted:
        return fault(Kind::Interrupted, "the tournament was interrupted");
      case PipedProcess::Read::Overlong:
        return fault(Kind::Garbled, "sent a line longer than 64 KiB while thinking");
      case PipedProcess::Read::Timeout:
        return fault(Kind::TimeForfeit, "sent no move within " + msText(deadline));
    }
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (startsWith(line, "info string ")) {
      if (startsWith(line, "info string reason: ")) reply.reason = words(line, 20);
      continue;
    }
    if (startsWith(line, "info ")) {
      if (std::string score = scoreOf(line); !score.empty()) reply.score = std::move(score);
      continue;
    }
    if (startsWith(line, "bestmove")) {
      reply.elapsed =
          std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - sent);
      const std::string rest = words(line, 8);
      if (line.size() > 8 && line[8] != ' ')
        return fault(Kind::Garbled, "sent " + quoted(line) + " while thinking");
      reply.move = rest.substr(0, rest.find(' '));
      if (reply.move.empty()) return fault(Kind::Garbled, "sent bestmove without a move");
      return reply;
    }
    return fault(Kind::Garbled, "sent " + quoted(line) + " while thinking");
  }
}

void EngineProcess::quit() {
  if (!running()) return;
  if (process_.writeLine("quit") && !process_.waitForExit(kQuitGrace).empty()) return;
  process_.kill();
}

}  // namespace qubic::client
