#!/bin/sh
# feed refresh through a Google Reader API server (FreshRSS 1.25 on loopback, from
# .ci/freshrss-server) when 10 of the 50 feeds of feed-server.py have 20 new items each,
# after FreshRSS itself fetched them (cli/actualize-user.php); side by side with feed's own
# refresh of the same 50 sites (10 answering with their new items, 40 with 304). Every run
# starts from the reader's records as they were before the new items (hyperfine --prepare).
# Needs hyperfine, curl, PHP with SQLite and a release build
# (swift build -c release --product feed).
# Usage: Tests/BenchmarkScripts/feed-sync-new-items.sh [path/to/feed]
set -eu
ROOT=$(realpath "$(dirname "$0")/../..")
FEED=$(realpath "${1:-$ROOT/.build/release/feed}")
HERE=$(dirname "$(realpath "$0")")
WORK=$(mktemp -d)
PORT=${PORT:-18631}
RUNS=${RUNS:-20}
eval "$(bash "$ROOT/.ci/freshrss-server" start)"
trap 'kill $SITES 2>/dev/null; bash "$ROOT/.ci/freshrss-server" stop "$FRESHRSS_PID" "$FRESHRSS_SCRATCH"; rm -rf "$WORK"' EXIT
: > "$WORK/urls"
python3 "$HERE/feed-server.py" "$PORT" 50 1 0 20 10 >> "$WORK/urls" &
SITES=$!
while [ "$(wc -l < "$WORK/urls")" -lt 50 ]; do sleep 0.1; done
LOG="$FRESHRSS_SCRATCH/log"
API=$BLUEPRINT_FRESHRSS_URL

world() { # a private XDG world in $WORK/$1
  export XDG_CONFIG_HOME="$WORK/$1/config" XDG_DATA_HOME="$WORK/$1/data"
  export XDG_CACHE_HOME="$WORK/$1/cache" XDG_STATE_HOME="$WORK/$1/state" HOME="$WORK/$1"
  mkdir -p "$HOME"
}
unread() { # the number of unread ids on the server
  auth=$(curl -s -d "Email=$BLUEPRINT_FRESHRSS_USER&Passwd=$BLUEPRINT_FRESHRSS_PASSWORD" \
    "$API/accounts/ClientLogin" | sed -n 's/^Auth=//p')
  curl -s -H "Authorization: GoogleLogin auth=$auth" \
    "$API/reader/api/0/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&n=100000&xt=user/-/state/com.google/read" |
    grep -o '"id"' | wc -l
}
uptime

# Both readers as they were before the new items: synced (one full sync) and direct.
world synced
printf 'machine 127.0.0.1 login %s password %s\n' "$BLUEPRINT_FRESHRSS_USER" \
  "$BLUEPRINT_FRESHRSS_PASSWORD" > "$HOME/.netrc"
chmod 600 "$HOME/.netrc"
while read -r url; do "$FEED" add "$url" > /dev/null; done < "$WORK/urls"
"$FEED" sync setup "$API" > /dev/null
"$FEED" refresh > /dev/null
"$FEED" refresh > /dev/null
cp -a "$WORK/synced" "$WORK/synced.before"
world direct
while read -r url; do "$FEED" add "$url" > /dev/null; done < "$WORK/urls"
"$FEED" refresh > /dev/null
cp -a "$WORK/direct" "$WORK/direct.before"
echo "unread on the server before: $(unread)"

# 20 new items in 10 feeds; FreshRSS fetches them itself.
curl -s -o /dev/null "$(head -1 "$WORK/urls" | sed 's|/feed0.xml|/publish|')"
sleep 1 # FreshRSS skips a second refresh within the same second
(cd "$BLUEPRINT_FRESHRSS_ROOT" && php cli/actualize-user.php --user "$BLUEPRINT_FRESHRSS_USER" > /dev/null) || true
echo "unread on the server after its refresh: $(unread)"

world synced
rm -rf "$WORK/synced" && cp -a "$WORK/synced.before" "$WORK/synced"
before=$(grep -c '\]: \(GET\|POST\)' "$LOG" || true)
lines=$(wc -l < "$LOG")
"$FEED" refresh | tail -n 2
after=$(grep -c '\]: \(GET\|POST\)' "$LOG" || true)
echo "requests of a synced refresh with 200 new items: $((after - before))"
tail -n "+$((lines + 1))" "$LOG" | grep -o '\(GET\|POST\) [^ ?]*' | sort | uniq -c
hyperfine --warmup 2 --runs "$RUNS" -N --export-json "$WORK/sync.json" \
  --prepare "sh -c 'rm -rf $WORK/synced && cp -a $WORK/synced.before $WORK/synced && sync'" \
  -n "feed refresh (synced, 200 new items in 10 feeds)" "$FEED refresh"

world direct
rm -rf "$WORK/direct" && cp -a "$WORK/direct.before" "$WORK/direct"
"$FEED" refresh | tail -n 2
hyperfine --warmup 2 --runs "$RUNS" -N --export-json "$WORK/direct.json" \
  --prepare "sh -c 'rm -rf $WORK/direct && cp -a $WORK/direct.before $WORK/direct && sync'" \
  -n "feed refresh (50 sites, 10 with 20 new items)" "$FEED refresh"
python3 - "$WORK/sync.json" "$WORK/direct.json" <<'MEDIANS'
import json, sys
rows = [r for path in sys.argv[1:] for r in json.load(open(path))["results"]]
synced, direct = (r["median"] * 1000 for r in rows)
print(f"medians: synced {synced:.0f} ms, 50 sites {direct:.0f} ms ({synced / direct:.2f}x)")
MEDIANS
uptime
