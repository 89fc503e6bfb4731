#!/bin/sh
# What each command pays before and for its work, for the tree this runs in:
# instructions (valgrind --tool=callgrind, deterministic) and shared libraries (ldd) of
# the installed binaries — static release builds, stripped, as Apps/install.sh makes
# them — against Taskwarrior and three static hello worlds (Foundation; + URLRequest,
# which links FoundationNetworking; + XMLParser, which links FoundationXML); then wall
# time side by side with Taskwarrior (hyperfine -N) at 20 and 10,000 items; then `ldd`
# of each binary.
#
# Needs valgrind, hyperfine, Taskwarrior and python3
# (apt-get install -y valgrind hyperfine taskwarrior).
# Usage: Tests/BenchmarkScripts/startup-instructions.sh [FOLDER]
#   FOLDER holds todo, feed and settings already built (static, release); without it
#   they are built here as Apps/install.sh builds them (Apps/release-build.sh).
#   RUNS (default 50) is the number of timed runs of each command at 20 items; on a
#   quiet machine 200 gives means within a few percent.
set -eu
cd "$(dirname "$0")/../.."
if [ $# -gt 0 ]; then
  BUILT=$(realpath "$1")
else
  for app in todo settings feed; do
    Apps/release-build.sh --product "$app" > /dev/null
  done
  BUILT=$(swift build -c release --show-bin-path)
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/bin"
for app in todo feed settings; do
  [ -x "$BUILT/$app" ] || { echo "startup-instructions.sh: error: $BUILT/$app does not exist" >&2; exit 66; }
  cp "$BUILT/$app" "$WORK/bin/$app" && strip "$WORK/bin/$app"
done
BIN="$WORK/bin"

# The baselines, built as the apps are and stripped.
printf 'import Foundation\nprint("hello \\(Date().timeIntervalSince1970 > 0)")\n' > "$WORK/hello.swift"
printf 'import Foundation\nimport FoundationNetworking\nprint("hello")\n_ = URLRequest.self\n' \
  > "$WORK/hellonet.swift"
printf 'import Foundation\nimport FoundationXML\nprint("hello")\n_ = XMLParser.self\n' \
  > "$WORK/helloxml.swift"
for hello in hello hellonet helloxml; do
  # linked at a fixed address, as Apps/release-build.sh links the apps
  swiftc -O -static-stdlib -Xclang-linker -no-pie "$WORK/$hello.swift" -o "$BIN/$hello" \
    2> "$WORK/swiftc.err" || {
    # A static FoundationNetworking links libcurl, FoundationXML libxml2: their -dev packages.
    echo "startup-instructions.sh: error: could not build the $hello baseline:" >&2
    grep -m 3 'error' "$WORK/swiftc.err" >&2
    echo "hint: apt-get install -y libcurl4-openssl-dev libxml2-dev" >&2
    exit 69
  }
  strip "$BIN/$hello"
done

# A private world for todo and Taskwarrior.
export XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
export XDG_STATE_HOME="$WORK/state" HOME="$WORK/home" TASKRC="$WORK/taskrc"
mkdir -p "$HOME" "$WORK/task" "$XDG_DATA_HOME/blueprint/todo"
chmod -R go-rwx "$WORK"
printf 'data.location=%s\nconfirmation=off\nverbose=nothing\n' "$WORK/task" > "$TASKRC"

# The same items for both: N items as todo stores them and as Taskwarrior imports them.
make_items() {  # make_items N
  python3 - "$WORK" "$1" << 'PY'
import json, sys, random, datetime
random.seed(7)
work, n = sys.argv[1], int(sys.argv[2])
words = ("buy milk call mom fix bike write report email bob plan trip pay rent clean "
         "kitchen read book water plants book dentist renew passport").split()
base = 1767225600  # 2026-01-01
ts = lambda s: datetime.datetime.fromtimestamp(s, datetime.timezone.utc)
items, tasks = [], []
for i in range(1, n + 1):
    title = " ".join(random.choice(words) for _ in range(random.randint(1, 3))).capitalize()
    tags = random.sample(["home", "work", "shop", "family", "errand", "health"], random.randint(0, 2))
    pri = random.choice([None, None, "low", "medium", "high"])
    due = None
    if random.random() < 0.4:
        due = (datetime.date(2026, 1, 1) + datetime.timedelta(days=random.randint(0, 400))).isoformat()
    created, done = base + i * 600, n > 20 and random.random() < 0.3
    items.append({"completed": ts(created + 3600).strftime("%Y-%m-%dT%H:%M:%SZ") if done else None,
                  "created": ts(created).strftime("%Y-%m-%dT%H:%M:%SZ"), "done": done, "due": due,
                  "id": i, "note": None, "priority": pri, "tags": tags, "title": title})
    t = {"description": title, "status": "completed" if done else "pending",
         "entry": ts(created).strftime("%Y%m%dT%H%M%SZ"), "uuid": "%08x-0000-4000-8000-%012x" % (i, i)}
    if tags: t["tags"] = tags
    if pri: t["priority"] = {"low": "L", "medium": "M", "high": "H"}[pri]
    if due: t["due"] = due.replace("-", "") + "T000000Z"
    if done: t["end"] = ts(created + 3600).strftime("%Y%m%dT%H%M%SZ")
    tasks.append(t)
store = {"version": 2, "value": {"nextID": n + 1, "items": items, "undo": []}}
open(f"{work}/todos.json", "w").write(
    json.dumps(store, indent=2, sort_keys=True, separators=(",", " : "), ensure_ascii=False) + "\n")
json.dump(tasks, open(f"{work}/tasks.json", "w"))
PY
  rm -rf "$WORK/task" "$WORK/task-orig" && mkdir -p "$WORK/task"
  task import "$WORK/tasks.json" > /dev/null 2>&1
  cp -a "$WORK/task" "$WORK/task-orig"
  cp "$WORK/todos.json" "$XDG_DATA_HOME/blueprint/todo/todos.json"
  chmod 600 "$XDG_DATA_HOME/blueprint/todo/todos.json"
}
cat > "$WORK/restore" << SH
#!/bin/sh
cp "$WORK/todos.json" "$XDG_DATA_HOME/blueprint/todo/todos.json"
rm -rf "$WORK/task" && cp -a "$WORK/task-orig" "$WORK/task"
SH
chmod +x "$WORK/restore"

instructions() {  # instructions COMMAND... : millions of instructions, callgrind
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 > /dev/null \
    | awk '/Collected/ { printf "%.1f", $4 / 1e6 }'
}
libraries() {  # libraries BINARY : how many shared objects the loader maps (ldd's lines)
  ldd "$1" 2> /dev/null | wc -l | tr -d ' '
}
row() {  # row LABEL BINARY ARGS... (todo add restores the stores first)
  label=$1
  shift
  case "$label" in *add*) "$WORK/restore" ;; esac
  count=$(instructions "$@")
  echo "| $label | $count M | $(libraries "$(command -v "$1")") |"
}

make_items 20
TASK_LIST=$(instructions task list)
echo "Instructions and shared libraries ($(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD 2> /dev/null || echo '?')):"
echo
echo "| Command | instructions | shared libraries |"
echo "|---|---|---|"
echo "| \`task list\` (20 items, Taskwarrior) | $TASK_LIST M | $(libraries "$(command -v task)") |"
row '`todo list` (20 items)' "$BIN/todo" list
row '`task add x` (20 items)' task add x
row '`todo add x` (20 items)' "$BIN/todo" add x
row '`task --version`' task --version
row '`todo --version`' "$BIN/todo" --version
row '`settings --version`' "$BIN/settings" --version
row '`feed --version`' "$BIN/feed" --version
row '`settings list`' "$BIN/settings" list
row '`feed list`' "$BIN/feed" list
row 'hello (Foundation, static)' "$BIN/hello"
row 'hello + FoundationNetworking (URLRequest)' "$BIN/hellonet"
row 'hello + FoundationXML (XMLParser)' "$BIN/helloxml"
echo

side_by_side() {  # side_by_side N
  echo "Side by side with Taskwarrior, $1 items (hyperfine -N):"
  hyperfine -N --warmup 5 --runs "$2" --style basic \
    -n "todo list ($1)" "$BIN/todo list" -n "task list ($1)" "task list" \
    --export-markdown "$WORK/list.md" --export-json "$WORK/list.json" > /dev/null
  hyperfine -N --warmup 3 --runs "$2" --style basic --prepare "$WORK/restore" \
    -n "todo add x ($1)" "$BIN/todo add x" -n "task add x ($1)" "task add x" \
    --export-markdown "$WORK/add.md" --export-json "$WORK/add.json" > /dev/null
  cat "$WORK/list.md"
  tail -n +3 "$WORK/add.md"
  # Medians, and todo's against Taskwarrior's: a write's sync to disk now and then
  # waits for the journal, and such outliers move the means above more than the medians.
  python3 - "$WORK/list.json" "$WORK/add.json" << 'PY'
import json, statistics, sys
for path in sys.argv[1:]:
    todo, task = (statistics.median(r["times"]) * 1000 for r in json.load(open(path))["results"])
    print(f"median: todo {todo:.2f} ms, task {task:.2f} ms: {todo / task:.2f}x")
PY
  echo
}
side_by_side 20 "${RUNS:-50}"
make_items 10000
side_by_side 10000 15

echo "Shared libraries of each binary (ldd):"
for app in todo feed settings; do
  echo
  echo "$app:"
  ldd "$BIN/$app" | sed 's/ (0x[0-9a-f]*)//; s/^\s*/    /'
done
