#!/bin/sh
# What watching costs a command that does not watch: instructions (valgrind
# --tool=callgrind, deterministic) of `todo --version`, `todo list` and `todo add` at 20
# items, for a build before live state and one after, and the inotify calls each makes
# (strace; none is the promise: the watcher starts only for an observer).
#
# Needs valgrind and strace (apt-get install -y valgrind strace).
# Usage: Tests/BenchmarkScripts/live-instructions.sh BEFORE AFTER
#   BEFORE and AFTER are two `todo` binaries built alike (e.g. the parent commit's and
#   this one's, both `swift build --product todo`, or both release builds).
set -eu
[ $# -eq 2 ] || { echo "usage: live-instructions.sh BEFORE AFTER" >&2; exit 64; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Stripped copies: valgrind gives up on a debug build's debug information.
mkdir -p "$WORK/before" "$WORK/after"
cp "$1" "$WORK/before/todo" && strip "$WORK/before/todo"
cp "$2" "$WORK/after/todo" && strip "$WORK/after/todo"
BEFORE="$WORK/before/todo"
AFTER="$WORK/after/todo"

# A home with 20 items; each `add` measured is undone after, so both binaries see 20.
export XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
export XDG_STATE_HOME="$WORK/state" HOME="$WORK/home" TZ=UTC
mkdir -p "$HOME"
chmod -R go-rwx "$WORK"
i=1
while [ $i -le 20 ]; do "$AFTER" add "Item $i" > /dev/null; i=$((i + 1)); done

instructions() {  # instructions BINARY ARGS…
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 > /dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
inotify_calls() {  # inotify_calls BINARY ARGS…
  strace -f -c -e trace=inotify_init,inotify_init1,inotify_add_watch "$@" 2>&1 > /dev/null |
    awk '/total/ { print $4 + 0; found = 1 } END { if (!found) print 0 }'
}

printf '| Command | before | after | after / before | inotify calls after |\n|---|---|---|---|---|\n'
for command in "--version" "list" "add"; do
  if [ "$command" = add ]; then
    before=$(instructions "$BEFORE" add "One more"); "$AFTER" undo > /dev/null
    after=$(instructions "$AFTER" add "One more"); "$AFTER" undo > /dev/null
    calls=$(inotify_calls "$AFTER" add "One more"); "$AFTER" undo > /dev/null
  else
    before=$(instructions "$BEFORE" $command)
    after=$(instructions "$AFTER" $command)
    calls=$(inotify_calls "$AFTER" $command)
  fi
  ratio=$(awk -v a="$after" -v b="$before" 'BEGIN { printf "%.4f", a / b }')
  printf '| `todo %s` | %s | %s | %s | %s |\n' "$command" "$before" "$after" "$ratio" "$calls"
done
