internal import Core
internal import CoreTerminal

// Each command's options and arguments, declared once: the spec lists them (help, the
// manual page and completions follow) and the command reads them back by subscript,
// `command[Read.limit]`, so a misspelled one does not compile.

extension FeedCommands {
  /// `--json`: `list`, `read` and `show`.
  static let json = Flag("json", help: "Print JSON.")

  /// The feed a command acts on: `rm` and `rename`.
  static let feed = Argument<String>("feed", help: "The feed's id, URL or title.")
    .completing(feedIDs)

  /// The feed `refresh` and `read` are limited to.
  static let onlyFeed = Argument<String?>("feed", help: "Only this feed (id, URL or title).")
    .completing(feedIDs)

  @MainActor enum Add {
    static let title = Option<String?>(
      "title", valueName: "title", help: "Show the feed under this title.")
    static let check = Flag(
      "check", help: "Add it only if it can be read now (a failed fetch adds nothing).")
    static let feedTimeout = Option<Int?>(
      "feed-timeout", valueName: "seconds", help: "Stop a fetch after this long (default: 45).")
    static let url = Argument<String>(
      "url", help: "The feed's URL, a web page, host/path, or a feed file."
    ).completing(.file)
  }

  @MainActor enum Rename {
    static let title = Argument<String?>("title", help: "The new title.")
  }

  @MainActor enum Refresh {
    static let force = Flag(
      "force", help: "Fetch feeds whose server asked to wait (Retry-After) too.")
    static let timeout = Option<Int?>(
      "timeout", valueName: "seconds",
      help: "Stop the whole refresh after this long (default: 180).")
    static let feedTimeout = Option<Int?>(
      "feed-timeout", valueName: "seconds",
      help: "Stop one feed's fetch after this long (default: 45).")
  }

  @MainActor enum Read {
    static let unread = Flag("unread", short: "u", help: "Only unread items.")
    static let search = Option<String?>(
      "search", short: "s", valueName: "text",
      help: "Only items whose title, author or text contains this (any case).")
    // `--limit 0` would print "No items." beside items that exist: a count starts at
    // 1, and leaving the option out shows every item.
    static let limit = Option<Int?>(
      "limit", short: "n", valueName: "count", help: "Show at most this many.",
      expected: "a count of 1 or more"
    ) { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
  }

  @MainActor enum Show {
    static let item = Argument<String>(
      "item", help: "The item's id as '\(appIdentity.name) read' shows it, e.g. 3.17."
    ).completing(itemIDs)
  }

  /// `mark-read` and `mark-unread`.
  @MainActor enum Mark {
    static let all = Flag("all", help: "Every feed.")
    static let target = Argument<String?>(
      "target", help: "An item (3.17), or a feed's id, URL or title."
    ).completing(feedIDs)
  }

  @MainActor enum Config {
    static let option = Argument<String?>("option", help: "The option's name.")
      .completing(.list(FeedOptions.names))
    static let value = Argument<String?>("value", help: "Its new value.")
      .completing(.list(["on", "off"]))
  }

  @MainActor enum Import {
    static let file = Argument<String>("file", help: "An OPML file.").completing(.file)
  }
}
