#!/bin/sh
# feed refresh against newsboat on 50 loopback feeds over 25 hosts: the first fetch and a
# refresh where every feed answers 304. Needs newsboat and hyperfine (apt-get install -y
# newsboat hyperfine) and a release build (swift build -c release --product feed).
# The 304 round also times the curl command fetching the same 50 URLs with the same
# validator (when curl is installed): the least any client can take against this server.
# Last, the medians of both rounds and their ratios to newsboat's.
# DELAY_MS=5 holds every response back 5 ms, as a network's round trip would (default 0).
# newsboat runs with reload-threads 8 (its default is 1; its users raise it), so the
# comparison is with a tuned peer. The issue's three rows are DELAY_MS=5 (first fetch
# and 304) and DELAY_MS=0 (304).
# Usage: [DELAY_MS=N] Tests/BenchmarkScripts/feed-vs-newsboat.sh [path/to/feed]
set -eu
FEED=$(realpath "${1:-.build/release/feed}")
HERE=$(dirname "$(realpath "$0")")
WORK=$(mktemp -d)
PORT=${PORT:-18620}
trap 'kill $SERVER 2>/dev/null; rm -rf "$WORK"' EXIT
: > "$WORK/urls"
python3 "$HERE/feed-server.py" "$PORT" 50 25 "${DELAY_MS:-0}" >> "$WORK/urls" &
SERVER=$!
while [ "$(wc -l < "$WORK/urls")" -lt 50 ]; do sleep 0.1; done

# feed: a private XDG world, subscriptions only (no cached items) as the fresh state.
export XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
export XDG_STATE_HOME="$WORK/state" HOME="$WORK/home"
mkdir -p "$HOME"
while read -r url; do "$FEED" add "$url" > /dev/null; done < "$WORK/urls"
DATA="$XDG_DATA_HOME/blueprint/feed"
cp "$DATA/subscriptions.json" "$WORK/subscriptions.json"
FRESH_FEED="rm -f $DATA/feed-*.json $DATA/checked.json"

# newsboat: the same URLs, eight reload threads, its own cache file.
NB="newsboat -u $WORK/urls -c $WORK/cache.db -C $WORK/newsboat.conf -x reload"
echo "reload-threads ${NEWSBOAT_THREADS:-8}" > "$WORK/newsboat.conf"

echo "First fetch (no cache):"
hyperfine -N --warmup 2 --runs 20 \
  --prepare "$FRESH_FEED" -n feed "$FEED refresh" \
  --prepare "rm -f $WORK/cache.db" -n newsboat "$NB" \
  --export-markdown "$WORK/first.md" --export-json "$WORK/first.json"
echo "Every feed answers 304:"
"$FEED" refresh > /dev/null
$NB
set -- -n feed "$FEED refresh" -n newsboat "$NB"
if command -v curl > /dev/null; then
  set -- "$@" -n "curl -Z (floor)" \
    "curl -s -Z -o /dev/null -H 'If-None-Match: \"v1\"' $(tr '\n' ' ' < "$WORK/urls")"
fi
hyperfine -N --warmup 2 --runs 30 "$@" --export-markdown "$WORK/304.md" \
  --export-json "$WORK/304.json"
cat "$WORK/first.md" "$WORK/304.md"
# Medians resist the outliers a shared machine adds to the means above.
python3 - "$WORK/first.json" "$WORK/304.json" "${DELAY_MS:-0}" <<'PY'
import json, statistics, sys
for name, path in (("first fetch", sys.argv[1]), ("304", sys.argv[2])):
    results = json.load(open(path))["results"]
    medians = {r["command"]: statistics.median(r["times"]) * 1000 for r in results}
    for command, median in medians.items():
        print(f"{name}, {sys.argv[3]} ms delay, median, {command}: {median:.1f} ms "
              f"({median / medians['newsboat']:.2f}x newsboat)")
PY
