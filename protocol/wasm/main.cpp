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

std::unique_ptr<qubic::PlayerSearcher> searcher;
std::unique_ptr<qubic::UgiSession> session;

}  // namespace

extern "C" {

// Starts the session with the default settings (the page sets its options over UGI).
// The data files are in the Worker's file system, under /usr/share/qubic, by then.
EMSCRIPTEN_KEEPALIVE int qubic_start() {
  const qubic::Parsed<qubic::Settings> settings = qubic::resolveSettings("");
  if (!settings) {
    writeLine("info string error: " + settings.error());
    return 1;
  }
  searcher = std::make_unique<qubic::PlayerSearcher>(
      [](const qubic::MoveChoice& choice, bool done) {
        if (done)
          session->onSearchDone(choice);
        else
          session->onSearchProgress(choice);
      },
      true);
  session = std::make_unique<qubic::UgiSession>(settings.value(), *searcher, writeLine);
  session->refuseFileOptions();  // a page names no file of its host's
  return 0;
}

// One command line; its replies are written before it returns.
EMSCRIPTEN_KEEPALIVE void qubic_command(const char* line) {
  if (session && !session->quitRequested()) session->handle(line);
}

}  // extern "C"
