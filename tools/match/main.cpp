// qubic-match: plays tournaments between UGI engines (docs/tournaments.md).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "command_line.hpp"
#include "config/local_time.hpp"
#include "config/program.hpp"
#include "config/settings.hpp"
#include "config/write_file.hpp"
#include "ladder_report.hpp"
#include "openings.hpp"
#include "pool_report.hpp"
#include "tournament.hpp"

namespace {

using namespace qubic;
using namespace qubic::match;

std::atomic<bool> interrupted{false};

// The qubic-engine built next to this program.
std::string ourEngine() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string("qubic-engine") : (self.parent_path() / "qubic-engine").string();
}

int fail(const std::string& message, int code) {
  std::cerr << "qubic-match: " << message << "\n";
  return code;
}

}  // namespace

// Why the ladder's report cannot go to `path` ("" when it can, or when none is asked for):
// said before the games, not after them.
static std::string checkReportPath(const std::string& path, const OutputKind& kind) {
  if (path.empty()) return {};
  if (std::string refused = checkOutputFile(path, kind); !refused.empty()) return refused;
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (!dir.empty() && !std::filesystem::is_directory(dir))
    return "the report's directory " + dir.string() +
           " does not exist (run from the source tree, or give -report)";
  return {};
}

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (std::find(args.begin(), args.end(), "--version") != args.end()) {
    std::cout << versionText("qubic-match");
    return 0;
  }
  if (wantsHelp(args)) {
    std::cout << usageText();
    return 0;
  }
  const Parsed<Settings> settings = resolveSettings(configPathArgument(args));
  if (!settings) return fail(settings.error(), 2);
  const Parsed<TournamentConfig> config =
      parseCommandLine(args, settings.value().match, ourEngine());
  if (!config) {
    std::cerr << "qubic-match: " << config.error() << "\n" << tryHelpText("qubic-match");
    return 2;
  }

  const std::string& openingsFile = config.value().openingsFile;
  const Parsed<Openings> openings = openingsFile.empty()
                                        ? Parsed<Openings>::success(builtInOpenings())
                                        : loadOpeningsFile(openingsFile);
  if (!openings) return fail(openings.error(), 2);
  const std::string& reportPath = config.value().reportPath;
  const bool pool = config.value().format == Format::Pool;
  const OutputKind& reportKind = pool ? kPoolReport : kLadderReport;
  if (const std::string refused = checkReportPath(reportPath, reportKind); !refused.empty())
    return fail(refused, 2);

  stopOnInterrupt(interrupted);

  LadderRun run{localTime("%Y-%m-%d %H:%M %Z"), 0, describeMachine()};
  const auto began = std::chrono::steady_clock::now();
  Tournament tournament(config.value(), openings.value(), std::cout, interrupted);
  const TournamentEnd end = tournament.run();
  run.minutes =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count() / 60;

  if (!reportPath.empty() && end == TournamentEnd::Completed) {
    if (const std::string error = writeOutputFile(
            reportPath, pool ? poolReport(tournament, run) : ladderReport(tournament, run),
            reportKind);
        !error.empty())
      return fail("the report is not written: " + error, 1);
    std::cout << (pool ? "The pooled fit is in " : "The ladder is in ") << reportPath << "\n";
  }
  switch (end) {
    case TournamentEnd::Completed:
    case TournamentEnd::SprtDecided:
      return 0;
    case TournamentEnd::Interrupted:
      return 130;
    case TournamentEnd::StoppedAfterCrash:
    case TournamentEnd::Failed:
      break;
  }
  return 1;
}
