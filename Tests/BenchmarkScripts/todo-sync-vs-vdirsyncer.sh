#!/bin/sh
# todo sync against vdirsyncer 0.21 (filesystem storage) on one throwaway Radicale 3.9 on
# loopback, N items (default 1,000) in a VTODO task list: a sync with nothing changed,
# one item changed on each side, a first download into an empty list / folder (hyperfine,
# medians and ratios, with a curl floor: the requests todo sends, made by curl), a first
# upload of UP local items (default 1,000; Radicale's PUTs slow down as the list fills,
# so this takes 30–40 s of server time per tool here; client CPU from /usr/bin/time -v,
# requests counted from Radicale's log, todo's file-system calls from strace -c when it
# is installed), and todo's peak memory for a first download of BIG items (default
# 10,000). Docs/Benchmarks.md has the figures.
# Radicale and vdirsyncer come from PyPI into .build/sync-bench-venv (kept across runs).
# The server's items are written straight into its storage folder (Radicale reads files
# changed behind its back), since N PUTs would take minutes; then one PROPFIND warms
# Radicale's cache before anything is timed. Needs python3, curl, hyperfine and a static
# release build, as Apps/install.sh makes it:
#   swift build -c release --static-swift-stdlib --product todo
# Usage: [N=1000] [UP=200] [BIG=10000] [RUNS=10] \
#   Tests/BenchmarkScripts/todo-sync-vs-vdirsyncer.sh [path/to/todo]
# The machine's load (uptime) is printed before and after: a shared machine's load moves
# both tools' times, so compare the ratios of one run, and run it more than once.
set -eu
ROOT=$(realpath "$(dirname "$0")/../..")
TODO=$(realpath "${1:-$ROOT/.build/release/todo}")
N=${N:-1000} UP=${UP:-1000} BIG=${BIG:-10000} RUNS=${RUNS:-10}
[ -x "$TODO" ] || { echo "todo-sync-vs-vdirsyncer.sh: error: $TODO does not exist" >&2; exit 66; }
for tool in python3 curl hyperfine; do
  command -v $tool > /dev/null || {
    echo "todo-sync-vs-vdirsyncer.sh: error: $tool is not installed" >&2
    exit 69
  }
done
[ -x /usr/bin/time ] || { echo "todo-sync-vs-vdirsyncer.sh: error: /usr/bin/time is missing (apt-get install -y time)" >&2; exit 69; }

VENV=$ROOT/.build/sync-bench-venv
if ! "$VENV/bin/python" -c "import radicale, sys; sys.exit(radicale.VERSION != '3.9.0')" 2> /dev/null \
  || ! "$VENV/bin/vdirsyncer" --version 2> /dev/null | grep -q ' 0\.21\.'; then
  echo "installing Radicale 3.9.0 and vdirsyncer 0.21.0 into $VENV" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "radicale==3.9.0" "vdirsyncer==0.21.0"
fi
VDS="$VENV/bin/vdirsyncer -v WARNING"

WORK=$(mktemp -d)
SERVER=
trap '[ -n "$SERVER" ] && kill $SERVER 2> /dev/null; rm -rf "$WORK"' EXIT
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BASE=http://127.0.0.1:$PORT
# Radicale checks no password, but a request needs a user name to have a principal:
# todo reads it from ~/.netrc, curl and vdirsyncer are given it.
USER_NAME=bench
cat > "$WORK/radicale.conf" << CONFIG
[server]
hosts = 127.0.0.1:$PORT
[auth]
type = none
[storage]
filesystem_folder = $WORK/collections
[logging]
level = info
CONFIG
"$VENV/bin/python" -m radicale --config "$WORK/radicale.conf" > "$WORK/radicale.log" 2>&1 &
SERVER=$!
# A poll for the real server's start, at most 30 s (it dies or answers well before).
tries=0
until curl -s -o /dev/null "$BASE/.web/"; do
  kill -0 $SERVER 2> /dev/null || { cat "$WORK/radicale.log" >&2; exit 70; }
  tries=$((tries + 1))
  [ $tries -lt 300 ] || { echo "Radicale did not answer in 30 s" >&2; exit 70; }
  sleep 0.1
done

export XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
export XDG_STATE_HOME="$WORK/state" HOME="$WORK/home"
mkdir -p "$HOME"
printf 'machine 127.0.0.1 login %s password unused\n' $USER_NAME > "$HOME/.netrc"
chmod 600 "$HOME/.netrc"
CURL="curl -s -f -u $USER_NAME:unused"

# mklist NAME: an empty VTODO task list /bench/NAME/ named NAME.
mklist() {
  $CURL -o /dev/null -X MKCALENDAR -H 'Content-Type: application/xml' "$BASE/$USER_NAME/$1/" \
    --data "<C:mkcalendar xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><D:set><D:prop><D:displayname>$1</D:displayname><C:supported-calendar-component-set><C:comp name=\"VTODO\"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>"
}
# items COUNT FOLDER [json]: COUNT VTODOs as UID.ics files in FOLDER, and with json the
# same items in todo's --json schema on stdout (for `todo import`).
items() {
  python3 - "$@" << 'PY'
import json, os, sys
count, folder = int(sys.argv[1]), sys.argv[2]
os.makedirs(folder, exist_ok=True)
rows = []
for i in range(1, count + 1):
    uid = f"bench-{i:05d}"
    priority = ("high", "medium", "low", None)[i % 4]
    due = f"2026-12-{i % 28 + 1:02d}" if i % 3 else None
    tags = ["bench", f"t{i % 7}"]
    title = f"Bench item {i}: water the plants and call about the invoice"
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Blueprint//sync bench//EN",
             "BEGIN:VTODO", f"UID:{uid}", "DTSTAMP:20261201T090000Z",
             "CREATED:20261201T090000Z", "LAST-MODIFIED:20261201T090000Z",
             f"SUMMARY:{title}", "STATUS:NEEDS-ACTION", "CATEGORIES:" + ",".join(tags)]
    if priority:
        lines.append("PRIORITY:" + {"high": "1", "medium": "5", "low": "9"}[priority])
    if due:
        lines.append("DUE;VALUE=DATE:" + due.replace("-", ""))
    lines += ["END:VTODO", "END:VCALENDAR"]
    with open(os.path.join(folder, uid + ".ics"), "w", newline="") as f:
        f.write("\r\n".join(lines) + "\r\n")
    rows.append({"completed": None, "created": "2026-12-01T09:00:00Z", "done": False,
                 "due": due, "id": i, "note": None, "priority": priority, "tags": tags,
                 "title": title})
if len(sys.argv) > 3:
    json.dump(rows, sys.stdout)
PY
}
# seed NAME COUNT: a task list holding COUNT items, written into Radicale's folder, then
# read once so that its cache is warm.
seed() {
  mklist "$1"
  items "$2" "$WORK/collections/collection-root/$USER_NAME/$1"
  $CURL -o /dev/null -X PROPFIND -H 'Depth: 1' -H 'Content-Type: application/xml' \
    --data '<D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>' "$BASE/$USER_NAME/$1/"
}
# requests CMD…: run CMD and print the requests Radicale logged meanwhile, by method.
requests() {
  before=$(wc -l < "$WORK/radicale.log")
  "$@" > "$WORK/out"
  tail -n +$((before + 1)) "$WORK/radicale.log" | grep -o '[A-Z]* request for' \
    | awk '{ n[$1]++; t++ } END { printf "%d requests:", t; for (m in n) printf " %s %d", m, n[m]; print "" }'
}
# vdirsyncer_config NAME FOLDER LIST: a pair NAME of FOLDER and the task list LIST.
vdirsyncer_config() {
  mkdir -p "$2"
  cat > "$WORK/$1.vdirsyncer" << CONFIG
[general]
status_path = "$WORK/$1.status/"
[pair $1]
a = "$1_local"
b = "$1_remote"
collections = null
[storage $1_local]
type = "filesystem"
path = "$2"
fileext = ".ics"
[storage $1_remote]
type = "caldav"
url = "$BASE/$USER_NAME/$3/"
username = "$USER_NAME"
password = "unused"
CONFIG
  $VDS -c "$WORK/$1.vdirsyncer" discover > /dev/null
  cp -a "$WORK/$1.status" "$WORK/$1.status.discovered"
}
# timed LABEL CMD…: CMD's user+sys CPU, wall and peak memory, from /usr/bin/time -v.
timed() {
  label=$1
  shift
  /usr/bin/time -v -o "$WORK/time" "$@" > /dev/null
  awk -v label="$label" -F': ' '/User time/ { u = $2 } /System time/ { s = $2 }
    /Elapsed/ { w = $2 } /Maximum resident/ { m = $2 }
    END { printf "%s: %.2f s CPU (user %.2f + sys %.2f), %s wall, peak %.1f MiB\n", label, u + s, u, s, w, m / 1024 }' \
    "$WORK/time" | tee -a "$WORK/summary"
}

echo "Load before: $(uptime)" | tee "$WORK/summary"
echo "Seeding a task list of $N items"
seed main "$N"
"$TODO" sync setup "$BASE/" --list main > /dev/null
vdirsyncer_config peer "$WORK/peer" main
cat > "$WORK/fresh-todo" << SH
rm -rf "$XDG_DATA_HOME/blueprint"
SH
cat > "$WORK/fresh-peer" << SH
rm -rf "$WORK/peer" "$WORK/peer.status" && mkdir "$WORK/peer" && cp -a "$WORK/peer.status.discovered" "$WORK/peer.status"
SH
# One item changed on the server (its note) and one on the client side, by each tool's
# own means, before every run: bench-00001 on the server, a title in todo's list /
# bench-00002's file in vdirsyncer's folder.
cat > "$WORK/change-server" << SH
sed -e '/^DESCRIPTION:/d' -e "s/^SUMMARY:[^\r]*/&\r\nDESCRIPTION:server change \$(date +%s%N)/" \
  "$WORK/collections/collection-root/$USER_NAME/main/bench-00001.ics" > "$WORK/put.ics"
$CURL -o /dev/null -X PUT -H 'Content-Type: text/calendar; charset=utf-8' --data-binary @"$WORK/put.ics" \
  "$BASE/$USER_NAME/main/bench-00001.ics"
SH
cat > "$WORK/change-todo" << SH
sh "$WORK/change-server"
"$TODO" edit $N --title "local change \$(date +%s%N)" > /dev/null
SH
cat > "$WORK/change-peer" << SH
sh "$WORK/change-server"
sed -i "s/^SUMMARY:[^\r]*/SUMMARY:local change \$(date +%s%N)/" "$WORK/peer/bench-00002.ics"
SH

# The server's floor (curl): for nothing changed, the one REPORT sync-collection with the
# current token; for a first download, the one REPORT sync-collection from an empty token
# asking for every item's calendar data, as todo sends it; for one change on each side,
# after the same server change, a REPORT from the token asking for calendar data and one
# PUT (of another item, unconditional).
REPORT="$CURL -o /dev/null -X REPORT -H Depth:1 -H Content-Type:application/xml $BASE/$USER_NAME/main/"
TOKEN=$($CURL -X PROPFIND -H 'Depth: 0' -H 'Content-Type: application/xml' \
  --data '<D:propfind xmlns:D="DAV:"><D:prop><D:sync-token/></D:prop></D:propfind>' \
  "$BASE/$USER_NAME/main/" | sed -n 's|.*<[A-Za-z0-9]*:\{0,1\}sync-token>\([^<]*\)<.*|\1|p')
sync_body() {
  printf '<D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:sync-token>%s</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/>%s</D:prop></D:sync-collection>' "$1" "$2"
}
sync_body "$TOKEN" "" > "$WORK/sync-current.xml"
sync_body "" "<C:calendar-data/>" > "$WORK/sync-empty.xml"
printf '%s --data @%s\n' "$REPORT" "$WORK/sync-empty.xml" > "$WORK/floor-download"
sync_body "$TOKEN" "<C:calendar-data/>" > "$WORK/sync-token-data.xml"
cp "$WORK/collections/collection-root/$USER_NAME/main/bench-00003.ics" "$WORK/put-floor.ics"
printf '%s --data @%s\n%s -X PUT -H "Content-Type: text/calendar; charset=utf-8" --data-binary @%s %s\n' \
  "$REPORT" "$WORK/sync-token-data.xml" "$CURL -o /dev/null" "$WORK/put-floor.ics" \
  "$BASE/$USER_NAME/main/bench-00003.ics" > "$WORK/floor-change"

echo "First download of $N items into an empty list / folder:"
hyperfine -N --warmup 1 --runs "$((RUNS / 2 > 3 ? RUNS / 2 : 3))" \
  --prepare "sh $WORK/fresh-todo" -n "todo sync" "$TODO sync" \
  --prepare "sh $WORK/fresh-peer" -n "vdirsyncer sync" "$VDS -c $WORK/peer.vdirsyncer sync" \
  --prepare true -n "curl (floor)" "sh $WORK/floor-download" \
  --export-markdown "$WORK/download.md" --export-json "$WORK/download.json"
[ "$("$TODO" list --all --json | grep -c '"id"')" -eq "$N" ] \
  || { echo "todo-sync-vs-vdirsyncer.sh: error: todo did not download $N items" >&2; exit 70; }
[ "$(ls "$WORK/peer" | wc -l)" -eq "$N" ] \
  || { echo "todo-sync-vs-vdirsyncer.sh: error: vdirsyncer did not download $N items" >&2; exit 70; }
echo "Nothing changed:"
hyperfine -N --warmup 2 --runs "$RUNS" \
  -n "todo sync" "$TODO sync" -n "vdirsyncer sync" "$VDS -c $WORK/peer.vdirsyncer sync" \
  -n "curl (floor)" "$REPORT --data @$WORK/sync-current.xml" \
  --export-markdown "$WORK/nothing.md" --export-json "$WORK/nothing.json"
echo "One item changed on each side:"
hyperfine -N --warmup 1 --runs "$RUNS" \
  --prepare "sh $WORK/change-todo" -n "todo sync" "$TODO sync" \
  --prepare "sh $WORK/change-peer" -n "vdirsyncer sync" "$VDS -c $WORK/peer.vdirsyncer sync" \
  --prepare "sh $WORK/change-server" -n "curl (floor)" "sh $WORK/floor-change" \
  --export-markdown "$WORK/change.md" --export-json "$WORK/change.json"
"$TODO" sync > /dev/null
$VDS -c "$WORK/peer.vdirsyncer" sync > /dev/null
"$TODO" sync > /dev/null
# Both saw the other's changes: the server's note and vdirsyncer's title in todo, todo's
# title and the server's note in vdirsyncer's folder.
"$TODO" list --all --search "server change" | grep -q . \
  && "$TODO" list --all | grep -q "local change" \
  && grep -q "server change" "$WORK/peer/bench-00001.ics" \
  && grep -rlq "local change" "$WORK/peer" \
  || { echo "todo-sync-vs-vdirsyncer.sh: error: a change did not arrive" >&2; exit 70; }

echo "Requests per sync ($N items):"
{
  sh "$WORK/fresh-todo"
  printf 'first download, todo: %s\n' "$(requests "$TODO" sync)"
  sh "$WORK/fresh-peer"
  printf 'first download, vdirsyncer: %s\n' "$(requests $VDS -c "$WORK/peer.vdirsyncer" sync)"
  printf 'nothing changed, todo: %s\n' "$(requests "$TODO" sync)"
  printf 'nothing changed, vdirsyncer: %s\n' "$(requests $VDS -c "$WORK/peer.vdirsyncer" sync)"
  sh "$WORK/change-todo"
  printf 'one change each side, todo: %s (%s)\n' "$(requests "$TODO" sync)" "$(head -1 "$WORK/out")"
  $VDS -c "$WORK/peer.vdirsyncer" sync > /dev/null
  sh "$WORK/change-peer"
  printf 'one change each side, vdirsyncer: %s\n' "$(requests $VDS -c "$WORK/peer.vdirsyncer" sync)"
} | tee -a "$WORK/summary"

echo "First upload of $UP local items into an empty list (once each):"
UPHOME="env XDG_CONFIG_HOME=$WORK/up/config XDG_DATA_HOME=$WORK/up/data"
items "$UP" "$WORK/up-peer" json > "$WORK/up.json"
$UPHOME "$TODO" import "$WORK/up.json" > /dev/null
$UPHOME "$TODO" sync setup "$BASE/" --list uptodo > /dev/null
mklist uppeer
vdirsyncer_config up "$WORK/up-peer" uppeer
before=$(wc -l < "$WORK/radicale.log")
timed "first upload, todo" $UPHOME "$TODO" sync
tail -n +$((before + 1)) "$WORK/radicale.log" | grep -o '[A-Z]* request for' \
  | awk '{ n[$1]++; t++ } END { printf "first upload, todo: %d requests:", t; for (m in n) printf " %s %d", m, n[m]; print "" }' \
  | tee -a "$WORK/summary"
before=$(wc -l < "$WORK/radicale.log")
timed "first upload, vdirsyncer" $VDS -c "$WORK/up.vdirsyncer" sync
tail -n +$((before + 1)) "$WORK/radicale.log" | grep -o '[A-Z]* request for' \
  | awk '{ n[$1]++; t++ } END { printf "first upload, vdirsyncer: %d requests:", t; for (m in n) printf " %s %d", m, n[m]; print "" }' \
  | tee -a "$WORK/summary"
if command -v strace > /dev/null; then
  # The same upload again into another empty list, under strace: todo's file-system
  # calls per item (not timed).
  STRACEHOME="env XDG_CONFIG_HOME=$WORK/st/config XDG_DATA_HOME=$WORK/st/data"
  $STRACEHOME "$TODO" import "$WORK/up.json" > /dev/null
  $STRACEHOME "$TODO" sync setup "$BASE/" --list sttodo > /dev/null
  strace -f -c -o "$WORK/strace" -e trace=fsync,fdatasync,rename,renameat,renameat2,openat,write \
    $STRACEHOME "$TODO" sync > /dev/null
  awk -v up="$UP" '$NF ~ /^(fsync|fdatasync|rename|renameat|renameat2|openat|write)$/ {
      printf "first upload of %d, todo, strace -c: %s %d (%.1f per item)\n", up, $NF, $4, $4 / up }' \
    "$WORK/strace" | tee -a "$WORK/summary"
fi

echo "Peak memory, first download of $BIG items:"
seed big "$BIG"
BIGHOME="env XDG_CONFIG_HOME=$WORK/big/config XDG_DATA_HOME=$WORK/big/data"
$BIGHOME "$TODO" sync setup "$BASE/" --list big > /dev/null
timed "first download of $BIG, todo" $BIGHOME "$TODO" sync

cat "$WORK/download.md" "$WORK/nothing.md" "$WORK/change.md"
# Medians resist the outliers a shared machine adds to the means above.
python3 - "$WORK/download.json" "$WORK/nothing.json" "$WORK/change.json" << 'PY'
import json, statistics, sys
names = ("first download", "nothing changed", "one change each side")
goals = (0.3, 0.15, 0.2)
for name, goal, path in zip(names, goals, sys.argv[1:]):
    results = {r["command"]: r for r in json.load(open(path))["results"]}
    wall = {c: statistics.median(r["times"]) for c, r in results.items()}
    cpu = {c: r["user"] + r["system"] for c, r in results.items()}  # hyperfine keeps means only
    todo, peer = wall["todo sync"], wall["vdirsyncer sync"]
    ratio = todo / peer
    floor = f", curl floor {wall['curl (floor)'] * 1000:.0f} ms" if "curl (floor)" in wall else ""
    print(f"{name}, median wall: todo {todo * 1000:.0f} ms, vdirsyncer {peer * 1000:.0f} ms{floor}; "
          f"{ratio:.2f}x (goal <= {goal}x: {'met' if ratio <= goal else 'missed'}); "
          f"mean CPU (user+sys): todo {cpu['todo sync'] * 1000:.0f} ms, vdirsyncer "
          f"{cpu['vdirsyncer sync'] * 1000:.0f} ms, {cpu['todo sync'] / cpu['vdirsyncer sync']:.2f}x")
PY
cat "$WORK/summary"
echo "Load after: $(uptime)"
