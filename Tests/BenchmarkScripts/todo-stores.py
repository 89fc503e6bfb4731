#!/usr/bin/env python3
"""Writes todo stores for the migration figures in Docs/Benchmarks.md.

For each size asked for, two stores of the same items:
  v1-<MB>/blueprint/todo/todos.json  version 1, one item per line, as earlier
                                     releases wrote it (timestamps as seconds,
                                     absent fields left out, no notes)
  v2-<MB>/blueprint/todo/todos.json  the current form, as `todo` writes it
Point XDG_DATA_HOME at v1-<MB> or v2-<MB> and run `todo list`, `todo rm 1`.

Usage: Tests/BenchmarkScripts/todo-stores.py OUTPUT_FOLDER [MB ...]
       (default sizes 39.8 69.4 125.1: the sizes the version 1 stores reach)
The items are the same on every run (a fixed seed).
"""
import datetime
import json
import os
import random
import sys

WORDS = ("buy milk call mom fix the bike renew passport water plants book dentist "
         "pay rent write report review pull request email landlord clean garage "
         "plan trip order parts back up laptop read chapter update budget").split()
TAGS = ["home", "work", "shop", "family", "errands", "health"]
PRIORITIES = ["high", "medium", "low"]
START = 1_767_225_600  # 2026-01-01T00:00:00Z


def items(rng):
    """An endless list of version 1 items, ids from 1."""
    number = 0
    while True:
        number += 1
        created = START + rng.randrange(0, 300 * 86400)
        item = {"id": number,
                "title": " ".join(rng.choice(WORDS) for _ in range(rng.randrange(2, 9)))}
        if rng.random() < 0.5:
            item["priority"] = rng.choice(PRIORITIES)
        if rng.random() < 0.3:
            day = datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randrange(0, 400))
            item["due"] = day.isoformat()
        if rng.random() < 0.6:
            item["tags"] = rng.sample(TAGS, rng.randrange(1, 3))
        item["created"] = created
        if rng.random() < 0.3:
            item["completed"] = created + rng.randrange(60, 86400 * 30)
        yield item


def iso(seconds):
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime(
        "%Y-%m-%dT%H:%M:%SZ")


def current(item):
    """The same item in the current form (every key, sorted, as TodoItem encodes)."""
    completed = item.get("completed")
    return {"completed": iso(completed) if completed is not None else None,
            "created": iso(item["created"]), "done": completed is not None,
            "due": item.get("due"), "id": item["id"], "note": None,
            "priority": item.get("priority"), "tags": item.get("tags", []),
            "title": item["title"]}


def write(folder, megabytes, seed=1):
    target = int(float(megabytes) * 1_000_000)
    rng = random.Random(seed)
    lines = []
    size = 60
    for item in items(rng):
        line = json.dumps(item, ensure_ascii=False, separators=(",", ":"))
        if size + len(line.encode()) + 2 > target:
            break
        lines.append((item, line))
        size += len(line.encode()) + 2
    next_id = lines[-1][0]["id"] + 1
    v1 = os.path.join(folder, "v1-%s" % megabytes, "blueprint", "todo")
    v2 = os.path.join(folder, "v2-%s" % megabytes, "blueprint", "todo")
    for path in (v1, v2):
        os.makedirs(path, mode=0o700, exist_ok=True)
        os.chmod(path, 0o700)
        for parent in (os.path.dirname(path), os.path.dirname(os.path.dirname(path))):
            os.chmod(parent, 0o700)
    with open(os.path.join(v1, "todos.json"), "w", encoding="utf-8") as out:
        out.write('{"version":1,"value":{\n"nextID":%d,\n"items":[\n' % next_id)
        out.write(",\n".join(line for _, line in lines))
        out.write('\n],\n"undo":[]}}\n')
    document = {"value": {"items": [current(item) for item, _ in lines], "nextID": next_id,
                          "undo": []}, "version": 2}
    with open(os.path.join(v2, "todos.json"), "w", encoding="utf-8") as out:
        out.write(json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True,
                             separators=(",", " : ")))
        out.write("\n")
    for path in (v1, v2):
        os.chmod(os.path.join(path, "todos.json"), 0o600)
    print("%s MB: %d items; version 1 %d bytes, current %d bytes" % (
        megabytes, len(lines), os.path.getsize(os.path.join(v1, "todos.json")),
        os.path.getsize(os.path.join(v2, "todos.json"))))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for megabytes in sys.argv[2:] or ["39.8", "69.4", "125.1"]:
        write(sys.argv[1], megabytes)


if __name__ == "__main__":
    main()
