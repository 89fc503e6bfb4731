internal import BlueprintFeedFormats
internal import CoreBase
internal import CoreTerminal

extension FeedCommands {
  /// The options and arguments of feed's commands, each declared once: the spec lists
  /// them, the commands read them (`command[Key.json]`).
  @MainActor enum Key {
    static let json = Flag("json", help: "Print JSON.")
    static let all = Flag("all", help: "Every feed.")

    // add
    static let title = Option<String?>(
      "title", valueName: "title", help: "Show the feed under this title.")
    static let check = Flag(
      "check", help: "Add it only if it can be read now (a failed fetch adds nothing).")
    static let addFeedTimeout = Option<Int?>(
      "feed-timeout", valueName: "seconds", help: "Stop a fetch after this long (default: 45).")
    static let url = Argument<String>(
      "url", help: "The feed's URL, a web page, host/path, or a feed file."
    ).completing(.file)

    // rm, rename
    static let feed = Argument<String>("feed", help: "The feed's id, URL or title.")
      .completing(feedIDs)
    static let newTitle = Argument<String?>("title", help: "The new title.")

    // refresh
    static let force = Flag(
      "force", help: "Fetch feeds whose server asked to wait (Retry-After) too.")
    static let timeout = Option<Int?>(
      "timeout", valueName: "seconds",
      help: "Stop the whole refresh after this long (default: 180).")
    static let feedTimeout = Option<Int?>(
      "feed-timeout", valueName: "seconds",
      help: "Stop one feed's fetch after this long (default: 45).")
    static let onlyFeed = Argument<String?>("feed", help: "Only this feed (id, URL or title).")
      .completing(feedIDs)

    // read
    static let unread = Flag("unread", short: "u", help: "Only unread items.")
    static let search = Option<String?>(
      "search", short: "s", valueName: "text",
      help: "Only items whose title, author or text contains this (any case).")
    // `--limit 0` would print "No items." beside items that exist: a count starts at 1,
    // and leaving the option out shows every item.
    static let limit = Option<Int?>(
      "limit", short: "n", valueName: "count", help: "Show at most this many.",
      expected: "a count of 1 or more"
    ) { Int($0).flatMap { $0 >= 1 ? $0 : nil } }

    // show, mark-read, mark-unread
    static let item = Argument<String>(
      "item", help: "The item's id as '\(appIdentity.name) read' shows it, e.g. 3.17."
    ).completing(itemIDs)
    static let target = Argument<String?>(
      "target", help: "An item (3.17), or a feed's id, URL or title."
    ).completing(feedIDs)

    // config
    static let option = Argument<String?>("option", help: "The option's name.")
      .completing(.list(FeedOptions.names))
    static let value = Argument<String?>("value", help: "Its new value.")
      .completing(.list(["on", "off"]))

    // import
    static let file = Argument<String>("file", help: "An OPML file.").completing(.file)
  }
}
