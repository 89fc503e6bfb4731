internal import BlueprintTodoModel
internal import CoreBase
internal import CoreTerminal
internal import Foundation

/// `todo sync setup URL [--list NAME]`: finds the server's task lists, picks or
/// creates one, and keeps how to reach it.
struct SyncSetup: TodoCommand {
  static let configuration = CommandConfiguration(
    "setup", summary: "Find a server's task lists; with --list, use or create one.")
  @Option("list", valueName: "name", help: "The task list to use or create.") var listName: String?
  @Option(
    "user", valueName: "name", help: "The user to log in as (its password: ~/.netrc or a command).")
  var user: String?
  @Option(
    "password-command", valueName: "command",
    help: "A command that prints the password (e.g. 'pass show dav').")
  var passwordCommand: String?
  @Option(
    "ca-file", valueName: "file", help: "The PEM file of a private server's certificate authority.",
    completion: .file)
  var caFile: String?
  @Argument("url", help: "The server's address.") var address: String

  func run(in app: TodoRun) async throws {
    guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host?.isEmpty == false
    else {
      let example = address.contains("://") ? "https://dav.example.com/" : "https://\(address)"
      throw AppError(
        "'\(address.terminalSafe)' is not a server's http or https address",
        hint: "e.g. \(appIdentity.name) sync setup \(example.terminalSafe)")
    }
    let configFolder = app.context.directories.config
    let given = TodoSyncAccess(user: user, passwordCommand: passwordCommand, caFile: caFile)
    try await Self.setup(
      url: url, listName: listName,
      access: try Self.accessOptions(given, configFolder: configFolder),
      connector: SyncConnection.connector(for: app.context), configFolder: configFolder,
      context: app.context)
  }

  /// How setup reaches the server: the access of the configuration already in
  /// `configFolder` (so a new setup keeps it), each setting replaced by its option when
  /// given. A password command needs a user; a CA file must be a readable file.
  private static func accessOptions(_ given: TodoSyncAccess, configFolder: URL) throws
    -> TodoSyncAccess
  {
    let earlier = (try? TodoSyncConfig.load(from: configFolder))?.access ?? TodoSyncAccess()
    var given = given
    if let file = given.caFile {
      let path = URL(fileURLWithPath: file).standardizedFileURL.path
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
        !isFolder.boolValue, FileManager.default.isReadableFile(atPath: path)
      else {
        throw AppError(
          "cannot read the CA file \(path.terminalSafe)",
          hint: "give --ca-file the PEM file of your server's certificate authority",
          exitCode: .noInput)
      }
      given.caFile = path
    }
    let access = earlier.overridden(by: given)
    if access.passwordCommand != nil, access.user == nil {
      throw AppError(
        "--password-command needs --user",
        hint: "e.g. \(appIdentity.name) sync setup URL --user ada --password-command 'pass dav'")
    }
    return access
  }

  /// Finds the task lists at `url` and, with a list's name, uses or creates that one;
  /// without, lists them and picks the only one.
  private static func setup(
    url: URL, listName: String?, access: TodoSyncAccess, connector: any TodoSyncConnector,
    configFolder: URL, context: CommandContext
  ) async throws {
    func configuration(list: String, name: String?) -> TodoSyncConfig {
      var config = TodoSyncConfig(server: url.absoluteString, list: list, listName: name)
      config.access = access
      return config
    }
    let lists: [TodoSyncList]
    do {
      lists = try await connector.lists(at: url, access: access)
    } catch {
      throw withAccessHint(error, at: url, access: access, connector)
    }
    guard let listName else {
      guard !lists.isEmpty else {
        context.write("no task lists at \(url.absoluteString.terminalSafe)\n")
        context.write("create one with: \(appIdentity.name) sync setup URL --list NAME\n")
        return
      }
      for list in lists {
        context.write("\((list.name ?? "(no name)").terminalSafe)  \(list.url.terminalSafe)\n")
      }
      if lists.count == 1 {
        try configuration(list: lists[0].url, name: lists[0].name).save(to: configFolder)
        context.write("syncing with \((lists[0].name ?? lists[0].url).terminalSafe)\n")
      } else {
        context.write("pick one with: \(appIdentity.name) sync setup URL --list NAME\n")
      }
      return
    }
    let list: TodoSyncList
    if let found = try matchingList(listName, in: lists) {
      list = found
    } else {
      do {
        list = try await connector.createList(named: listName, at: url, access: access)
      } catch let error as APIError {
        // Something is at the list's address already: 409 (Radicale) or 405.
        guard case .unacceptableStatus(let code, _, _) = error, code == 409 || code == 405 else {
          throw withAccessHint(error, at: url, access: access, connector)
        }
        throw listExists(named: listName, lists: lists, connector: connector)
      } catch {
        throw withAccessHint(error, at: url, access: access, connector)
      }
    }
    try configuration(list: list.url, name: list.name ?? listName).save(to: configFolder)
    context.write(
      "syncing with \((list.name ?? listName).terminalSafe)  \(list.url.terminalSafe)\n")
  }

  /// The list named `name`: the one named exactly so (or at that address), else the
  /// one whose name differs only in case, when exactly one does.
  ///
  /// - Throws: `AppError` (64) when several differ only in case.
  private static func matchingList(_ name: String, in lists: [TodoSyncList]) throws
    -> TodoSyncList?
  {
    if let exact = lists.first(where: { $0.name == name || $0.url == name }) { return exact }
    let folded = lists.filter { $0.name?.caseInsensitiveCompare(name) == .orderedSame }
    guard folded.count > 1 else { return folded.first }
    throw AppError(
      "several task lists are named '\(name.terminalSafe)' in other cases: "
        + folded.map { "'\(($0.name ?? "").terminalSafe)'" }.joined(separator: ", "),
      hint: "give the name exactly as the server has it, e.g. --list "
        + "'\((folded[0].name ?? "").terminalSafe)'")
  }

  /// The error for a list the server refused to create (409, 405) because something already
  /// is at its address: that list, named, and how to use it.
  private static func listExists(
    named name: String, lists: [TodoSyncList], connector: any TodoSyncConnector
  ) -> AppError {
    let segment = connector.addressSegment(forListNamed: name)
    let taken = lists.first { URL(string: $0.url)?.lastPathComponent == segment }
    guard let taken else {
      return AppError(
        "the server already has something at '\(segment.terminalSafe)/' that is not a task "
          + "list, so a list named '\(name.terminalSafe)' cannot be made there",
        hint: "choose another name with --list", exitCode: .unavailable)
    }
    let other = taken.name.map { "'\($0.terminalSafe)'" } ?? "a list with no name"
    return AppError(
      "a task list already exists at \(taken.url.terminalSafe): \(other)",
      hint: "to sync with it: \(appIdentity.name) sync setup URL --list "
        + (taken.name.map { "'\($0.terminalSafe)'" } ?? taken.url.terminalSafe),
      exitCode: .unavailable)
  }

  /// `error` with ``TodoSyncConnector/accessHint(for:at:access:)`` as its hint, when it has one.
  private static func withAccessHint(
    _ error: any Error, at url: URL, access: TodoSyncAccess, _ connector: any TodoSyncConnector
  ) -> any Error {
    guard let hint = connector.accessHint(for: error, at: url, access: access),
      let convertible = error as? any AppErrorConvertible
    else { return error }
    var appError = convertible.appError
    appError.hint = hint
    return appError
  }
}
