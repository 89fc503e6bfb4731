internal import BlueprintFeedFormats
internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `feed import FILE`: subscribes to the feeds of an OPML file.
struct ImportOPML: FeedCommand {
  static let configuration = CommandConfiguration(
    "import", summary: "Subscribe to the feeds of an OPML file.")
  @Argument("file", help: "An OPML file.", completion: .file) var file: String

  func run(in app: FeedRun) async throws {
    let (context, library) = (app.context, app.library)
    let input = try CommandLineInput.read(file, in: context)
    let outlines: [OPML.Outline]
    do {
      outlines = try OPML.outlines(in: input.data)
    } catch let error as OPML.Malformed {
      throw AppError("\(input.name) is not an OPML file: \(error.reason)", exitCode: .dataError)
    }
    // Shown on a terminal only when the store keeps it waiting (another feed holds it).
    let progress = context.progressLine()
    progress.update("importing \(outlines.count) feed\(outlines.count == 1 ? "" : "s")")
    defer { progress.finish() }
    let (added, skipped, refusedFolders) = try Self.subscribe(outlines, library.store)
    progress.finish()
    for (name, reason) in refusedFolders {
      context.warn(
        "the feeds of the folder '\(CommandLineEcho.quote(name))' are added in no folder: \(reason)"
      )
    }
    for url in skipped {
      context.warn(
        "skipped \(CommandLineEcho.quote(url, limit: 200)): not a whole http, https or file URL")
    }
    // Import fetches nothing: say how many were added and what reads them.
    let already = outlines.count - added - skipped.count
    let count = added == 0 ? "no feeds" : "\(added) feed\(added == 1 ? "" : "s")"
    let next =
      added == 0 ? "" : "; '\(context.appName) refresh' fetches \(added == 1 ? "it" : "them")"
    context.write("Added \(count) (\(already) already subscribed)\(next).\n")
    await FeedPart.subscriptionsChanged(app.context, app.library)
  }

  /// Subscribes to the outlines' feeds not subscribed yet, in one change of the list.
  ///
  /// - Returns: How many were added, the addresses skipped (not a whole http, https or
  ///   file URL), and the folder names refused (their feeds are added in no folder).
  private static func subscribe(_ outlines: [OPML.Outline], _ store: FeedStore) throws
    -> (added: Int, skipped: [String], refusedFolders: [(name: String, reason: String)])
  {
    var added = 0
    var skipped: [String] = []
    var refusedFolders: [(name: String, reason: String)] = []
    // Every scheme `feed add` takes, local files included: an export reads back whole.
    // An xmlUrl is a whole URL: one without a scheme is not a path here.
    try store.updateSubscriptions { list in
      // Compared as add compares: lists saved before may hold another case.
      var subscribed = Set(list.feeds.map { FeedLocation.canonical($0.url) })
      for outline in outlines {
        let text = outline.url.trimmingCharacters(in: .whitespacesAndNewlines)
        let scheme = text.prefix { $0 != ":" }.lowercased()
        guard text.contains(":"), ["http", "https", "file"].contains(scheme),
          let url = try? FeedLocation.url(from: text, currentDirectory: "/")
        else {
          skipped.append(outline.url)
          continue
        }
        guard subscribed.insert(url).inserted else { continue }
        // A folder name feed cannot keep leaves the feed in no folder, said once.
        var folder: String?
        do throws(FeedFolderError) {
          if let name = outline.folder { folder = try FeedFolder.validated(name) }
        } catch {
          if let name = outline.folder, !refusedFolders.contains(where: { $0.name == name }) {
            refusedFolders.append((name, error.description))
          }
        }
        list.feeds.append(
          Subscription(
            id: String(list.nextID), url: url, customTitle: outline.title, folder: folder))
        list.nextID += 1
        added += 1
      }
    }
    return (added, skipped, refusedFolders)
  }
}

/// `feed export`: the subscriptions as OPML 2.0.
struct ExportOPML: FeedCommand {
  static let configuration = CommandConfiguration(
    "export", summary: "Print the subscriptions as OPML 2.0.")

  func run(in app: FeedRun) async throws {
    let feeds = try app.library.store.feeds().map {
      (
        title: $0.displayTitle, url: $0.subscription.url.absoluteString,
        folder: $0.subscription.folder
      )
    }
    app.context.write(OPML.document(feeds))
  }
}
