#!/bin/sh
# Builds mctstest-ugi (tools/match/outside/mctstest_ugi.cpp) against a checkout of
# FreemanZlat/mctstest that you have (nothing is fetched), into OUT-DIR, outside this tree:
#
#   tools/match/outside/build-mctstest.sh MCTSTEST-DIR OUT-DIR
#
# then, for example (docs/strength.md, "The pooled scale"):
#   qubic-match --pool -each st=0.1 -engine cmd=OUT-DIR/mctstest-ugi arg=ab name=mctstest-ab ...
set -eu
[ $# -eq 2 ] || { echo "usage: $0 MCTSTEST-DIR OUT-DIR" >&2; exit 2; }
src=$1/src
for f in GameXO_4x4x4.cpp PlayerAB.cpp PlayerMinimax.cpp PlayerMCTS.cpp Utils.cpp; do
  [ -f "$src/$f" ] || { echo "$0: $src/$f is missing: is $1 a checkout of mctstest?" >&2; exit 2; }
done
mkdir -p "$2"
here=$(cd "$(dirname "$0")" && pwd)
${CXX:-g++} -O2 -std=c++17 -w -I"$src" "$here/mctstest_ugi.cpp" "$src/GameXO_4x4x4.cpp" \
  "$src/PlayerAB.cpp" "$src/PlayerMinimax.cpp" "$src/PlayerMCTS.cpp" "$src/Utils.cpp" \
  -o "$2/mctstest-ugi" -pthread
echo "built $2/mctstest-ugi"
