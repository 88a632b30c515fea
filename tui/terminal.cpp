#include "terminal.hpp"

#include <curses.h>
#include <termios.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <exception>
#include <initializer_list>

namespace qubic::tui {

namespace {

volatile std::sig_atomic_t gTerminate = 0;
volatile std::sig_atomic_t gCursesActive = 0;

void onTerminate(int signal) { gTerminate = signal; }

// Crashes still give the user a working terminal: leave curses, then die as intended.
void onFatalSignal(int signal) {
  restoreTerminal();
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void onUncaughtException() {
  restoreTerminal();
  std::abort();
}

}  // namespace

TerminalSession::TerminalSession() {
  // Our handlers are in place before initscr, so curses leaves SIGINT/SIGTERM to us.
  std::signal(SIGINT, onTerminate);
  std::signal(SIGTERM, onTerminate);
  std::signal(SIGHUP, onTerminate);
  for (int fatal : {SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGILL, SIGQUIT})
    std::signal(fatal, onFatalSignal);
  std::set_terminate(onUncaughtException);

  initscr();
  gCursesActive = 1;
  cbreak();  // not raw: Ctrl-C still raises SIGINT
  // Nor flow control: Ctrl-S would stop all output until Ctrl-Q, a frozen game to anyone
  // who does not know it. endwin() gives the terminal back its modes from before initscr.
  termios modes{};
  if (tcgetattr(STDIN_FILENO, &modes) == 0) {
    modes.c_iflag &= ~static_cast<tcflag_t>(IXON);
    tcsetattr(STDIN_FILENO, TCSANOW, &modes);
  }
  noecho();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  timeout(100);  // getch returns ERR after 100 ms, so the engine's progress is redrawn
  // Releases are asked for too (and ignored): a release outside the mask made ncurses read
  // on for a wanted event inside getch, ignoring the timeout, so the screen froze until
  // the next key when a click's press and release arrived together.
  mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED, nullptr);
  mouseinterval(0);
}

TerminalSession::~TerminalSession() { restoreTerminal(); }

bool terminationRequested() { return gTerminate != 0; }

int terminationSignal() { return gTerminate; }

void restoreTerminal() {
  if (!gCursesActive) return;
  gCursesActive = 0;
  endwin();
}

}  // namespace qubic::tui
