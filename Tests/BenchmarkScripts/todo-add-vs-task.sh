#!/bin/sh
# `todo add x` against `task add x` at N items, in one hyperfine run, each store
# restored before every run (--prepare); with a second todo binary, that one beside
# them too — e.g. a build of an earlier tree, to see what a change to the write path
# costs. Binaries are stripped copies, as Apps/install.sh installs them.
#
# Needs hyperfine, Taskwarrior and python3 (apt-get install -y hyperfine taskwarrior).
# Usage: Tests/BenchmarkScripts/todo-add-vs-task.sh TODO [OTHER_TODO] [N] [RUNS]
#   TODO, OTHER_TODO: static release builds (Apps/release-build.sh --product todo);
#   N items (default 20); RUNS timed runs of each (default 60). Prints medians.
set -eu
[ $# -ge 1 ] || { echo "usage: todo-add-vs-task.sh TODO [OTHER_TODO] [N] [RUNS]" >&2; exit 64; }
TODO=$(realpath "$1")
OTHER=${2:+$(realpath "$2")}
N=${3:-20}
RUNS=${4:-60}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/bin"
cp "$TODO" "$WORK/bin/todo" && strip "$WORK/bin/todo"
[ -z "$OTHER" ] || { cp "$OTHER" "$WORK/bin/other" && strip "$WORK/bin/other"; }

export XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
export XDG_STATE_HOME="$WORK/state" HOME="$WORK/home" TASKRC="$WORK/taskrc"
mkdir -p "$HOME" "$WORK/task"
chmod -R go-rwx "$WORK"
printf 'data.location=%s\nconfirmation=off\nverbose=nothing\n' "$WORK/task" > "$TASKRC"

# The same N open items for both, then one add so that todo keeps a last good version.
python3 - "$WORK" "$N" << 'PY'
import json, sys
work, n = sys.argv[1], int(sys.argv[2])
json.dump([{"title": "Item number %d" % i} for i in range(n)], open(work + "/items.json", "w"))
json.dump([{"description": "Item number %d" % i, "status": "pending", "entry": "20260101T000000Z",
            "uuid": "%08x-0000-4000-8000-%012x" % (i, i)} for i in range(n)],
          open(work + "/tasks.json", "w"))
PY
"$WORK/bin/todo" import "$WORK/items.json" > /dev/null
"$WORK/bin/todo" add seed > /dev/null
task import "$WORK/tasks.json" > /dev/null 2>&1
cp -a "$XDG_DATA_HOME/blueprint/todo" "$WORK/todo-orig"
cp -a "$WORK/task" "$WORK/task-orig"
cat > "$WORK/restore" << SH
#!/bin/sh
rm -rf "$XDG_DATA_HOME/blueprint/todo" && cp -a "$WORK/todo-orig" "$XDG_DATA_HOME/blueprint/todo"
rm -rf "$WORK/task" && cp -a "$WORK/task-orig" "$WORK/task"
SH
chmod +x "$WORK/restore"

set -- -n "todo add x ($N)" "$WORK/bin/todo add x"
[ -z "$OTHER" ] || set -- "$@" -n "other todo add x ($N)" "$WORK/bin/other add x"
hyperfine -N --warmup 3 --runs "$RUNS" --style basic --prepare "$WORK/restore" "$@" \
  -n "task add x ($N)" "task add x" --export-json "$WORK/add.json" > /dev/null
python3 - "$WORK/add.json" << 'PY'
import json, statistics, sys
for r in json.load(open(sys.argv[1]))["results"]:
    times = sorted(t * 1000 for t in r["times"])
    print(f"{r['command']:28} median {statistics.median(times):7.2f} ms"
          f"  (min {times[0]:.2f}, max {times[-1]:.2f})")
PY
