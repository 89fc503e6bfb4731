#!/usr/bin/env python3
"""How fast an open `todo` shows another process's commit, and what it costs idle.

  Tests/BenchmarkScripts/live-latency.py [TODO] [CHANGES]

TODO is the `todo` binary (default: the debug build, .build/debug/todo); CHANGES the
number of commits timed (default 100). In a private XDG home, `todo` is opened on a
pseudo-terminal of 100x30 with 20 items. Then:

1. Latency: this script commits CHANGES times as another process does — the list file
   rewritten with one more item, written to a temporary file and renamed over
   `todos.json` — and times each from just after the rename to the moment the new
   count in the header (`21 open`) has come out of the terminal (the open screen
   redrawn). It waits for
   each redraw before the next commit. Prints the median, the 90th percentile and the
   worst, in milliseconds.
2. Idle CPU: with nothing changing, the open UI's CPU time (utime + stime from
   /proc/PID/stat, in clock ticks) over 10 s.

Needs python3 and Linux (/proc). Wall-clock figures depend on the machine's load:
report the load average beside them.
"""

import json
import os
import pty
import select
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TODO = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/todo")
CHANGES = int(sys.argv[2]) if len(sys.argv) > 2 else 100


def read_until(fd, needle, deadline=30.0):
    """Reads the terminal until `needle` (bytes) comes out; returns when it did."""
    seen = b""
    end = time.monotonic() + deadline
    while True:
        left = end - time.monotonic()
        if left <= 0:
            raise SystemExit(
                f"live-latency: error: no {needle!r} within {deadline} s; last output: {seen!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            raise SystemExit("live-latency: error: todo ended")
        seen = (seen + chunk)[-4096:]
        if needle in seen:
            return time.monotonic()


def drain(fd):
    while select.select([fd], [], [], 0)[0]:
        if not os.read(fd, 65536):
            return


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


def main():
    home = tempfile.mkdtemp(prefix="live-latency-")
    env = {
        "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config",
        "XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache",
        "TERM": "xterm-256color", "TZ": "UTC", "PATH": "/usr/bin:/bin",
    }
    for number in range(1, 21):
        add = os.fork()
        if add == 0:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            os.execve(TODO, [TODO, "add", f"Item {number}"], env)
        os.waitpid(add, 0)
    store = home + "/data/blueprint/todo/todos.json"

    pid, fd = pty.fork()
    if pid == 0:
        os.execve(TODO, [TODO], env)
    os.set_blocking(fd, False)
    import fcntl, struct, termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    read_until(fd, b"20 open")
    time.sleep(0.5)
    drain(fd)

    latencies = []
    for change in range(CHANGES):
        with open(store) as file:
            document = json.load(file)
        value = document["value"]
        title = f"Live {change:03d}"
        value["items"].append({
            "completed": None, "created": "2026-12-07T07:00:00Z", "done": False, "due": None,
            "id": value["nextID"], "note": None, "priority": "high", "tags": [], "title": title,
        })
        value["nextID"] += 1
        temporary = store + f".tmp-bench-{change}"
        with open(temporary, "w") as file:
            json.dump(document, file, indent=2, sort_keys=True)
            file.write("\n")
        os.rename(temporary, store)
        committed = time.monotonic()
        # The header's count: always on screen, and its row is drawn whole.
        shown = read_until(fd, f"{21 + change} open ·".encode())
        latencies.append((shown - committed) * 1000)

    time.sleep(1)
    drain(fd)
    before = cpu_ticks(pid)
    end = time.monotonic() + 10
    while time.monotonic() < end:  # keep the terminal read, as a real one is
        if select.select([fd], [], [], max(0, end - time.monotonic()))[0]:
            os.read(fd, 65536)
    idle = cpu_ticks(pid) - before

    os.write(fd, b"q")
    os.waitpid(pid, 0)
    latencies.sort()
    print(f"changes {CHANGES}")
    print(f"median-ms {statistics.median(latencies):.1f}")
    print(f"p90-ms {latencies[int(len(latencies) * 0.9) - 1]:.1f}")
    print(f"worst-ms {latencies[-1]:.1f}")
    print(f"idle-cpu-ticks-10s {idle}")
    print(f"load {os.getloadavg()[0]:.1f}")


main()
