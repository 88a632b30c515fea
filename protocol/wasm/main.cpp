// qubic-engine for a page: the same UGI session as the native program, driven line by line
// by a Web Worker (web/engine-worker.js) instead of standard input. The build has no
// threads: a search runs inside qubic_command and reports before it returns, so a Worker
// cannot read `stop` meanwhile; the page's transport stops a search by ending the Worker
// (docs/web.md, "The engine in the page"). Replies go to standard output, a line each,
// which the Worker's Module.print posts to the page.
#include <emscripten/emscripten.h>

#include <cstdio>
#include <memory>
#include <string_view>

#include "config/settings.hpp"
#include "protocol/player_searcher.hpp"
#include "protocol/ugi.hpp"

namespace {

void writeLine(std::string_view line) {
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

constexpr int kPageHashMb = 16;

std::unique_ptr<qubic::PlayerSearcher> searcher;
std::unique_ptr<qubic::UgiSession> session;

}  // namespace

extern "C" {

// Starts the session with the default settings but for the tables' size (the page sets
// its options over UGI).
// The data files are in the Worker's file system, under /usr/share/qubic, by then.
EMSCRIPTEN_KEEPALIVE int qubic_start() {
  const qubic::Parsed<qubic::Settings> resolved = qubic::resolveSettings("");
  if (!resolved) {
    writeLine("info string error: " + resolved.error());
    return 1;
  }
  qubic::Settings settings = resolved.value();
  // A page's tables start smaller than the native 64 MB: WebAssembly memory is touched as
  // it is cleared (64 MB took 0.3 s of the engine's start in Chromium, 16 MB 0.06 s), and a
  // page lives beside others, on phones too. The page's searches are short; Hash sets more.
  settings.engine.hashMb = kPageHashMb;
  searcher = std::make_unique<qubic::PlayerSearcher>(
      [](const qubic::MoveChoice& choice, bool done) {
        if (done)
          session->onSearchDone(choice);
        else
          session->onSearchProgress(choice);
      },
      true,
      [](const std::vector<std::string>& lines, bool done) { session->onStudied(lines, done); });
  session = std::make_unique<qubic::UgiSession>(settings, *searcher, writeLine);
  session->refuseFileOptions();  // a page names no file of its host's
  session->omitOption("Threads", "the engine in a page searches on one thread");
  session->omitOption("ProvenCache", "a page's engine keeps no file between pages");
  return 0;
}

// One command line; its replies are written before it returns.
EMSCRIPTEN_KEEPALIVE void qubic_command(const char* line) {
  if (session && !session->quitRequested()) session->handle(line);
}

}  // extern "C"
