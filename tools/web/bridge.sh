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
# the page's address had been printed, as "bind: address already in use").
if command -v python3 >/dev/null && ! python3 - "$address" "$port" <<'PY'
import socket, sys
family = socket.AF_INET6 if ":" in sys.argv[1] else socket.AF_INET
with socket.socket(family) as s:
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind((sys.argv[1], int(sys.argv[2])))
    except OSError as e:
        sys.exit("%s:%s: %s" % (sys.argv[1], sys.argv[2], e.strerror))
PY
then
  echo "$0: cannot serve on $address:$port (choose another: make web WEB_PORT=N)" >&2
  exit 1
fi
echo "Qubic in the browser: open http://$address:$port/ (Ctrl-C stops it)"
exec websocketd --address "$address" --port "$port" --staticdir "${WEB_ROOT:-$here/web}" \
  --maxforks "$maxforks" --sameorigin=true --origin="$origins" \
  --passenv PATH,HOME,XDG_CACHE_HOME,XDG_CONFIG_HOME,XDG_DATA_HOME,XDG_DATA_DIRS \
  --loglevel fatal "$@"
