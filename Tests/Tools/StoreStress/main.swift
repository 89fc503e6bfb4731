// store-stress: drives FileKeyValueStore from separate processes for the tests.
//
//   store-stress increment DIR KEY COUNT   COUNT `update` increments of an Int
//   store-stress churn DIR KEY             rewrites an ever-growing array forever,
//                                          printing one line after each write
import Core
import Foundation

func fail(_ message: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data("store-stress: error: \(message)\n".utf8))
  exit(code)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3 else {
  fail("usage: store-stress increment DIR KEY COUNT | churn DIR KEY", code: 64)
}
let store = FileKeyValueStore(
  directory: URL(fileURLWithPath: arguments[1]), lockTimeout: .seconds(30))
let key = arguments[2]

do {
  switch arguments[0] {
  case "increment":
    guard arguments.count == 4, let count = Int(arguments[3]) else { fail("bad COUNT", code: 64) }
    let counter = StoreKey(key, default: 0)
    for _ in 0..<count { try store.update(forKey: counter) { $0 += 1 } }
  case "churn":
    var values: [Int] = []
    while true {
      values.append(contentsOf: 0..<64)
      try store.set(values, forKey: key)
      FileHandle.standardOutput.write(Data("\(values.count)\n".utf8))
    }
  default:
    fail("unknown mode '\(arguments[0])'", code: 64)
  }
} catch let error as PersistenceError {
  fail(error.message, code: error.exitCode)
} catch {
  fail("\(error)", code: 70)
}
