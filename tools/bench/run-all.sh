#!/bin/sh
# Every figure of docs/benchmarks.md at the commit checked out, in one run: the date, the
# commit, the machine, the compiler and the load first; then the empty board's solve under
# /usr/bin/time -v (the time, the work, the peak memory); then every section of
# qubic-bench; then the load at the end. `make bench` writes this to build/benchmarks.txt,
# and the page's table is copied from one such file (about 15 minutes on 2 cores).
#
#   tools/bench/run-all.sh [BIN-DIR]      (default build/bin)
set -eu
bin=${1:-build/bin}
for program in qubic-solve qubic-bench; do
  [ -x "$bin/$program" ] || { echo "$0: $bin/$program is missing (make build)" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "$0: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD 2>/dev/null || commit="$commit (with uncommitted changes)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "commit: $commit"
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB, $(uname -sr)"
echo "compiler: $(c++ --version | head -1)"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== solve: the empty board, one thread, without the opening table =="
proof=$(mktemp)
trap 'rm -f "$proof"' EXIT
/usr/bin/time -v "$bin/qubic-solve" prove --threads 1 --no-table --proof "$proof" 2>&1 |
  grep -E '^(result|best|nodes|positions|time|proof)|Elapsed|Maximum resident' || true
"$bin/qubic-bench" all
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
