#!/bin/sh
# Start-up of the three apps against what they cannot go below: a Swift + Foundation
# hello world linked the same way (static Swift libraries), the same importing
# FoundationNetworking (which Core's networking links), and Taskwarrior, a C++ peer.
# Prints `--version` of each app and `todo list` with 20 items against `task list`
# with the same 20, so a regression in what an app does before its command shows.
# Needs hyperfine and Taskwarrior (apt-get install -y hyperfine taskwarrior) and static
# release builds, e.g. what Apps/install.sh installs:
#   Apps/release-build.sh --product todo   (also feed, settings; as Apps/install.sh builds)
# Usage: Tests/BenchmarkScripts/startup.sh [folder with todo, feed and settings]
set -eu
BIN=$(realpath "${1:-.build/release}")
for app in todo feed settings; do
  [ -x "$BIN/$app" ] || { echo "startup.sh: error: $BIN/$app does not exist" >&2; exit 66; }
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The baselines, built as the apps are (static Swift libraries, a fixed address).
printf 'import Foundation\nprint("hello \\(Date().timeIntervalSince1970 > 0)")\n' > "$WORK/hello.swift"
printf 'import Foundation\nimport FoundationNetworking\nprint("hello")\n_ = URLRequest.self\n' \
  > "$WORK/hellonet.swift"
swiftc -O -static-stdlib -Xclang-linker -no-pie "$WORK/hello.swift" -o "$WORK/hello" 2> /dev/null
swiftc -O -static-stdlib -Xclang-linker -no-pie "$WORK/hellonet.swift" -o "$WORK/hellonet" 2> /dev/null

# A private world for todo and Taskwarrior, 20 open items each.
export XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
export XDG_STATE_HOME="$WORK/state" HOME="$WORK/home" TASKRC="$WORK/taskrc"
mkdir -p "$HOME" "$WORK/task"
printf 'data.location=%s\nconfirmation=off\nverbose=nothing\n' "$WORK/task" > "$TASKRC"
i=1
while [ $i -le 20 ]; do
  case $((i % 3)) in 0) p=high ;; 1) p=medium ;; *) p=low ;; esac
  "$BIN/todo" add "Item number $i" --priority $p --tag t$((i % 4)) > /dev/null
  task add "Item number $i" priority:$(echo $p | cut -c1 | tr a-z A-Z) +t$((i % 4)) > /dev/null
  i=$((i + 1))
done

echo "Start-up (--version):"
hyperfine -N --warmup 10 --runs 100 \
  -n "hello (Foundation, static)" "$WORK/hello" \
  -n "hello + FoundationNetworking (static)" "$WORK/hellonet" \
  -n "todo --version" "$BIN/todo --version" \
  -n "feed --version" "$BIN/feed --version" \
  -n "settings --version" "$BIN/settings --version" \
  -n "task --version" "task --version" \
  --export-markdown "$WORK/version.md" --export-json "$WORK/version.json"
echo "A list of 20 items:"
hyperfine -N --warmup 10 --runs 100 \
  -n "todo list" "$BIN/todo list" \
  -n "task list" "task list" \
  --export-markdown "$WORK/list.md" --export-json "$WORK/list.json"
cat "$WORK/version.md" "$WORK/list.md"
# Medians resist the outliers a shared machine adds to the means above.
python3 - "$WORK/version.json" "$WORK/list.json" <<'PY'
import json, statistics, sys
medians = {}
for path in sys.argv[1:]:
    for r in json.load(open(path))["results"]:
        medians[r["command"]] = statistics.median(r["times"]) * 1000
hello = medians["hello + FoundationNetworking (static)"]
for command, median in medians.items():
    print(f"median {command}: {median:.1f} ms ({median / hello:.2f}x hello + FoundationNetworking)")
PY
