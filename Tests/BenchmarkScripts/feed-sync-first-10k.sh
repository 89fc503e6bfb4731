#!/bin/sh
# A reader's first sync with a Google Reader API server (FreshRSS 1.25 on loopback, from
# .ci/freshrss-server) that holds FEEDS × ITEMS unread items (default 20 × 500 = 10,000,
# served by feed-server.py and fetched by FreshRSS itself): the peak memory of
# `feed refresh` (/usr/bin/time -v) and its requests, counted in the server's log.
# Needs curl, PHP with SQLite, GNU time and a release build
# (swift build -c release --product feed).
# Usage: Tests/BenchmarkScripts/feed-sync-first-10k.sh [path/to/feed]
set -eu
ROOT=$(realpath "$(dirname "$0")/../..")
FEED=$(realpath "${1:-$ROOT/.build/release/feed}")
HERE=$(dirname "$(realpath "$0")")
WORK=$(mktemp -d)
PORT=${PORT:-18632}
FEEDS=${FEEDS:-20}
ITEMS=${ITEMS:-500}
eval "$(bash "$ROOT/.ci/freshrss-server" start)"
trap 'kill $SITES 2>/dev/null; bash "$ROOT/.ci/freshrss-server" stop "$FRESHRSS_PID" "$FRESHRSS_SCRATCH"; rm -rf "$WORK"' EXIT
: > "$WORK/urls"
python3 "$HERE/feed-server.py" "$PORT" "$FEEDS" 1 0 "$ITEMS" >> "$WORK/urls" &
SITES=$!
while [ "$(wc -l < "$WORK/urls")" -lt "$FEEDS" ]; do sleep 0.1; done
LOG="$FRESHRSS_SCRATCH/log"
API=$BLUEPRINT_FRESHRSS_URL
uptime

# FreshRSS keeps every item (by default it may drop all but 200 a feed now and then),
# subscribes to the feeds from an OPML file and fetches them.
cd "$BLUEPRINT_FRESHRSS_ROOT"
php -r '$f = "data/users/" . $argv[1] . "/config.php"; $c = include $f;
  $c["archiving"]["keep_max"] = false; $c["archiving"]["keep_period"] = false;
  file_put_contents($f, "<?php\nreturn " . var_export($c, true) . ";\n");' "$BLUEPRINT_FRESHRSS_USER"
{
  echo '<?xml version="1.0"?><opml version="2.0"><head><title>bench</title></head><body>'
  sed 's|.*|<outline type="rss" text="&" xmlUrl="&"/>|' "$WORK/urls"
  echo '</body></opml>'
} > "$WORK/feeds.opml"
php cli/import-for-user.php --user "$BLUEPRINT_FRESHRSS_USER" --filename "$WORK/feeds.opml" > /dev/null
start=$(date +%s)
php cli/actualize-user.php --user "$BLUEPRINT_FRESHRSS_USER" > /dev/null || true
echo "FreshRSS fetched the feeds in $(($(date +%s) - start)) s"
cd "$ROOT"
auth=$(curl -s -d "Email=$BLUEPRINT_FRESHRSS_USER&Passwd=$BLUEPRINT_FRESHRSS_PASSWORD" \
  "$API/accounts/ClientLogin" | sed -n 's/^Auth=//p')
echo "unread on the server: $(curl -s -H "Authorization: GoogleLogin auth=$auth" \
  "$API/reader/api/0/stream/items/ids?output=json&s=user/-/state/com.google/reading-list&n=100000&xt=user/-/state/com.google/read" |
  grep -o '"id"' | wc -l)"

# A new reader with nothing of its own: setup, then the first refresh, measured.
export XDG_CONFIG_HOME="$WORK/r/config" XDG_DATA_HOME="$WORK/r/data"
export XDG_CACHE_HOME="$WORK/r/cache" XDG_STATE_HOME="$WORK/r/state" HOME="$WORK/r"
mkdir -p "$HOME"
printf 'machine 127.0.0.1 login %s password %s\n' "$BLUEPRINT_FRESHRSS_USER" \
  "$BLUEPRINT_FRESHRSS_PASSWORD" > "$HOME/.netrc"
chmod 600 "$HOME/.netrc"
"$FEED" sync setup "$API"
before=$(grep -c '\]: \(GET\|POST\)' "$LOG" || true)
lines=$(wc -l < "$LOG")
/usr/bin/time -v "$FEED" refresh 2> "$WORK/time"
after=$(grep -c '\]: \(GET\|POST\)' "$LOG" || true)
grep -E 'Maximum resident|Elapsed|User time|System time' "$WORK/time"
echo "requests of the first sync's refresh: $((after - before))"
tail -n "+$((lines + 1))" "$LOG" | grep -o '\(GET\|POST\) [^ ?]*' | sort | uniq -c
"$FEED" list 2> /dev/null | wc -l | sed 's/^/lines of feed list: /' || true
uptime
