#!/bin/sh
# tools/table/run-jobs.sh on a directory whose name has a space and a quote (every job failed
# with "table job: one POSITION" before), and a second run on a directory in use refused
# (the jobs ran twice before): issue 68, 13; and --nice reaching the session under autogroup
# scheduling (issue 72).
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
# The holder execs sleep with the lock's descriptor, so killing it frees the lock; the test
# waits until the lock is held (on a loaded machine the holder may take a while to start).
sh -c 'exec 9>>"$1"; flock 9; exec sleep 30' sh "$dir/run.lock" &
holder=$!
tries=0
while flock -n "$dir/run.lock" true; do
  tries=$((tries + 1))
  [ $tries -lt 600 ] || { echo "FAIL: the lock's holder never took it"; exit 1; }
  sleep 0.1
done
status=0
QUBIC_SOLVE="$build/bin/qubic-solve" "$here/tools/table/run-jobs.sh" "$dir" 4 100000 > "$work/out" 2>&1 || status=$?
kill $holder 2>/dev/null || true
[ $status -eq 3 ] && grep -q "in use by another run" "$work/out" ||
  { cat "$work/out"; echo "FAIL: a second run was not refused (exit $status)"; exit 1; }
echo "ok: a second run on a directory in use is refused"

# A list of budgets: a pass over the list for each in turn, each with its own joblog, so a
# stopped run resumes in the pass where it stopped.
fake="$work/fake-solve"
printf '#!/bin/sh\n# table job POSITION --dir DIR --positions N\necho "$3 $7" >> "$5/calls"\n' > "$fake"
chmod +x "$fake"
ladder_dir="$work/ladder"
mkdir -p "$ladder_dir"
printf 'p1\np2\n' > "$ladder_dir/jobs-4.txt"
QUBIC_SOLVE="$fake" "$here/tools/table/run-jobs.sh" "$ladder_dir" 4 1000,20000 -- --jobs 1 \
  > "$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: the run of two budgets failed"; exit 1; }
printf 'p1 1000\np2 1000\np1 20000\np2 20000\n' | cmp -s - "$ladder_dir/calls" ||
  { cat "$work/out" "$ladder_dir/calls"; echo "FAIL: not a pass per budget in turn"; exit 1; }
[ "$(grep -c 'fake-solve' "$ladder_dir/joblog-4-1000")" -eq 2 ] &&
  [ "$(grep -c 'fake-solve' "$ladder_dir/joblog-4-20000")" -eq 2 ] ||
  { ls "$ladder_dir"; echo "FAIL: no joblog per budget"; exit 1; }
QUBIC_SOLVE="$fake" "$here/tools/table/run-jobs.sh" "$ladder_dir" 4 1000,20000 > "$work/out" 2>&1 ||
  { cat "$work/out"; echo "FAIL: the second run of two budgets failed"; exit 1; }
[ "$(wc -l < "$ladder_dir/calls")" -eq 4 ] ||
  { cat "$ladder_dir/calls"; echo "FAIL: a finished run of two budgets ran jobs again"; exit 1; }
echo "ok: a list of budgets runs a pass per budget, each resumable"

# A job list given empty (all decided) runs nothing; before, the run listed every position
# of the stones and ran them all. A FIFO as the list is refused, not waited on; a listing
# that fails leaves no list behind (a rerun would take it for one given empty).
empty_dir="$work/empty"
mkdir -p "$empty_dir"
: > "$empty_dir/jobs-4.txt"
QUBIC_SOLVE="$fake" timeout 60 "$here/tools/table/run-jobs.sh" "$empty_dir" 4 1000 > "$work/out" 2>&1 ||
  { cat "$work/out"; echo "FAIL: a run over an empty list failed"; exit 1; }
[ ! -e "$empty_dir/calls" ] && [ ! -s "$empty_dir/jobs-4.txt" ] && grep -q "no job to run" "$work/out" ||
  { cat "$work/out"; echo "FAIL: an empty list ran jobs"; exit 1; }
rm "$empty_dir/jobs-4.txt"
mkfifo "$empty_dir/jobs-4.txt"
status=0
QUBIC_SOLVE="$fake" timeout 60 "$here/tools/table/run-jobs.sh" "$empty_dir" 4 1000 > "$work/out" 2>&1 || status=$?
[ $status -eq 2 ] && grep -q "not a regular file" "$work/out" ||
  { cat "$work/out"; echo "FAIL: a FIFO as the job list was not refused (exit $status)"; exit 1; }
rm "$empty_dir/jobs-4.txt"
printf '#!/bin/sh\necho "table list: refused" >&2\nexit 1\n' > "$work/failing-solve"
chmod +x "$work/failing-solve"
status=0
QUBIC_SOLVE="$work/failing-solve" timeout 60 "$here/tools/table/run-jobs.sh" "$empty_dir" 4 1000 \
  > "$work/out" 2>&1 || status=$?
[ $status -eq 2 ] && [ ! -e "$empty_dir/jobs-4.txt" ] && [ ! -e "$empty_dir/jobs-4.txt.new" ] ||
  { cat "$work/out"; ls "$empty_dir"; echo "FAIL: a failed listing left a list (exit $status)"; exit 1; }
echo "ok: an empty job list runs nothing; a FIFO or a failed listing is an error"

# QUBIC_KNOWN: the run's proofs gathered before each pass (after the first, only the new
# ones: --update), every job given the file (one job at a time: the calls are compared in
# order).
printf '#!/bin/sh\necho "$*" >> "%s/calls"\n' "$ladder_dir" > "$fake"
rm -f "$ladder_dir"/joblog-* "$ladder_dir/calls"
QUBIC_KNOWN="$ladder_dir/k w" QUBIC_SOLVE="$fake" "$here/tools/table/run-jobs.sh" "$ladder_dir" 4 \
  1000,20000 -- --jobs 1 > "$work/out" 2>&1 ||
  { cat "$work/out"; echo "FAIL: the run with known wins failed"; exit 1; }
printf '%s\n' "table known $ladder_dir --out $ladder_dir/k w" \
  "table job p1 --dir $ladder_dir --positions 1000 --known $ladder_dir/k w" \
  "table job p2 --dir $ladder_dir --positions 1000 --known $ladder_dir/k w" \
  "table known $ladder_dir --out $ladder_dir/k w --update" \
  "table job p1 --dir $ladder_dir --positions 20000 --known $ladder_dir/k w" \
  "table job p2 --dir $ladder_dir --positions 20000 --known $ladder_dir/k w" |
  cmp -s - "$ladder_dir/calls" ||
  { cat "$work/out" "$ladder_dir/calls"; echo "FAIL: the known wins not gathered and given"; exit 1; }
echo "ok: with QUBIC_KNOWN each pass gathers the run's wins and gives them to every job"

# QUBIC_KNOWN_FROM: other runs' directories (a space in one name) gathered with the run's own;
# one that is not a directory refused before any job.
other="$work/other run"
mkdir -p "$other"
rm -f "$ladder_dir"/joblog-* "$ladder_dir/calls"
QUBIC_KNOWN="$ladder_dir/k w" QUBIC_KNOWN_FROM="$other:$work" QUBIC_SOLVE="$fake" \
  "$here/tools/table/run-jobs.sh" "$ladder_dir" 4 1000 -- --jobs 1 > "$work/out" 2>&1 ||
  { cat "$work/out"; echo "FAIL: the run with other runs' known wins failed"; exit 1; }
[ "$(head -1 "$ladder_dir/calls")" = "table known $ladder_dir $other $work --out $ladder_dir/k w" ] ||
  { cat "$work/out" "$ladder_dir/calls"; echo "FAIL: the other runs' proofs not gathered"; exit 1; }
rm -f "$ladder_dir"/joblog-* "$ladder_dir/calls"
status=0
QUBIC_KNOWN="$ladder_dir/k w" QUBIC_KNOWN_FROM="$work/missing" QUBIC_SOLVE="$fake" \
  "$here/tools/table/run-jobs.sh" "$ladder_dir" 4 1000 > "$work/out" 2>&1 || status=$?
[ $status -eq 2 ] && grep -q "missing is not a directory" "$work/out" && [ ! -e "$ladder_dir/calls" ] ||
  { cat "$work/out"; echo "FAIL: a missing directory in QUBIC_KNOWN_FROM not refused (exit $status)"; exit 1; }
echo "ok: QUBIC_KNOWN_FROM gathers other runs' proofs too, and refuses a missing directory"

# The known wins are gathered again only when a proof in the directory is newer than the
# file: a resumed run does not gather once for each pass already done. A proof hard-linked
# in from elsewhere (its own mtime old) counts as new.
printf '#!/bin/sh\necho "$1 $2" >> "%s/calls"\n[ "$2" = known ] && echo k > "$5"\nexit 0\n' \
  "$ladder_dir" > "$fake"
rm -f "$ladder_dir"/joblog-* "$ladder_dir/calls" "$ladder_dir/k w"
QUBIC_KNOWN="$ladder_dir/k w" QUBIC_SOLVE="$fake" "$here/tools/table/run-jobs.sh" "$ladder_dir" 4 \
  1000,20000 -- --jobs 1 > "$work/out" 2>&1 ||
  { cat "$work/out"; echo "FAIL: the run with known wins failed"; exit 1; }
[ "$(grep -c 'table known' "$ladder_dir/calls")" -eq 1 ] &&
  [ "$(grep -c 'table job' "$ladder_dir/calls")" -eq 4 ] ||
  { cat "$work/out" "$ladder_dir/calls"; echo "FAIL: known wins gathered again with no new proof"; exit 1; }
touch -d '2020-01-01' "$work/old.qpf"
ln "$work/old.qpf" "$ladder_dir/linked.qpf"
rm -f "$ladder_dir/calls"
QUBIC_KNOWN="$ladder_dir/k w" QUBIC_SOLVE="$fake" "$here/tools/table/run-jobs.sh" "$ladder_dir" 4 \
  1000,20000 -- --jobs 1 > "$work/out" 2>&1 ||
  { cat "$work/out"; echo "FAIL: the resumed run with known wins failed"; exit 1; }
[ "$(cat "$ladder_dir/calls")" = "table known" ] ||
  { cat "$work/out" "$ladder_dir/calls"; echo "FAIL: a linked proof not gathered, once"; exit 1; }
echo "ok: the known wins are gathered again only when a proof is new"

# A new run over the same directories as FILE.dirs names: its first gather is an update
# too (only the new proofs read); over other directories, a whole one.
# (The fake writes the file named after --out, wherever it stands among the directories.)
printf '#!/bin/sh\necho "$*" >> "%s/calls"\n[ "$2" = known ] || exit 0\nwhile [ "$1" != --out ]; do shift; done\necho k > "$2"\n' \
  "$ladder_dir" > "$fake"
[ "$(cat "$ladder_dir/k w.dirs")" = "$ladder_dir" ] ||
  { cat "$ladder_dir/k w.dirs"; echo "FAIL: FILE.dirs does not name the gathered directory"; exit 1; }
sleep 1.1; touch "$ladder_dir/new.qpf"
rm -f "$ladder_dir"/joblog-* "$ladder_dir/calls"
QUBIC_KNOWN="$ladder_dir/k w" QUBIC_SOLVE="$fake" "$here/tools/table/run-jobs.sh" "$ladder_dir" 4 \
  1000 -- --jobs 1 > "$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: the new run failed"; exit 1; }
[ "$(head -1 "$ladder_dir/calls")" = "table known $ladder_dir --out $ladder_dir/k w --update" ] ||
  { cat "$work/out" "$ladder_dir/calls"; echo "FAIL: a new run over the same directories gathered whole"; exit 1; }
sleep 1.1; touch "$ladder_dir/newer.qpf"
rm -f "$ladder_dir"/joblog-* "$ladder_dir/calls"
QUBIC_KNOWN="$ladder_dir/k w" QUBIC_KNOWN_FROM="$other" QUBIC_SOLVE="$fake" \
  "$here/tools/table/run-jobs.sh" "$ladder_dir" 4 1000 -- --jobs 1 > "$work/out" 2>&1 ||
  { cat "$work/out"; echo "FAIL: the run with another directory failed"; exit 1; }
[ "$(head -1 "$ladder_dir/calls")" = "table known $ladder_dir $other --out $ladder_dir/k w" ] ||
  { cat "$work/out" "$ladder_dir/calls"; echo "FAIL: a run over other directories did not gather whole"; exit 1; }
rm -f "$ladder_dir"/*.qpf "$ladder_dir/k w" "$ladder_dir/k w.dirs"
printf '#!/bin/sh\necho "$*" >> "%s/calls"\n' "$ladder_dir" > "$fake"
echo "ok: a new run's first gather is an update when FILE.dirs names the same directories"

# A budget listed again: a pass of its own, with its own joblog, resumable like the others.
rm -f "$ladder_dir"/joblog-* "$ladder_dir/calls"
for run in 1 2; do
  QUBIC_SOLVE="$fake" "$here/tools/table/run-jobs.sh" "$ladder_dir" 4 1000,20000,1000,1000 \
    > "$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: the run of a budget again failed"; exit 1; }
done
[ "$(grep -c 'positions 1000$' "$ladder_dir/calls")" -eq 6 ] &&
  [ "$(grep -c 'positions 20000$' "$ladder_dir/calls")" -eq 2 ] &&
  [ -s "$ladder_dir/joblog-4-1000-2" ] && [ -s "$ladder_dir/joblog-4-1000-3" ] ||
  { ls "$ladder_dir"; cat "$ladder_dir/calls"; echo "FAIL: a budget listed again not a pass of its own"; exit 1; }
echo "ok: a budget listed again is a pass of its own, resumable"

# passed_on VAR OPTION A B: with VAR=A every job of a run, and with VAR=B every job of a
# Slurm task, is given OPTION A or OPTION B (one job at a time: the calls compared in order).
passed_on() {
  rm -f "$ladder_dir"/joblog-* "$ladder_dir/calls"
  env "$1=$3" QUBIC_SOLVE="$fake" "$here/tools/table/run-jobs.sh" "$ladder_dir" 4 1000 -- \
    --jobs 1 > "$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: the run with $1 failed"; exit 1; }
  env SLURM_ARRAY_TASK_ID=0 BLOCK=1 "$1=$4" QUBIC_SOLVE="$fake" \
    sh "$here/tools/table/slurm-array.sbatch" "$ladder_dir" "$ladder_dir/jobs-4.txt" 5000 \
    >> "$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: the Slurm task with $1 failed"; exit 1; }
  printf '%s\n' "table job p1 --dir $ladder_dir --positions 1000 $2 $3" \
    "table job p2 --dir $ladder_dir --positions 1000 $2 $3" \
    "table job p1 --dir $ladder_dir --positions 5000 $2 $4" |
    cmp -s - "$ladder_dir/calls" ||
    { cat "$work/out" "$ladder_dir/calls"; echo "FAIL: $1 not given to the jobs"; exit 1; }
}
passed_on QUBIC_COURSE --course 1 2
echo "ok: QUBIC_COURSE gives every job its course"
passed_on QUBIC_HASH --hash 256 512
echo "ok: QUBIC_HASH gives every job its proof table's size"
passed_on QUBIC_OTHER_POSITIONS --other-positions 0 1000
echo "ok: QUBIC_OTHER_POSITIONS gives every job the other side's budget"

# The Slurm array's task 1 in blocks of 2: the third line, with the known wins when given.
printf 'p1\np2\np3\np4\n' > "$ladder_dir/jobs-4.txt"
rm -f "$ladder_dir/calls"
SLURM_ARRAY_TASK_ID=1 BLOCK=2 QUBIC_SOLVE="$fake" sh "$here/tools/table/slurm-array.sbatch" \
  "$ladder_dir" "$ladder_dir/jobs-4.txt" 5000 > "$work/out" 2>&1 &&
  SLURM_ARRAY_TASK_ID=0 BLOCK=2 QUBIC_KNOWN="$ladder_dir/k w" QUBIC_SOLVE="$fake" \
    sh "$here/tools/table/slurm-array.sbatch" "$ladder_dir" "$ladder_dir/jobs-4.txt" 5000 \
    >> "$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: the Slurm array's script failed"; exit 1; }
printf '%s\n' "table job p3 --dir $ladder_dir --positions 5000" \
  "table job p4 --dir $ladder_dir --positions 5000" \
  "table job p1 --dir $ladder_dir --positions 5000 --known $ladder_dir/k w" \
  "table job p2 --dir $ladder_dir --positions 5000 --known $ladder_dir/k w" |
  cmp -s - "$ladder_dir/calls" ||
  { cat "$work/out" "$ladder_dir/calls"; echo "FAIL: the Slurm array's tasks ran other jobs"; exit 1; }
echo "ok: a Slurm array task runs its block, with the known wins when QUBIC_KNOWN names them"

# --nice under autogroup scheduling: a run started with setsid gives its session the nice
# (each job sees it in its /proc/self/autogroup); one started without is told how.
if [ "$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null)" != 1 ] ||
  ! command -v setsid >/dev/null 2>&1; then
  echo "ok: (no autogroup scheduling here: the session's nice is not tested)"
  exit 0
fi
printf '#!/bin/sh\n# table job POSITION --dir DIR ...\ncat /proc/self/autogroup > "$5/autogroup.$$"\n' > "$fake"
chmod +x "$fake"
nice_dir="$work/niced"
mkdir -p "$nice_dir"
echo 'x......./' > "$nice_dir/jobs-4.txt"
QUBIC_SOLVE="$fake" setsid --wait "$here/tools/table/run-jobs.sh" "$nice_dir" 4 100 -- --nice 7 \
  > "$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: the niced run failed"; exit 1; }
grep -q 'nice 7$' "$nice_dir"/autogroup.* ||
  { cat "$work/out" "$nice_dir"/autogroup.*; echo "FAIL: the job's session is not at nice 7"; exit 1; }
echo "ok: a run started with setsid gives its session the run's nice"
rm -f "$nice_dir"/autogroup.* "$nice_dir/joblog-4"
QUBIC_SOLVE="$fake" "$here/tools/table/run-jobs.sh" "$nice_dir" 4 100 -- --nice=7 > "$work/out" 2>&1 ||
  { cat "$work/out"; echo "FAIL: the niced run failed"; exit 1; }
grep -q 'start the run with setsid' "$work/out" ||
  { cat "$work/out"; echo "FAIL: a run outside a session of its own was not told"; exit 1; }
echo "ok: a run that is not a session of its own is told to use setsid"
