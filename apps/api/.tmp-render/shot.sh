#!/bin/sh
# usage: shot.sh out.png width height
timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=/tmp/seedwork/chr --hide-scrollbars --window-size=$2,$3 --screenshot=$1 file:///tmp/seedwork/grid.html >/dev/null 2>&1
