#!/bin/sh
# tools/table/run-jobs.sh on a directory whose name has a space and a quote (every job failed
# with "table job: one POSITION" before), and a second run on a directory in use refused
# (the jobs ran twice before): issue 68, 13.
#
#   test_run_jobs.sh BUILD_DIR      (exit 77: skipped, parallel or flock missing)
set -eu
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")/../.." && pwd)
for tool in parallel flock; do
  command -v "$tool" >/dev/null 2>&1 || { echo "SKIPPED: $tool is missing"; exit 77; }
done
work=$(mktemp -d /tmp/qubic-run-jobs.XXXXXX)
trap 'rm -rf "$work"' EXIT INT TERM
dir="$work/table run's dir"
mkdir -p "$dir"
"$build/bin/qubic-solve" table list --stones 4 | head -3 > "$dir/jobs-4.txt"
QUBIC_SOLVE="$build/bin/qubic-solve" "$here/tools/table/run-jobs.sh" "$dir" 4 100000 -- --jobs 2 \
  > "$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: the run failed"; exit 1; }
n=$(ls "$dir" | grep -c '\.result$' || true)
[ "$n" -eq 3 ] || { cat "$work/out"; echo "FAIL: $n results, not 3"; exit 1; }
echo "ok: three jobs ran in a directory named with a space and a quote"

# A second run while the first holds the directory's lock: refused at once, exit 3.
flock "$dir/run.lock" sleep 30 &
holder=$!
sleep 1
status=0
QUBIC_SOLVE="$build/bin/qubic-solve" "$here/tools/table/run-jobs.sh" "$dir" 4 100000 > "$work/out" 2>&1 || status=$?
kill $holder 2>/dev/null || true
[ $status -eq 3 ] && grep -q "in use by another run" "$work/out" ||
  { cat "$work/out"; echo "FAIL: a second run was not refused (exit $status)"; exit 1; }
echo "ok: a second run on a directory in use is refused"
