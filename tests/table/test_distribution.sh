#!/bin/sh
# The opening table's jobs spread by GNU parallel over ssh, as on a cluster (docs/table-runs.md):
# an sshd of its own on a loopback port with keys made here is the second host; one job is
# killed midway; a rerun with --resume-failed finishes the rest; the joined table must be
# byte for byte the one made by running the same jobs locally one after another.
#
#   test_distribution.sh BUILD_DIR      (exit 77: skipped, sshd or parallel missing)
set -eu
build=$(cd "$1" && pwd)
solve=$build/bin/qubic-solve
for tool in parallel ssh ssh-keygen /usr/sbin/sshd; do
  command -v "$tool" >/dev/null 2>&1 || { echo "SKIPPED: $tool is missing"; exit 77; }
done
work=$(mktemp -d /tmp/qubic-table-dist.XXXXXX)
sshd_pid=
cleanup() {
  [ -z "$sshd_pid" ] || kill "$sshd_pid" 2>/dev/null || true
  [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT INT TERM

# The jobs: 16 positions of the book's lines (quick ones), 7 others and one hard one,
# with a budget small enough that some stay undecided, which must come out the same too.
"$solve" table list --stones 4 | sed -n '1,16p;5001,5007p;/^xxo\.\{13\}\/\.\{5\}o\.\{10\}\//p' > "$work/jobs.txt"
[ "$(wc -l < "$work/jobs.txt")" -eq 24 ] || { echo "FAIL: not 24 jobs"; exit 1; }
positions=100000

# The reference: each job locally, one after another.
while IFS= read -r p; do "$solve" table job "$p" --dir "$work/local" --positions $positions >/dev/null; done < "$work/jobs.txt"
"$solve" table join "$work/local" --out "$work/local.table" >/dev/null

# The second host: sshd on a free loopback port, its host key and the client's key made now.
ssh-keygen -q -t ed25519 -N '' -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$work/client_key"
cp "$work/client_key.pub" "$work/authorized_keys"
chmod 600 "$work/authorized_keys"
[ "$(id -u)" != 0 ] || mkdir -p /run/sshd  # sshd's privilege separation directory
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat > "$work/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $port
HostKey $work/host_key
AuthorizedKeysFile $work/authorized_keys
PidFile $work/sshd.pid
StrictModes no
UsePAM no
PasswordAuthentication no
PermitRootLogin prohibit-password
EOF
/usr/sbin/sshd -f "$work/sshd_config" -D -e 2> "$work/sshd.log" &
sshd_pid=$!
# The host by an alias of an ssh configuration of the test's: parallel's joblog names the
# host of each job, and with --resume-failed it reads the host of a failed job back as one
# word (GNU parallel 20221122): a login written out with its options, as this test first
# did, made the rerun fail ("Format of joblog is wrong") whenever the killed job had run
# over ssh.
cat > "$work/ssh_config" <<EOF
Host qubic-loopback
  HostName 127.0.0.1
  Port $port
  User $(id -un)
  IdentityFile $work/client_key
  BatchMode yes
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  LogLevel ERROR
EOF
login="ssh -F $work/ssh_config qubic-loopback"
tries=0
until $login true 2>/dev/null; do
  tries=$((tries + 1))
  [ $tries -lt 50 ] || { echo "sshd did not come up:"; cat "$work/sshd.log"; exit 1; }
  sleep 0.2
done

# The job as parallel runs it. The victim, a position the budget leaves undecided, is
# given no budget on its first run and killed with SIGKILL midway: a job cut short must
# leave nothing a join would take.
# (It is not decided within 2 000 000 positions, some seconds: still running after one.)
victim='xxo............./.....o........../................/................ x'
grep -qxF "$victim" "$work/jobs.txt" || { echo "FAIL: the victim is not among the jobs"; exit 1; }
printf '%s\n' "$victim" > "$work/victim"
cat > "$work/job.sh" <<EOF
#!/bin/sh
if [ "\$1" = "\$(cat $work/victim)" ] && [ ! -e $work/victim-killed ]; then
  "$solve" table job "\$1" --dir "$work/dist" --positions 1000000000000 > /dev/null &
  sleep 1; kill -9 \$! && touch $work/victim-killed; exit 137
fi
exec "$solve" table job "\$1" --dir "$work/dist" --positions $positions
EOF
chmod +x "$work/job.sh"
run() {
  parallel --joblog "$work/joblog" --resume-failed --ssh "ssh -F $work/ssh_config" \
    --sshlogin "1/:,1/qubic-loopback" \
    "$work/job.sh" {} :::: "$work/jobs.txt" > /dev/null 2>> "$work/parallel.log"
}
if run; then echo "FAIL: the first run did not report the killed job"; exit 1; fi
[ -e "$work/victim-killed" ] || { echo "FAIL: the victim never ran"; exit 1; }
done_first=$(ls "$work/dist"/*.result | wc -l)
[ "$done_first" -eq 23 ] || { echo "FAIL: $done_first results after the first run, not 23"; exit 1; }
run || { echo "FAIL: the resumed run failed"; cat "$work/parallel.log"; exit 1; }
[ "$(ls "$work/dist"/*.result | wc -l)" -eq 24 ] || { echo "FAIL: not 24 results"; exit 1; }
# Both hosts ran jobs (the joblog's Host column).
awk 'NR > 1 { print $2 }' "$work/joblog" | sort -u > "$work/hosts"
grep -qx qubic-loopback "$work/hosts" || { echo "FAIL: no job ran over ssh"; cat "$work/joblog"; exit 1; }
grep -qx : "$work/hosts" || { echo "FAIL: no job ran locally"; cat "$work/joblog"; exit 1; }
# The victim's first run is in the joblog as killed (exit 137), and it ran again.
killed=$(awk -F'\t' 'NR > 1 && $7 == 137' "$work/joblog" | wc -l)
[ "$killed" -eq 1 ] || { echo "FAIL: $killed killed jobs in the joblog, not 1"; cat "$work/joblog"; exit 1; }
[ "$(awk 'END { print NR }' "$work/joblog")" -eq 26 ] || { echo "FAIL: not 25 runs"; cat "$work/joblog"; exit 1; }
"$solve" table join "$work/dist" --out "$work/dist.table" >/dev/null
cmp "$work/local.table" "$work/dist.table" || { echo "FAIL: the tables differ"; exit 1; }
"$solve" table status "$work/dist" | head -3
echo "PASS: 24 jobs over two hosts, one killed and resumed; the table is the local one"
