#!/bin/sh
# The web board's bridge (docs/web.md): websocketd serves web/ and runs COMMAND (e.g.
# `qubic-engine --serve-page`) once per page. Upgrades are accepted only from the origins it
# serves (a foreign Host and Origin, as DNS rebinding sends them, get 403), and the engine
# gets HOME and the XDG directories, so its ProvenCache has a home.
#
#   tools/web/bridge.sh ADDRESS PORT MAXFORKS COMMAND [ARGUMENTS...]
#
# WEB_ORIGINS adds origins (host:port, comma-separated), e.g. the name a LAN uses; WEB_ROOT
# is the directory served (web/ by default; build/site after make site, whose page then
# offers both engines).
set -eu
[ $# -ge 4 ] || { echo "usage: $0 ADDRESS PORT MAXFORKS COMMAND [ARGUMENTS...]" >&2; exit 2; }
address=$1 port=$2 maxforks=$3
shift 3
here=$(cd "$(dirname "$0")/../.." && pwd)
origins="$address:$port"
case $address in
  127.0.0.1|localhost|::1) origins="127.0.0.1:$port,localhost:$port" ;;
esac
[ -n "${WEB_ORIGINS:-}" ] && origins="$origins,$WEB_ORIGINS"
# A port in use is said before the address is offered (websocketd would say it only after
# the page's address had been printed, as "bind: address already in use"). Read from the
# kernel's list of listening sockets (ss), not by starting an interpreter: cheap on a
# loaded machine. A listener on this address or on every address holds the port.
taken() {
  command -v ss >/dev/null || return 1
  ss -Htln "sport = :$port" | while read -r _ _ _ local _; do
    case ${local%:*} in
      "$address"|"[$address]"|0.0.0.0|"*"|"[::]"|"[::ffff:$address]") echo taken ;;
      127.0.0.1|"[::1]") case $address in localhost) echo taken ;; esac ;;
    esac
  done | grep -q taken
}
if taken; then
  echo "$0: cannot serve on $address:$port: the port is in use (choose another: make web WEB_PORT=N)" >&2
  exit 1
fi
echo "Qubic in the browser: open http://$address:$port/ (Ctrl-C stops it)"
# The page cross-origin isolated from its first visit (the engine in the page then has
# threads; docs/web.md, "Hosting"): every file it serves is the site's own.
exec websocketd --address "$address" --port "$port" --staticdir "${WEB_ROOT:-$here/web}" \
  --maxforks "$maxforks" --sameorigin=true --origin="$origins" \
  --header-http "Cross-Origin-Opener-Policy: same-origin" \
  --header-http "Cross-Origin-Embedder-Policy: require-corp" \
  --passenv PATH,HOME,XDG_CACHE_HOME,XDG_CONFIG_HOME,XDG_DATA_HOME,XDG_DATA_DIRS \
  --loglevel fatal "$@"
