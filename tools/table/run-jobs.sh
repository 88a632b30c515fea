#!/bin/sh
# Runs the opening table's jobs with GNU parallel (docs/table-runs.md): one job per
# position, each idempotent with its result in DIR; --joblog and --resume-failed make a
# rerun take up where the last one stopped (a killed job is run again, a finished one is
# not).
#
#   tools/table/run-jobs.sh DIR [STONES [POSITIONS[,POSITIONS...]]] [-- PARALLEL-OPTIONS...]
#
# e.g. setsid tools/table/run-jobs.sh ~/table 4 2000000 -- --jobs 1 --nice 19
#      tools/table/run-jobs.sh ~/table 4 2000000 -- --sshloginfile hosts --jobs 8
# Several budgets, e.g. 1000000,3000000,10000000, make a pass over the list for each in
# turn (each with its joblog-STONES-N): a job a pass decided is not run again, an unknown
# one is run again with the next budget. The cheap positions are decided first, and more
# positions a core-hour than one large budget (docs/history/table-2026-11-29.md).
# QUBIC_KNOWN=FILE: the jobs search with the wins of the proofs already in DIR (below),
# gathered into FILE before each pass unless no proof in DIR is newer than it.
# QUBIC_KNOWN_FROM=DIR2[:DIR3...]: the proofs of other runs gathered into FILE too: the
# wins of one list's proofs decide many of another's (docs/table-runs.md, "Known wins").
# A budget listed again is a pass of its own (joblog-STONES-N-2, -3, ...): with the known
# wins, its jobs try again the unknowns whose known wins have grown by a quarter since.
# QUBIC_COURSE=K: the jobs take course K (table job --course): a second course over the
# positions the first left unknown decides some that twice the budget does not
# (docs/table-runs.md).
# QUBIC_HASH=MB: the jobs' proof tables are MB megabytes (table job --hash): with budgets of
# tens of millions of positions a larger one decides sooner (docs/table-runs.md).
# QUBIC_OTHER_POSITIONS=M: the other side's win gets M positions, not half the budget (table
# job --other-positions; 0: not searched), where earlier runs have shown it unlikely.
# With --sshloginfile, every host needs qubic-solve at the same path (QUBIC_SOLVE) and DIR
# on a shared file system (NFS and the like), as a cluster has.
set -eu
usage() { echo "usage: $0 DIR [STONES [POSITIONS[,POSITIONS...]]] [-- PARALLEL-OPTIONS...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
dir=$1; shift
stones=4; positions=2000000
if [ $# -ge 1 ] && [ "$1" != -- ]; then stones=$1; shift; fi
if [ $# -ge 1 ] && [ "$1" != -- ]; then positions=$1; shift; fi
if [ $# -ge 1 ]; then [ "$1" = -- ] || usage; shift; fi
solve=${QUBIC_SOLVE:-$(cd "$(dirname "$0")/../.." && pwd)/build/bin/qubic-solve}
command -v parallel >/dev/null || { echo "$0: GNU parallel is missing (apt-get install parallel)" >&2; exit 2; }
mkdir -p "$dir"
# One run at a time in a directory: a second would run the same jobs again. The lock is
# held (descriptor 9, inherited) until parallel and every job have ended.
exec 9>>"$dir/run.lock"
flock -n 9 || { echo "$0: $dir is in use by another run (its run.lock is held)" >&2; exit 3; }
# Under autogroup scheduling (Linux's default), nice orders processes only within a
# session: a run at --nice 19 still takes a core from another session's build as if it
# were not niced. So a run that is a session of its own (started with setsid) gives its
# session the same nice; one that is not is told how.
nice_value=; previous=
for a in "$@"; do
  [ "$previous" = --nice ] && nice_value=$a
  case $a in --nice=*) nice_value=${a#--nice=} ;; esac
  previous=$a
done
if [ -n "$nice_value" ] && [ "$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null)" = 1 ]; then
  if [ "$(ps -o sid= -p $$ | tr -d ' ')" = $$ ]; then
    echo "$nice_value" 2>/dev/null > /proc/self/autogroup ||
      echo "$0: could not give this session nice $nice_value (/proc/self/autogroup)" >&2
  else
    echo "$0: note: with autogroup scheduling, --nice yields only to this session's other" \
      "processes; start the run with setsid for it to yield to every other session too" >&2
  fi
fi
# The job list is made once, so a rerun numbers the jobs the same way (--resume needs it).
# A list given empty (`table list --undecided` when all is decided) runs nothing, not every
# position; one that is not a regular file (a FIFO would hang parallel) is refused.
jobs="$dir/jobs-$stones.txt"
if [ ! -e "$jobs" ]; then
  "$solve" table list --stones "$stones" > "$jobs.new" ||
    { rm -f "$jobs.new"; echo "$0: could not list the positions of $stones stones" >&2; exit 2; }
  mv "$jobs.new" "$jobs"
fi
[ -f "$jobs" ] || { echo "$0: $jobs is not a regular file" >&2; exit 2; }
[ -s "$jobs" ] || { echo "$0: $jobs is empty: no job to run"; exit 0; }
# -q: parallel quotes the command's words, so a directory with a space (or any other
# character the shell would read) reaches every job whole, on this host and over ssh.
# One budget keeps the joblog's plain name (a run started before budget lists resumes).
# With QUBIC_KNOWN=FILE, each pass first gathers the wins of the proofs in DIR into FILE
# (table known), if any is new, and its jobs search with them (table job --known FILE,
# docs/table-runs.md).
case $positions in *,*) ladder=yes ;; *) ladder= ;; esac
known=${QUBIC_KNOWN:-}
known_from=${QUBIC_KNOWN_FROM:-}
# gather_known: the wins of the proofs in DIR and QUBIC_KNOWN_FROM's directories into
# FILE, unless no proof among them is newer than it (by its change time, which a hard link
# made into DIR sets too): a resumed run of several budgets otherwise gathered once for
# each pass already done, minutes each. The first gather of a run reads every proof (the
# directories may have changed since FILE was made), unless FILE.dirs, written by the gather
# that made FILE, names the same directories; a later pass's reads only the new ones and
# keeps FILE's wins (table known --update: seconds, not minutes).
gathered=
gather_known() {
  old_ifs=$IFS
  IFS='
'
  set -f
  set -- $(printf '%s' "$known_from" | tr : '\n')
  IFS=$old_ifs
  set +f
  set -- "$dir" "$@"
  if [ -z "$gathered" ] && [ -s "$known" ] && [ -f "$known.dirs" ] &&
     printf '%s\n' "$@" | cmp -s - "$known.dirs"; then
    gathered=yes
  fi
  if [ ! -s "$known" ] || [ -n "$(find "$@" -name '*.qpf' -cnewer "$known" -print -quit)" ]; then
    if "$solve" table known "$@" --out "$known" ${gathered:+--update}; then
      printf '%s\n' "$@" > "$known.dirs"
    else
      echo "$0: note: $known was not (fully) brought up to date" >&2
    fi
  fi
  gathered=yes
}
if [ -n "$known_from" ]; then
  [ -n "$known" ] || { echo "$0: QUBIC_KNOWN_FROM needs QUBIC_KNOWN=FILE" >&2; exit 2; }
  old_ifs=$IFS
  IFS=:
  set -f
  for d in $known_from; do
    [ -z "$d" ] || [ -d "$d" ] || { echo "$0: QUBIC_KNOWN_FROM: $d is not a directory" >&2; exit 2; }
  done
  IFS=$old_ifs
  set +f
fi
course=${QUBIC_COURSE:-}
hash=${QUBIC_HASH:-}
other=${QUBIC_OTHER_POSITIONS:-}
seen=
for budget in $(echo "$positions" | tr , ' '); do
  before=$(printf '%s\n' $seen | grep -cx "$budget" || true)
  seen="$seen $budget"
  joblog="$dir/joblog-$stones${ladder:+-$budget}"
  [ "$before" -eq 0 ] || joblog="$joblog-$((before + 1))"
  [ -z "$known" ] || gather_known
  # ${x:+...}: the option and its value (one word, spaces and all) only when x is set.
  parallel -q --joblog "$joblog" --resume-failed "$@" "$solve" table job {} --dir "$dir" \
    --positions "$budget" ${known:+--known "$known"} ${course:+--course "$course"} \
    ${hash:+--hash "$hash"} ${other:+--other-positions "$other"} :::: "$jobs"
done
