#if canImport(SwiftUI)
  import BlueprintPostsFeatures
  import Core
  import CoreSwiftUI
  import CoreTerminal
  import SwiftUI

  /// `posts-app`: the list and a post in a window, on the terminal's interactors and copy.
  struct PostsSwiftUIApp: App {
    private let folder = XDGDirectories(family: appIdentity.family).data(app: appIdentity.name)
    private let environment = ProcessInfo.processInfo.environment

    var body: some Scene {
      WindowGroup("Posts") {
        if let server = (try? PostsServer.parse([], environment: environment))?.server {
          HomeView(
            repository: PostRepository(server: server, store: FileKeyValueStore(directory: folder)))
        } else {
          ContentUnavailableView("The server's address is not a URL", systemImage: "network")
        }
      }
    }
  }

  // In a platform branch: the SwiftUI interface of the Linux type-check has no `App.main()`.
  #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    @main extension PostsSwiftUIApp {}
  #endif
#else
  import BlueprintPostsFeatures
  import Core

  /// `posts-app` where SwiftUI does not exist (Linux): it says so and exits 69.
  @main
  enum PostsSwiftUIApp {
    static func main() { appIdentity.exitNeedingApplePlatform(for: "the same posts") }
  }
#endif
