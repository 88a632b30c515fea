// The terminal's curses mode, entered once and always left: on return, on exceptions,
// on SIGINT/SIGTERM (which ask the main loop to stop) and on fatal signals.
#pragma once

namespace qubic::tui {

class TerminalSession {
 public:
  TerminalSession();   // installs the signal handlers, then initscr and friends
  ~TerminalSession();  // endwin
  TerminalSession(const TerminalSession&) = delete;
  TerminalSession& operator=(const TerminalSession&) = delete;
};

// True once SIGINT or SIGTERM arrived; the main loop then quits normally.
bool terminationRequested();
// The signal that asked for it (SIGINT, SIGTERM, SIGHUP), 0 for none.
int terminationSignal();

// Leaves curses mode if it is active; safe to call more than once.
void restoreTerminal();

}  // namespace qubic::tui
