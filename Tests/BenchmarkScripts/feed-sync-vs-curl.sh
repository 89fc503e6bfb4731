#!/bin/sh
# feed refresh through a Google Reader API server (FreshRSS 1.25 on loopback, from
# .ci/freshrss-server) with 50 feeds (feed-server.py, 20 items each): a refresh with
# nothing new — its requests counted from the server's log, and timed against the same
# requests made by curl one after another — and, side by side, feed's own refresh of the
# same 50 sites (every feed answering 304). Needs hyperfine, curl, PHP with SQLite and a
# release build (swift build -c release --product feed).
# Usage: Tests/BenchmarkScripts/feed-sync-vs-curl.sh [path/to/feed]
set -eu
ROOT=$(realpath "$(dirname "$0")/../..")
FEED=$(realpath "${1:-$ROOT/.build/release/feed}")
HERE=$(dirname "$(realpath "$0")")
WORK=$(mktemp -d)
PORT=${PORT:-18630}
RUNS=${RUNS:-20}
eval "$(bash "$ROOT/.ci/freshrss-server" start)"
trap 'kill $SITES 2>/dev/null; bash "$ROOT/.ci/freshrss-server" stop "$FRESHRSS_PID" "$FRESHRSS_SCRATCH"; rm -rf "$WORK"' EXIT
: > "$WORK/urls"
python3 "$HERE/feed-server.py" "$PORT" 50 1 0 >> "$WORK/urls" &
SITES=$!
while [ "$(wc -l < "$WORK/urls")" -lt 50 ]; do sleep 0.1; done
LOG="$FRESHRSS_SCRATCH/log"

world() { # a private XDG world in $WORK/$1
  export XDG_CONFIG_HOME="$WORK/$1/config" XDG_DATA_HOME="$WORK/$1/data"
  export XDG_CACHE_HOME="$WORK/$1/cache" XDG_STATE_HOME="$WORK/$1/state" HOME="$WORK/$1"
  mkdir -p "$HOME"
}
uptime

# The synced reader: 50 feeds subscribed on the server, one full sync first.
world synced
printf 'machine 127.0.0.1 login %s password %s\n' "$BLUEPRINT_FRESHRSS_USER" \
  "$BLUEPRINT_FRESHRSS_PASSWORD" > "$HOME/.netrc"
chmod 600 "$HOME/.netrc"
while read -r url; do "$FEED" add "$url" > /dev/null; done < "$WORK/urls"
"$FEED" sync setup "$BLUEPRINT_FRESHRSS_URL" > /dev/null
"$FEED" refresh > /dev/null
"$FEED" refresh > /dev/null
before=$(grep -c '\]: \(GET\|POST\)' "$LOG" || true)
"$FEED" refresh
after=$(grep -c '\]: \(GET\|POST\)' "$LOG" || true)
echo "requests of a refresh with nothing new: $((after - before))"

# The same requests by curl, one after another.
API=$BLUEPRINT_FRESHRSS_URL
cat > "$WORK/curl.sh" <<CURL
#!/bin/sh
AUTH=\$(curl -s -d "Email=$BLUEPRINT_FRESHRSS_USER&Passwd=$BLUEPRINT_FRESHRSS_PASSWORD" "$API/accounts/ClientLogin" | sed -n 's/^Auth=//p')
H="Authorization: GoogleLogin auth=\$AUTH"
curl -s -o /dev/null -H "\$H" "$API/reader/api/0/subscription/list?output=json"
curl -s -o /dev/null -H "\$H" "$API/reader/api/0/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&n=10000&xt=user/-/state/com.google/read"
curl -s -o /dev/null -H "\$H" "$API/reader/api/0/stream/items/ids?output=json&s=user/-/state/com.google/starred&n=10000"
CURL
chmod +x "$WORK/curl.sh"
hyperfine --warmup 2 --runs "$RUNS" -N --export-json "$WORK/sync.json" \
  -n "feed refresh (synced, nothing new)" "$FEED refresh" \
  -n "curl: the same 4 requests" "$WORK/curl.sh"

# feed's own refresh of the same 50 sites, every feed answering 304.
world direct
while read -r url; do "$FEED" add "$url" > /dev/null; done < "$WORK/urls"
"$FEED" refresh > /dev/null
hyperfine --warmup 2 --runs "$RUNS" -N --export-json "$WORK/direct.json" \
  -n "feed refresh (50 sites, all 304)" "$FEED refresh"
python3 - "$WORK/sync.json" "$WORK/direct.json" <<'MEDIANS'
import json, sys
rows = [r for path in sys.argv[1:] for r in json.load(open(path))["results"]]
synced, floor, direct = (r["median"] * 1000 for r in rows)
print(f"medians: synced {synced:.0f} ms, curl {floor:.0f} ms ({synced / floor:.2f}x), "
      f"50 sites {direct:.0f} ms ({synced / direct:.2f}x)")
MEDIANS
uptime
