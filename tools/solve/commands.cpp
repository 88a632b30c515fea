// The command line of qubic-solve (cli.hpp): a command's words, its options checked and
// read by its own spec, then its run; the overview and each command's --help.
#include <cstdio>
#include <new>
#include <string>

#include "cli.hpp"
#include "config/program.hpp"
#include "config/shipped_data.hpp"

namespace qubic {

namespace {

void overview(const std::vector<const Command*>& commands) {
  std::fputs(
      "usage: qubic-solve COMMAND [ARGUMENTS]\n"
      "Proves who wins a Qubic position, checks proofs, reviews games, makes puzzles and\n"
      "the opening book.\n\nCommands:\n",
      stdout);
  for (const Command* c : commands) std::printf("  %-11s %s\n", c->name, c->summary);
  std::fputs(
      "\n`qubic-solve COMMAND --help` gives a command's options. The old forms (options\n"
      "alone, e.g. `qubic-solve --verify FILE`) still work and name the new one.\n",
      stdout);
  std::fputs(shippedDataReport().c_str(), stdout);
}

int usageError(const std::string& message, const std::string& command) {
  std::fprintf(stderr, "qubic-solve: %s\nTry 'qubic-solve %s--help' for more information.\n",
               message.c_str(), command.empty() ? "" : (command + " ").c_str());
  return 2;
}

// Runs the command `words` names with the arguments after its name.
int dispatch(const std::vector<const Command*>& commands, const Args& words) {
  const bool twoWords = words[0] == "book" || words[0] == "table";
  if (words[0] == "book" && (words.size() < 2 || words[1] == "--help"))
    return usageError("book needs a command: make, shrink, info or check", "");
  if (words[0] == "table" && (words.size() < 2 || words[1] == "--help"))
    return usageError("table needs a command: list, job, join, status, info or check", "");
  const std::string name = twoWords ? words[0] + " " + words[1] : words[0];
  const Args rest(words.begin() + (twoWords ? 2 : 1), words.end());
  for (const Command* c : commands) {
    if (name != c->name) continue;
    for (const std::string& a : rest)
      if (a == "--help" || a == "-h") {
        std::printf("usage: qubic-solve %s %s\n%s\n%s", c->name, c->synopsis, c->summary, c->help);
        return 0;
      }
    for (const std::string& a : rest) {
      const std::string option = a.substr(0, a.find('='));
      if (a.rfind("--", 0) == 0 && !takesOption(c->options, option))
        return usageError(name + " takes no " + option, name);
    }
    try {
      return c->run(CommandLine(rest, c->options));
    } catch (const UsageError& e) {
      return usageError(e.what(), name);
    } catch (const std::bad_alloc&) {
      // Commands that size their own tables say so themselves (prove's --hash); this is
      // the rest: a clear error rather than an abort, whatever thread ran out.
      const bool threaded = takesOption(c->options, "--threads");
      std::fprintf(stderr, "qubic-solve: %s: out of memory%s\n", name.c_str(),
                   threaded ? "; try fewer --threads" : "");
      return 2;
    }
  }
  return usageError("unknown command '" + name + "'", "");
}

}  // namespace

int runCommandLine(const std::vector<const Command*>& commands, const Args& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    overview(commands);
    return 0;
  }
  if (args[0] == "--version") {
    std::fputs(versionText("qubic-solve").c_str(), stdout);
    return 0;
  }
  const bool old = isOldForm(args[0], commands);
  if (args[0].rfind("--", 0) == 0 && !old)
    return usageError("unknown option '" + args[0] + "'", "");
  const Args words = old ? newWordsOf(args) : args;
  if (old) {
    std::string form;
    for (const std::string& w : words) form += (form.empty() ? "" : " ") + w;
    std::fprintf(stderr, "qubic-solve: note: the old form; it is now `qubic-solve %s`\n",
                 form.c_str());
  }
  return dispatch(commands, words);
}

bool takesOption(const CommandLine::Spec& spec, const std::string& option) {
  return spec.flags.count(option) || spec.valued.count(option) || spec.repeatable.count(option);
}

void failWith(const std::string& message) {
  std::fprintf(stderr, "qubic-solve: %s\n", message.c_str());
  std::exit(2);
}

std::uint64_t wholeNumber(const CommandLine& line, const std::string& option,
                          std::uint64_t fallback, std::uint64_t min, std::uint64_t max) {
  return static_cast<std::uint64_t>(line.count(
      option, static_cast<double>(fallback), static_cast<double>(min), static_cast<double>(max),
      "a whole number from " + std::to_string(min) + " to " + std::to_string(max)));
}

}  // namespace qubic
