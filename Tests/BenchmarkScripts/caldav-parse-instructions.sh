#!/bin/sh
# The CalDAV multistatus parse in instructions (valgrind --tool=callgrind, deterministic):
# a throwaway package that depends on this tree by path (CoreBase and CoreSync only) reads
# a 1,000-item sync-collection listing with calendar data (432 kB, Radicale's shape)
# through CalDAVCollection.changes(since:) from a client that answers at once. Prints the
# instructions of one parse (DAVMultistatus.parse alone, --toggle-collect) and of one
# whole changes(since:) (five calls less one), and the shared libraries of the program.
# With COMMIT, the same for that commit of this repository (git archive), side by side.
# Static release builds (--static-swift-stdlib) with their debug info stripped: this
# valgrind reads no DWARF 5.
# Needs valgrind (apt-get install -y valgrind).
# Usage: Tests/BenchmarkScripts/caldav-parse-instructions.sh [COMMIT]
set -eu
ROOT=$(realpath "$(dirname "$0")/../..")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/bench/Sources/parsebench"
cat > "$WORK/bench/Package.swift" << 'SWIFT'
// swift-tools-version: 6.0
import Foundation
import PackageDescription

let package = Package(
  name: "parsebench",
  dependencies: [
    .package(name: "Blueprint", path: ProcessInfo.processInfo.environment["BLUEPRINT"] ?? "")
  ],
  targets: [
    .executableTarget(
      name: "parsebench",
      dependencies: [
        .product(name: "CoreBase", package: "Blueprint"),
        .product(name: "CoreSync", package: "Blueprint"),
      ])
  ]
)
SWIFT
cat > "$WORK/bench/Sources/parsebench/main.swift" << 'SWIFT'
import CoreBase
import CoreSync
import Foundation

struct CannedClient: HTTPClient {
  var body: Data
  func send(_ endpoint: Endpoint) async throws -> HTTPResponse {
    HTTPResponse(status: 207, body: body, url: endpoint.baseURL)
  }
}

var xml =
  "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
  + "<multistatus xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\">"
for index in 0..<1_000 {
  let uid = "item-\(index)-0b7d2c4e-6f1a-4c3b-9d8e"
  xml +=
    "<response><href>/alice/todo/\(uid).ics</href><propstat><prop>"
    + "<getetag>\"\(index)-1733400000\"</getetag><C:calendar-data>BEGIN:VCALENDAR\n"
    + "VERSION:2.0\nPRODID:-//blueprint//todo//EN\nBEGIN:VTODO\nUID:\(uid)\n"
    + "DTSTAMP:20261206T020000Z\nSUMMARY:Buy milk &amp; bread, item \(index)\n"
    + "STATUS:NEEDS-ACTION\nEND:VTODO\nEND:VCALENDAR\n</C:calendar-data></prop>"
    + "<status>HTTP/1.1 200 OK</status></propstat></response>"
}
xml += "<sync-token>http://radicale.org/ns/sync/abc123</sync-token></multistatus>"
let rounds = Int(CommandLine.arguments.dropFirst().first ?? "1") ?? 1
let remote = CalDAVCollection(
  url: URL(string: "https://calendar.example/alice/todo/")!,
  client: CannedClient(body: Data(xml.utf8)))
for _ in 0..<rounds {
  let changes = try await remote.changes(since: "t0")
  precondition(changes.changed.count == 1_000 && changes.changed[7].body?.contains("& bread") == true)
}
SWIFT

instructions() {  # instructions [callgrind options] BINARY ROUNDS: instructions collected
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | awk '/Collected/ { print $4 }'
}
measure() {  # measure LABEL TREE
  BLUEPRINT=$2 swift build -c release --static-swift-stdlib --package-path "$WORK/bench" \
    --scratch-path "$WORK/build-$1" > "$WORK/build-$1.log" 2>&1 \
    || { cat "$WORK/build-$1.log" >&2; exit 70; }
  bin="$WORK/parsebench-$1"
  cp "$WORK/build-$1/release/parsebench" "$bin" && strip -g "$bin"
  parse=$(instructions --toggle-collect='*14DAVMultistatusV5parse*' "$bin" 5)
  one=$(instructions "$bin" 1)
  five=$(instructions "$bin" 5)
  awk -v l="$1" -v p="$parse" -v o="$one" -v f="$five" -v n="$(ldd "$bin" | wc -l)" \
    'BEGIN { printf "| %s | %.1f M | %.1f M | %d |\n", l, p / 5e6, (f - o) / 4e6, n }'
}

echo "| tree | one parse | one changes(since:) | shared libraries |"
echo "|---|---|---|---|"
if [ $# -gt 0 ]; then
  mkdir -p "$WORK/before"
  git -C "$ROOT" archive "$1" | tar -x -C "$WORK/before"
  measure "$1" "$WORK/before"
fi
measure "$(git -C "$ROOT" rev-parse --short HEAD)" "$ROOT"
