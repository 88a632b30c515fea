#!/bin/bash
# The probe of every reader and writer of user files (issue 53): each program's file
# argument given a foreign file, a symbolic link to one, a FIFO, a directory, a file it
# may not read or a directory it may not write, a full disk (a file-size limit), a huge
# file and a truncated one. Runs as the unprivileged user nobody (so modes are obeyed),
# each case bounded by a timeout; prints a Markdown table: exit status (124: hung and
# killed; 128+N: died of signal N), seconds, whether the named file's bytes changed, and
# the first line of the error. Build first (make build). Needs setpriv and tmux. Also the
# surfaces of issue 68: the store of proven values (each kind at its fixed name, and a
# forged one), a job directory's results for table join, and the web bridge's origins.
set -u
BUILD=$(cd "${BUILD:-build}" && pwd)
BIN=$BUILD/bin
WORK=$(mktemp -d /tmp/qubic-probe-XXXXXX)
chmod 755 "$WORK"
trap 'rm -rf "$WORK"' EXIT
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data
export XDG_CACHE_HOME=$WORK/cache HOME=$WORK
mkdir -p "$XDG_CONFIG_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME"

# Genuine files of each kind, to truncate and to stand for "a file of ours".
"$BIN/qubic-solve" prove --moves 1a1,4d4,1d1,1b2 --proof "$WORK/good.proof" >/dev/null 2>&1
printf '[Event "probe"]\n[Result "1-0"]\n\n1. 1a1 2b1 2. 1a2 2b2 3. 1a3 2b3 4. 1a4 1-0\n' >"$WORK/good.qgn"
printf '1a1 2b2\n1b1 2c3\n' >"$WORK/good.openings"
printf '[engine]\nlevel = 3\nseed = 12345\n' >"$WORK/good.toml"
cp "$BUILD/share/qubic/qubic.book" "$WORK/good.book"
cp "$BUILD/share/qubic/qubic.table" "$WORK/good.table"
"$BIN/qubic-solve" table job "$("$BIN/qubic-solve" table list --stones 4 | head -1)" --dir "$WORK/jobs" >/dev/null 2>&1
"$BIN/qubic-match" -engine "cmd=$BIN/qubic-engine" -engine "cmd=$BIN/qubic-engine" -each nodes=10 \
  -games 2 -records "$WORK/ours.qgn" >/dev/null 2>&1
# A store of proven values and its key, as an engine of this installation leaves them.
printf 'setoption name ProvenCache value true\nsetoption name MultiPV value 8\nposition startpos moves 1a1 1a2 1b1\ngo nodes 20000\nquit\n' |
  XDG_CACHE_HOME=$WORK/storemaker "$BIN/qubic-engine" >/dev/null 2>&1
cp "$WORK/storemaker/qubic/proven-values" "$WORK/good.store"
cp "$WORK/storemaker/qubic/proven-values.key" "$WORK/good.store.key"
cp "$(ls "$WORK"/jobs/*.result | head -1)" "$WORK/good.result"
chown -R nobody:nogroup "$WORK"

as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }

# make_case KIND GOOD: prepares $WORK/case/f as KIND (GOOD: a genuine file of the kind).
make_case() {
  rm -rf "$WORK/case" "$WORK/r.qgn"
  mkdir -p "$WORK/case"
  local f=$WORK/case/f
  case $1 in
  foreign) printf '# my notes\nnothing about qubic here\n' >"$f" ;;
  symlink) printf '# my notes\n' >"$WORK/case/notes.md" && ln -s notes.md "$f" ;;
  fifo) mkfifo "$f" ;;
  directory) mkdir "$f" ;;
  unreadable) cp "$2" "$f" && chmod 000 "$f" ;;
  readonly-dir) cp "$2" "$f" && chmod 444 "$f" ;;
  full-disk) cp "$2" "$f" ;;
  huge) truncate -s 20G "$f" ;;
  truncated) head -c $(($(stat -c %s "$2") / 2)) "$2" >"$f" ;;
  esac
  chown -R nobody:nogroup "$WORK/case"
  [ "$1" = readonly-dir ] && chmod 555 "$WORK/case"
  return 0
}

fingerprint() { (cd "$WORK/case" && find . -printf '%p %y %s\n' -type f -size -100M -exec md5sum {} + 2>/dev/null | sort); }

# probe PROGRAM-LABEL KIND GOOD INPUT COMMAND...: one row of the table.
probe() {
  local label=$1 kind=$2 good=$3
  printf '%b' "$4" >"$WORK/input"
  shift 4
  make_case "$kind" "$good"
  probe_in_case "$label" "$kind" "$@"
}

# probe_in_case LABEL KIND COMMAND...: the row of a case already made (input in $WORK/input).
probe_in_case() {
  local label=$1 kind=$2
  shift 2
  local before after started status seconds error limit=""
  before=$(fingerprint)
  [ "$kind" = full-disk ] && limit="ulimit -f 1;"
  started=$(date +%s.%N)
  as_nobody bash -c "$limit trap '' XFSZ; cd '$WORK/case'; exec timeout -k 2 20 \"\$@\" <'$WORK/input' >'$WORK/out' 2>'$WORK/err'" _ "$@"
  status=$?
  seconds=$(echo "$(date +%s.%N) - $started" | bc)
  chmod 755 "$WORK/case" 2>/dev/null
  after=$(fingerprint)
  error=$(grep -m1 -iE 'error|cannot|not a|refus|left out|warning|no such|more than|fail|verified|value:|usage' "$WORK/err" "$WORK/out" 2>/dev/null | head -1 | cut -c1-110 | sed 's/|/\\|/g; s#'"$WORK"'#W#g; s/^[^:]*://')
  printf '| %s | %s | %s | %.1f | %s | %s |\n' "$label" "$kind" "$status" "$seconds" \
    "$([ "$before" = "$after" ] && echo unchanged || echo changed)" "$error"
}

# tui_probe LABEL KIND GOOD KEYS: qubic in tmux, the load or save prompt given case/f.
tui_probe() {
  local label=$1 kind=$2 good=$3 key=$4 sock=$WORK/tmux.sock before after
  make_case "$kind" "$good"
  before=$(fingerprint)
  local started
  started=$(date +%s.%N)
  as_nobody tmux -S "$sock" -f /dev/null new-session -d -s p -x 100 -y 30 \
    "cd '$WORK/case'; XDG_STATE_HOME='$WORK/state' XDG_DATA_HOME='$WORK/data' XDG_CONFIG_HOME='$WORK/config' '$BIN/qubic' --side both"
  sleep 1
  [ "$key" = w ] && as_nobody tmux -S "$sock" send-keys -t p 1a1
  as_nobody tmux -S "$sock" send-keys -t p "$key" C-u
  as_nobody tmux -S "$sock" send-keys -t p -l f
  as_nobody tmux -S "$sock" send-keys -t p Enter
  sleep 1.5
  local screen status=ran
  screen=$(as_nobody tmux -S "$sock" capture-pane -p -t p 2>/dev/null | grep -m1 -E 'Not loaded|Loaded|Saved|not|cannot|exists' | sed 's/^ *//' | cut -c1-110 | sed 's/|/\\|/g')
  as_nobody tmux -S "$sock" send-keys -t p q y 2>/dev/null
  sleep 0.5
  as_nobody tmux -S "$sock" kill-server 2>/dev/null
  chmod 755 "$WORK/case" 2>/dev/null
  after=$(fingerprint)
  printf '| %s | %s | %s | %.1f | %s | %s |\n' "$label" "$kind" "$status" \
    "$(echo "$(date +%s.%N) - $started" | bc)" \
    "$([ "$before" = "$after" ] && echo unchanged || echo changed)" "$screen"
}

# store_probe KIND: qubic-engine with ProvenCache on, the store ($XDG_CACHE_HOME/qubic/
# proven-values) made KIND; "forged": a real store with one value changed and its old
# checksum (FNV-1a) recomputed. The row says whether the store's bytes changed and the
# engine's word on it (and whether a false "score mate" came out: the forged value).
store_probe() {
  local kind=$1 dir=$WORK/case/qubic before after started status error
  make_case "$kind" "$WORK/good.store"
  mkdir -p "$dir"
  mv "$WORK/case/f" "$dir/proven-values" 2>/dev/null
  [ "$kind" = symlink ] && ln -sf ../notes.md "$dir/proven-values"
  if [ "$kind" = forged ]; then
    cp "$WORK/good.store" "$dir/proven-values"
    cp "$WORK/good.store.key" "$dir/proven-values.key"
    python3 - "$dir/proven-values" <<'PY'
import sys, struct
p = sys.argv[1]; b = bytearray(open(p, 'rb').read())
first = 8 + 1 + b[8] + 4
b[first + 16], b[first + 17] = 1 - b[first + 16], 3  # the other side wins in 3
h = 0xcbf29ce484222325
for x in b[:-8]: h = ((h ^ x) * 0x100000001b3) & 0xffffffffffffffff
b[-8:] = struct.pack('<Q', h)
open(p, 'wb').write(b)
PY
  fi
  chown -R nobody:nogroup "$WORK/case"
  before=$(store_fingerprint)
  started=$(date +%s.%N)
  printf 'setoption name ProvenCache value true\nsetoption name MultiPV value 8\nposition startpos moves 1a1 1a2 1b1\ngo nodes 20000\nquit\n' >"$WORK/input"
  as_nobody bash -c "cd '$WORK/case'; XDG_CACHE_HOME='$WORK/case' exec timeout -k 2 20 '$BIN/qubic-engine' <'$WORK/input' >'$WORK/out' 2>'$WORK/err'"
  status=$?
  after=$(store_fingerprint)
  error=$(grep -m1 -E 'info string .*(proven-values|not saved|ignored)' "$WORK/out" | cut -c1-110 | sed 's/|/\\|/g; s#'"$WORK"'#W#g')
  printf '| %s | %s | %s | %.1f | %s | %s |\n' "qubic-engine ProvenCache store" "$kind" "$status" \
    "$(echo "$(date +%s.%N) - $started" | bc)" \
    "$([ "$before" = "$after" ] && echo unchanged || echo changed)" "$error"
}

# The store and the user's file a link may point to (not the lock or key the engine makes).
store_fingerprint() {
  (cd "$WORK/case" && for f in notes.md qubic/proven-values; do
    stat -c '%n %F %s' "$f" 2>/dev/null
    [ -n "$(find "$f" -maxdepth 0 -type f -size -100M 2>/dev/null)" ] && md5sum <"$f" 2>/dev/null
  done)
}

# join_probe KIND: a job directory whose result 4s-000001.result is KIND.
join_probe() {
  make_case "$1" "$WORK/good.result"
  mv "$WORK/case/f" "$WORK/case/4s-000001.result" 2>/dev/null
  [ "$1" = symlink ] && ln -sf notes.md "$WORK/case/4s-000001.result"
  chown -R nobody:nogroup "$WORK/case"
  probe_in_case "qubic-solve table join DIR" "$1" "$BIN/qubic-solve" table join "$WORK/case" --out "$WORK/joined.table"
}

# The bridge (tools/web/bridge.sh): an upgrade with a foreign Host and Origin, and one
# from the page's own origin; the HTTP status of each.
bridge_probe() {
  command -v websocketd >/dev/null || return 0
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  "$(dirname "$0")/web/bridge.sh" 127.0.0.1 "$port" 2 "$BIN/qubic-engine" --serve-page >/dev/null 2>&1 &
  local bridge=$!
  sleep 1
  for pair in "evil.example:$port http://evil.example:$port" "127.0.0.1:$port http://evil.example:$port" "127.0.0.1:$port http://127.0.0.1:$port"; do
    set -- $pair
    local code
    code=$(python3 - "$port" "$1" "$2" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10)
s.sendall(("GET / HTTP/1.1\r\nHost: %s\r\nOrigin: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n" % (sys.argv[2], sys.argv[3])).encode())
print(s.recv(100).split(b" ")[1].decode())
PY
)
    printf '| %s | Host %s, Origin %s | %s | - | - | HTTP %s |\n' "web bridge (make web)" "${1%%:*}" "${2#http://}" 0 "$code"
  done
  kill $bridge 2>/dev/null
  wait $bridge 2>/dev/null
}

READ_KINDS="foreign symlink fifo directory unreadable huge truncated"
WRITE_KINDS="foreign symlink fifo directory readonly-dir full-disk"

echo "| program and file | case | exit | s | the file | first error line |"
echo "|---|---|---|---|---|---|"
for k in $READ_KINDS; do
  probe "qubic-engine --config" "$k" "$WORK/good.toml" 'quit\n' "$BIN/qubic-engine" --config f
  probe "qubic-engine SolutionFile" "$k" "$WORK/good.book" 'setoption name SolutionFile value f\nisready\nquit\n' "$BIN/qubic-engine"
  probe "qubic --config" "$k" "$WORK/good.toml" '' "$BIN/qubic" --config f --print-config
  probe "qubic-solve verify" "$k" "$WORK/good.proof" '' "$BIN/qubic-solve" verify f
  probe "qubic-solve review" "$k" "$WORK/good.qgn" '' "$BIN/qubic-solve" review f --time 1
  probe "qubic-solve puzzles --from-proof" "$k" "$WORK/good.proof" '' "$BIN/qubic-solve" puzzles 2 --from-proof f
  probe "qubic-solve book info" "$k" "$WORK/good.book" '' "$BIN/qubic-solve" book info f
  probe "qubic-solve table info" "$k" "$WORK/good.table" '' "$BIN/qubic-solve" table info f
  probe "qubic-solve table list --first" "$k" "$WORK/good.openings" '' "$BIN/qubic-solve" table list --stones 2 --first f
  probe "qubic-match -openings" "$k" "$WORK/good.openings" '' "$BIN/qubic-match" -engine "cmd=$BIN/qubic-engine" -engine "cmd=$BIN/qubic-engine" -each nodes=10 -games 2 -openings file=f -records "$WORK/r.qgn"
  probe "qubic-match -config" "$k" "$WORK/good.toml" '' "$BIN/qubic-match" -config f -engine "cmd=$BIN/qubic-engine" -engine "cmd=$BIN/qubic-engine" -each nodes=10 -games 2 -records "$WORK/r.qgn"
  probe "qubic-match -resume" "$k" "$WORK/good.qgn" '' "$BIN/qubic-match" -engine "cmd=$BIN/qubic-engine" -engine "cmd=$BIN/qubic-engine" -each nodes=10 -games 2 -resume f
  tui_probe "qubic o (load)" "$k" "$WORK/good.qgn" o
done
for k in $WRITE_KINDS; do
  probe "qubic-solve prove --proof" "$k" "$WORK/good.proof" '' "$BIN/qubic-solve" prove --moves 1a1,4d4,1d1,1b2 --proof f
  probe "qubic-solve book make --book" "$k" "$WORK/good.book" '' "$BIN/qubic-solve" book make f --moves 1a1,4d4,1d1,1b2
  probe "qubic-solve table join --out" "$k" "$WORK/good.table" '' "$BIN/qubic-solve" table join "$WORK/jobs" --out f
  probe "qubic-solve prove --pieces" "$k" "$WORK/good.proof" '' "$BIN/qubic-solve" prove --moves 1a1,4d4,1d1,1b2 --split 2 --pieces f
  probe "qubic-match -resume (appends)" "$k" "$WORK/ours.qgn" '' "$BIN/qubic-match" -engine "cmd=$BIN/qubic-engine" -engine "cmd=$BIN/qubic-engine" -each nodes=10 -games 4 -resume f
  probe "qubic-match --ladder -report" "$k" "$WORK/good.toml" '' "$BIN/qubic-match" --ladder -levels 0-1 -games 2 -each nodes=10 -records "$WORK/r.qgn" -report f
  tui_probe "qubic w (save)" "$k" "$WORK/good.qgn" w
done
: >"$WORK/input"
for k in $READ_KINDS forged; do store_probe "$k"; done
for k in $READ_KINDS; do join_probe "$k"; done
bridge_probe
