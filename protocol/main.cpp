// qubic-engine: the engine behind the UGI protocol on stdin/stdout.
// The main thread reads commands; the Player thinks on a search thread (PlayerSearcher).
// One mutex serialises every call into the session, so replies never interleave and
// `isready`, `stop` and `quit` are answered while a search runs.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "command_input.hpp"
#include "config/book_file.hpp"
#include "config/command_line.hpp"
#include "config/data_dirs.hpp"
#include "config/program.hpp"
#include "config/settings.hpp"
#include "config/shipped_data.hpp"
#include "line_output.hpp"
#include "player_searcher.hpp"
#include "ugi.hpp"

namespace {

constexpr std::string_view kUsage =
    "usage: qubic-engine [--config PATH] [--print-config] [--serve-page] [--help]\n"
    "Speaks the UGI protocol on standard input and output (docs/protocol.md).\n"
    "  --config PATH    read the settings from PATH instead of the default file\n"
    "  --serve-page     behind the web bridge: no option may name a file (docs/web.md)\n"
    "  --print-config   print the effective settings as TOML and exit\n"
    "  --help           print this help and exit\n"
    "  --version        print the version and exit\n";

struct Arguments {
  std::string configPath;
  bool printConfig = false;
  bool help = false;
  bool version = false;
  bool servePage = false;
  std::string error;
};

Arguments readArguments(int argc, char** argv) {
  Arguments args;
  std::vector<std::string> words(argv + 1, argv + argc);
  for (std::string& w : words)
    if (w == "-h") w = "--help";
  try {
    const qubic::CommandLine line(
        words, {{"--help", "--version", "--print-config", "--serve-page"}, {"--config"}});
    if (!line.positional().empty())
      throw qubic::UsageError("unexpected argument '" + line.positional()[0] + "'");
    args.help = line.has("--help");
    args.version = line.has("--version");
    args.printConfig = line.has("--print-config");
    args.servePage = line.has("--serve-page");
    args.configPath = line.text("--config");
  } catch (const qubic::UsageError& e) {
    args.error = e.what();
  }
  return args;
}

// The commands answered at once even behind a command that waits for the search.
bool isUrgent(const qubic::InputLine& line) {
  if (line.kind == qubic::LineRead::End) return true;
  return line.kind == qubic::LineRead::Line && qubic::UgiSession::jumpsQueue(line.text);
}

// The replies go out through a writer thread (protocol/line_output), so a controller that
// stops reading cannot keep the engine from reading its input, or from ending with it.
// Never destroyed: a writer blocked on such a controller is left to the process's exit.
qubic::LineOutput* replies = nullptr;
void writeLine(std::string_view line) { replies->write(line); }
// How long the engine waits at its end for its last replies to be read.
constexpr std::chrono::seconds kLastRepliesWait{2};

// Reads commands until `carryOut` says the engine is to exit. A command such as `position`
// that arrives during a timed search is carried out after it, so scripts need not wait for
// bestmove (untimed searches refuse it instead, since only `stop` would end the wait).
// Meanwhile the lines behind it are read, and `stop`, `isready`, `quit` and the end of input
// jump the queue. `waits` is asked without the session's lock: the search needs it to
// deliver its result.
void readCommands(qubic::CommandInput& input,
                  const std::function<bool(const qubic::InputLine&)>& carryOut,
                  const std::function<bool(const qubic::InputLine&)>& waits) {
  for (bool more = true; more;) {
    const qubic::InputLine line = input.next();
    while (more && waits(line)) {
      input.read(10);
      if (const std::optional<qubic::InputLine> urgent = input.take(isUrgent))
        more = carryOut(*urgent);
    }
    more = more && carryOut(line);
  }
}

// The UGI session on stdin/stdout until quit or the end of input; the exit code.
int serve(const qubic::Settings& settings, bool servePage) {
  replies = new qubic::LineOutput(STDOUT_FILENO);
  std::mutex sessionMutex;
  qubic::UgiSession* session = nullptr;
  qubic::PlayerSearcher searcher(
      [&](const qubic::MoveChoice& choice, bool done) {
        const std::lock_guard<std::mutex> lock(sessionMutex);
        if (done)
          session->onSearchDone(choice);
        else
          session->onSearchProgress(choice);
      },
      false,
      [&](const std::vector<std::string>& lines, bool done) {
        const std::lock_guard<std::mutex> lock(sessionMutex);
        session->onStudied(lines, done);
      });
  qubic::UgiSession ugi(settings, searcher, writeLine);
  session = &ugi;
  if (servePage) ugi.refuseFileOptions();

  // Carries out one command; false once the engine is to exit.
  const auto carryOut = [&](const qubic::InputLine& line) {
    if (line.kind == qubic::LineRead::TooLong) {
      const std::lock_guard<std::mutex> lock(sessionMutex);
      ugi.rejectLongLine(qubic::kMaxCommandBytes);
      return true;
    }
    // The end of input is a quit: the controller has gone; so is a controller that has
    // left more replies unread than anyone would (LineOutput::kMaxPendingBytes).
    const bool gone = line.kind == qubic::LineRead::End || replies->overflowed();
    const std::string_view command = gone ? std::string_view("quit") : std::string_view(line.text);
    bool quitting = false;
    {
      const std::lock_guard<std::mutex> lock(sessionMutex);
      ugi.handle(command);
      quitting = ugi.quitRequested();
    }
    searcher.waitIfStopping();  // after stop or quit the bestmove is out before the next command
    return !quitting;
  };
  const auto waits = [&](const qubic::InputLine& line) {
    const std::lock_guard<std::mutex> lock(sessionMutex);
    return line.kind == qubic::LineRead::Line && ugi.waitsForSearch(line.text);
  };
  qubic::CommandInput input(STDIN_FILENO);
  readCommands(input, carryOut, waits);
  searcher.stop();  // quit has stopped any search already; this keeps the exit certain
  searcher.waitForSearch();
  if (const std::string problem = searcher.saveProvenValues(); !problem.empty()) {
    const std::lock_guard<std::mutex> lock(sessionMutex);
    ugi.inform(problem);
  }
  // A controller that reads gets every reply; one that does not, no longer than this.
  if (!replies->finish(kLastRepliesWait)) std::_Exit(0);
  return 0;
}

int run(int argc, char** argv) {
  const Arguments args = readArguments(argc, argv);
  if (!args.error.empty()) {
    std::fprintf(stderr, "qubic-engine: %s\n%s", args.error.c_str(),
                 qubic::tryHelpText("qubic-engine").c_str());
    return 2;
  }
  if (args.version) {
    std::fputs(qubic::versionText("qubic-engine").c_str(), stdout);
    return 0;
  }
  if (args.help) {
    std::fputs(std::string(kUsage).c_str(), stdout);
    std::fputs(qubic::shippedDataReport().c_str(), stdout);
    return 0;
  }
  const qubic::Parsed<qubic::Settings> settings = qubic::resolveSettings(args.configPath);
  if (!settings) {
    std::fprintf(stderr, "%s\n", settings.error().c_str());
    return 1;
  }
  if (args.printConfig) {
    std::fputs(qubic::settingsToToml(settings.value()).c_str(), stdout);
    return 0;
  }
  return serve(settings.value(), args.servePage);
}

}  // namespace

int main(int argc, char** argv) {
  // What the engine cannot do without (its search thread, its tables) ends it with a
  // message, never an abort.
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "qubic-engine: cannot go on: %s\n", e.what());
    return 1;
  }
}
