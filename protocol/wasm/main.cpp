// qubic-engine for a page: the same UGI session as the native program, driven line by line
// by a Web Worker (web/engine-worker.js) instead of standard input. Replies go to standard
// output, a line each, which the Worker's Module.print posts to the page.
//
// Two builds (make site). Without threads a search runs inside qubic_command and reports
// before it returns, so the Worker cannot read `stop` meanwhile: the page's transport stops
// a search by ending the Worker. With threads (WebAssembly pthreads, for a page that is
// cross-origin isolated) the search runs on a thread of its own, as natively, and `stop`
// reaches it: docs/web.md, "The engine in the page".
#include <emscripten/emscripten.h>

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "config/settings.hpp"
#include "protocol/player_searcher.hpp"
#include "protocol/ugi.hpp"

#ifdef __EMSCRIPTEN_PTHREADS__
#include <emscripten/threading.h>

#include <deque>
#include <mutex>
#endif

namespace {

constexpr int kPageHashMb = 16;

std::unique_ptr<qubic::PlayerSearcher> searcher;
std::unique_ptr<qubic::UgiSession> session;

void print(std::string_view line) {
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

#ifdef __EMSCRIPTEN_PTHREADS__

// One lock for every call into the session, as in the native main.
std::mutex sessionMutex;

template <class F>
void locked(F&& f) {
  const std::lock_guard<std::mutex> lock(sessionMutex);
  f();
}

// Standard output belongs to the Worker's thread: a search thread that printed would wait
// for it, and it may be waiting for the session's lock, which the search thread holds. So
// every line goes into one queue, in the order written, and the Worker's thread prints it:
// at once when it wrote it, or soon after a search thread's line.
std::mutex outMutex;
std::deque<std::string> out;
bool flushAsked = false;

void flushLines() {
  std::deque<std::string> lines;
  {
    const std::lock_guard<std::mutex> lock(outMutex);
    lines.swap(out);
    flushAsked = false;
  }
  for (const std::string& line : lines) print(line);
}

void writeLine(std::string_view line) {
  const bool here = emscripten_is_main_runtime_thread();
  bool ask = false;
  {
    const std::lock_guard<std::mutex> lock(outMutex);
    out.emplace_back(line);
    if (!here && !flushAsked) ask = flushAsked = true;
  }
  if (here)
    flushLines();
  else if (ask)
    emscripten_async_run_in_main_runtime_thread(EM_FUNC_SIG_V, flushLines);
}

// Lines that need the engine idle while a timed search runs wait for its end, as the
// native main makes them wait (UgiSession::waitsForSearch); `stop`, `isready` and `quit`
// are carried out at once.
std::deque<std::string> waiting;

void carryOut(std::string_view line) {
  locked([&] { session->handle(line); });
  searcher->waitIfStopping();  // after stop the bestmove is out before the next command
}

void handleWaiting() {
  for (;;) {
    std::string line;
    bool ready = false;
    locked([&] {
      ready = !waiting.empty() && !session->waitsForSearch(waiting.front());
      if (ready) line = std::move(waiting.front()), waiting.pop_front();
    });
    if (!ready) return;
    carryOut(line);
  }
}

void handle(std::string_view line) {
  if (qubic::UgiSession::jumpsQueue(line))
    carryOut(line);
  else
    locked([&] { waiting.emplace_back(line); });
  handleWaiting();
}

void onSearchEnded() { emscripten_async_run_in_main_runtime_thread(EM_FUNC_SIG_V, handleWaiting); }

constexpr bool kOnCallerThread = false;

#else

template <class F>
void locked(F&& f) {
  f();
}

void writeLine(std::string_view line) { print(line); }

void handle(std::string_view line) { session->handle(line); }

void onSearchEnded() {}

constexpr bool kOnCallerThread = true;

#endif

// The searcher's reports, on the search's thread where there is one.
qubic::PlayerSearcher::Report report() {
  return [](const qubic::MoveChoice& choice, bool done) {
    locked([&] {
      if (done)
        session->onSearchDone(choice);
      else
        session->onSearchProgress(choice);
    });
    if (done) onSearchEnded();
  };
}

qubic::StudyReport studyReport() {
  return [](const std::vector<std::string>& lines, bool done) {
    locked([&] { session->onStudied(lines, done); });
    if (done) onSearchEnded();
  };
}

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
  // it is cleared, which slows the engine's start (docs/web.md), and a page lives beside
  // others, on phones too. The page's searches are short; Hash sets more.
  settings.engine.hashMb = kPageHashMb;
  searcher = std::make_unique<qubic::PlayerSearcher>(report(), kOnCallerThread, studyReport());
  session = std::make_unique<qubic::UgiSession>(settings, *searcher, writeLine);
  session->refuseFileOptions();  // a page names no file of its host's
  if (kOnCallerThread)
    session->omitOption("Threads", "the engine in a page searches on one thread");
  session->omitOption("ProvenCache", "a page's engine keeps no file between pages");
  return 0;
}

// One command line; without threads, its replies are written before it returns.
EMSCRIPTEN_KEEPALIVE void qubic_command(const char* line) {
  if (session && !session->quitRequested()) handle(line);
}

}  // extern "C"
