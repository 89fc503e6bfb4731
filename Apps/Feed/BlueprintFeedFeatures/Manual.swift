internal import CoreBase
internal import CoreTerminal

/// What `feed`'s manual page says beyond the spec's commands.
extension ManualPage {
  /// Files, environment and related pages for `feed --generate-manual`.
  static let feed = ManualPage(
    description: [
      "With no command on a terminal, \(appIdentity.name) opens its interactive reader; otherwise it "
        + "prints the unread items, as '\(appIdentity.name) read --unread' does.",
      "Nothing is fetched except by '\(appIdentity.name) refresh', '\(appIdentity.name) add' (which reads the feed at "
        + "once) and the reader's refresh.",
      "'\(appIdentity.name) add' takes addresses as people paste them: without a scheme, a file of that "
        + "name wins; otherwise text that starts with a host name (example.com/feed.xml) "
        + "is fetched over https, or http for a loopback address (localhost:8080/rss). "
        + "A web page that names its feed (<link rel=\"alternate\">) subscribes to that feed.",
    ] + FeedPart.all.flatMap(\.manual),
    files: [
      .init(
        "$XDG_DATA_HOME/\(appIdentity.family)/\(appIdentity.name)/",
        "The subscriptions (subscriptions.json, with subscriptions.json.last-good beside "
          + "it), each feed's cached items and read marks, and the reader's options "
          + "(default ~/.local/share/\(appIdentity.family)/\(appIdentity.name)/); "
          + "files 0600, folder 0700.")
    ] + FeedPart.all.flatMap(\.files) + sharedSettingsFile,
    environment: [
      .init(
        "BROWSER",
        "The program the reader's 'o' opens a link with (the first of a colon-separated list).")
    ],
    // The other samples, only where they are (not in a copy of this sample).
    seeAlso: FeedPreferences.readsSharedSettings ? ["settings(1)", "todo(1)"] : [])

  /// The samples' shared settings file, in the builds that read it.
  private static var sharedSettingsFile: [ManualPage.Entry] {
    guard FeedPreferences.readsSharedSettings else { return [] }
    return [
      .init(
        "$XDG_CONFIG_HOME/\(appIdentity.family)/settings.json",
        "Preferences shared with the apps of the family: theme, appearance "
          + "(default ~/.config/\(appIdentity.family)/settings.json).")
    ]
  }
}

/// What Tab offers for `feed`'s arguments beyond their types.
extension CompletionKind {
  /// Tab offers the feeds' ids, as `feed list` prints them.
  static let feedIDs = CompletionKind.shellCommand(
    "\(appIdentity.name) list --color never | awk '$1 ~ /^[0-9]+$/ { print $1 }'")

  /// Tab offers the items' ids (`3.17`), as `feed read` prints them.
  static let itemIDs = CompletionKind.shellCommand(
    "\(appIdentity.name) read --color never | awk 'NR > 1 { for (i = 1; i <= 2; i++) "
      + "if ($i ~ /^[^.]+[.][0-9]+$/) { print $i; break } }'")
}
