// store-stress: drives FileKeyValueStore from separate processes for the tests.
//
//   store-stress increment DIR KEY COUNT [TIMEOUT]
//                        COUNT `update` increments of an Int, waiting at most
//                        TIMEOUT seconds for the lock (the store's default when
//                        left out); prints the longest update in milliseconds
//   store-stress churn DIR KEY
//                        rewrites an ever-growing array forever, printing one
//                        line after each write
//   store-stress hold DIR
//                        takes the folder's lock, prints "locked", and holds it
//                        until standard input closes
//   store-stress read DIR KEY | append DIR KEY
//                        reads the value's bytes (prints their count), or appends
//                        one space to them in an update: for memory figures
//   store-stress kill-at DIR KEY STEP
//                        updates the String at KEY to "killed write" and sends
//                        itself SIGKILL just before the write's STEP (a
//                        WriteFaults.Step name): what a kill there leaves
import Core
import CoreBase
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func fail(_ message: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data("store-stress: error: \(message)\n".utf8))
  exit(code)
}

func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  fail("usage: store-stress increment|churn|hold|read|append DIR [KEY …]", code: 64)
}
let directory = URL(fileURLWithPath: arguments[1])
let key = arguments.count > 2 ? arguments[2] : "value"

do {
  switch arguments[0] {
  case "increment":
    guard arguments.count >= 4, let count = Int(arguments[3]) else { fail("bad COUNT", code: 64) }
    let store =
      if arguments.count > 4, let seconds = Int(arguments[4]) {
        FileKeyValueStore(directory: directory, lockTimeout: .seconds(seconds))
      } else {
        FileKeyValueStore(directory: directory)
      }
    let counter = StoreKey(key, default: 0)
    let clock = ContinuousClock()
    var longest = Duration.zero
    for _ in 0..<count {
      let start = clock.now
      try store.update(forKey: counter) { $0 += 1 }
      longest = max(longest, start.duration(to: clock.now))
    }
    say(
      "longest-update-ms \(longest.components.seconds * 1000 + longest.components.attoseconds / 1_000_000_000_000_000)"
    )
  case "churn":
    let store = FileKeyValueStore(directory: directory, lockTimeout: .seconds(30))
    var values: [Int] = []
    while true {
      values.append(contentsOf: 0..<64)
      try store.set(values, forKey: key)
      say("\(values.count)")
    }
  case "hold":
    let store = FileKeyValueStore(directory: directory, lockTimeout: .seconds(30))
    try store.updateData(forKey: "held") { _ in
      say("locked")
      _ = FileHandle.standardInput.readDataToEndOfFile()
    }
  case "read":
    let store = FileKeyValueStore(directory: directory)
    say("\(try store.data(forKey: key)?.count ?? 0)")
  case "append":
    let store = FileKeyValueStore(directory: directory)
    try store.updateData(forKey: key) { data in data?.append(0x20) }
  case "kill-at":
    guard arguments.count >= 4, let step = WriteFaults.Step(rawValue: arguments[3]) else {
      fail("bad STEP", code: 64)
    }
    let store = FileKeyValueStore(directory: directory)
    WriteFaults.set(
      WriteFaults.Plan { reached in
        if reached == step { kill(getpid(), SIGKILL) }
        return nil
      }, forFolder: store.directory.path)
    try store.update(forKey: StoreKey(key, default: "")) { $0 = "killed write" }
    say("not killed")
  default:
    fail("unknown mode '\(arguments[0])'", code: 64)
  }
} catch let error as PersistenceError {
  fail(error.message, code: error.exitCode)
} catch {
  fail("\(error)", code: 70)
}
