#!/bin/sh
# Seals a built site for play without a network (make site; docs/web.md, "Offline and
# installed"): writes into DIR/service-worker.js the list of the site's files and its
# version, a checksum of them all, so that any change of any file is a new version the
# page offers to load, and an unchanged site is the same version.
#
#   tools/web/seal-site.sh DIR
set -eu
[ $# -eq 1 ] && [ -f "$1/service-worker.js" ] || { echo "usage: $0 SITE_DIR (with service-worker.js)" >&2; exit 2; }
cd "$1"
files=$(find . -maxdepth 1 -type f ! -name service-worker.js -printf '%f\n' | LC_ALL=C sort)
version=$(for f in $files; do printf '%s\n' "$f"; cat "$f"; done | sha256sum | cut -c1-16)
list="./', '$(printf '%s\n' $files | paste -sd '\n' | sed ':a;N;$!ba;s/\n/'"', '"'/g')"
sed -i "s|@VERSION@|$version|; s|@FILES@|$list|" service-worker.js
echo "sealed $1: version $version, $(printf '%s\n' $files | wc -l) files"
