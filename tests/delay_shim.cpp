// An LD_PRELOAD shim for the test of issue 42 (5): pipe2 returns 100 ms late and fork
// returns to the parent 300 ms late, so that two threads of qubic-match starting engines
// at once always overlap (one forks while the other's pipes are open), as happened only
// now and then under load.
#include <dlfcn.h>
#include <unistd.h>

extern "C" int pipe2(int fds[2], int flags) {
  using Pipe2 = int (*)(int*, int);
  static const auto real = reinterpret_cast<Pipe2>(dlsym(RTLD_NEXT, "pipe2"));
  const int result = real(fds, flags);
  usleep(100'000);
  return result;
}

extern "C" pid_t fork() {
  using Fork = pid_t (*)();
  static const auto real = reinterpret_cast<Fork>(dlsym(RTLD_NEXT, "fork"));
  const pid_t pid = real();
  if (pid > 0) usleep(300'000);
  return pid;
}
