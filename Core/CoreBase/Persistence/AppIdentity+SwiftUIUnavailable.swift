import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension AppIdentity {
  /// The `main` of an app's SwiftUI executable where SwiftUI does not exist (Linux):
  /// says it needs an Apple platform, names the terminal app that runs here, and
  /// exits 69 (`EX_UNAVAILABLE`), writing nothing else.
  ///
  /// <!-- doc-test: skip an app's `@main` type, which a file of top-level code cannot hold -->
  /// ```swift
  /// #if !canImport(SwiftUI)
  ///   @main enum TodoSwiftUIApp {
  ///     static func main() { appIdentity.exitNeedingApplePlatform(for: "the same list") }
  ///   }
  /// #endif
  /// ```
  ///
  /// - Parameter what: What the terminal app shows instead, e.g. "the same list".
  public func exitNeedingApplePlatform(for what: String) -> Never {
    let message = """
      \(name)-app: error: the SwiftUI app needs an Apple platform (macOS 14 or later)
      hint: run '\(name)' for \(what) in the terminal

      """
    FileHandle.standardError.write(Data(message.utf8))
    exit(69)
  }
}
