internal import BlueprintFeedFormats
internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

extension FeedCommands {
  /// `feed import FILE`: subscribes to the feeds of an OPML file.
  static func importOPML(_ file: String, _ context: CommandContext, _ library: FeedLibrary)
    throws
  {
    let input = try CommandLineInput.read(file, in: context)
    let outlines: [OPML.Outline]
    do {
      outlines = try OPML.outlines(in: input.data)
    } catch let error as OPML.Malformed {
      throw AppError("\(input.name) is not an OPML file: \(error.reason)", exitCode: .dataError)
    }
    var added = 0
    var skipped: [String] = []
    var refusedFolders: [(name: String, reason: String)] = []
    // Shown on a terminal only when the store keeps it waiting (another feed holds it).
    let progress = context.progressLine()
    progress.update("importing \(outlines.count) feed\(outlines.count == 1 ? "" : "s")")
    defer { progress.finish() }
    // Every scheme `feed add` takes, local files included: an export reads back whole.
    // An xmlUrl is a whole URL: one without a scheme is not a path here.
    try library.store.updateSubscriptions { list in
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
  }

  static func exportOPML(_ context: CommandContext, _ library: FeedLibrary) throws {
    let feeds = try library.store.feeds().map {
      (
        title: $0.displayTitle, url: $0.subscription.url.absoluteString,
        folder: $0.subscription.folder
      )
    }
    context.write(OPML.document(feeds))
  }
}
