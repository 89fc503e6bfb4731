internal import BlueprintFeedModel
internal import CoreBase
internal import CoreTerminal

/// `feed config [OPTION [VALUE]]`: lists the reader's options, shows one, or sets one.
struct ConfigureReader: FeedCommand {
  static let configuration = CommandConfiguration(
    "config", summary: "Show or change the reader's options.",
    discussion:
      "Options: refresh-on-open (on|off, default off): refresh every feed when the interactive reader opens."
  )
  @Argument("option", help: "The option's name.", completion: .list(FeedOptions.names))
  var name: String?
  @Argument("value", help: "Its new value.", completion: .list(["on", "off"])) var value: String?

  func run(in app: FeedRun) async throws {
    let store = app.library.store.store
    guard let name else {
      let options = try store.value(forKey: FeedOptions.key)
      for name in FeedOptions.names {
        app.context.write("\(name) = \(options.value(name) ?? "")\n")
      }
      return
    }
    guard let value else {
      guard let value = try store.value(forKey: FeedOptions.key).value(name) else {
        throw AppError(
          "unknown option '\(name.terminalSafe)'",
          hint: "options: \(FeedOptions.names.joined(separator: ", "))")
      }
      app.context.write(value + "\n")
      return
    }
    let options = try store.update(forKey: FeedOptions.key) { options in
      try options.set(name, to: value)
      return options
    }
    app.context.write("\(name) = \(options.value(name) ?? "")\n")
  }
}
