internal import BlueprintFeedModel
internal import CoreBase
// The credentials' refusals (`SyncCredentialError`) in the runner's words.
internal import CoreSyncCommandLine
internal import CoreTerminal
internal import Foundation

/// The sync's failures in the command line's words, for `sync setup`, `refresh` and the
/// reader's refresh.
extension AppError {
  /// No password for the server at `host`: where one goes (exit 64).
  static func syncNoPassword(host: String) -> AppError {
    AppError(
      FeedSyncConnectionError.noPassword(host: host).description,
      hint: "add 'machine \(host.terminalSafe) login NAME password …' to ~/.netrc (chmod 600), "
        + "or give setup --user and --password-command",
      exitCode: .usage)
  }

  /// A sync that stopped: why, and that `refresh` again keeps what was done.
  static func syncStopped(_ error: any Error, appName: String) -> AppError {
    let again = "run '\(appName) refresh' again: what was done is kept"
    switch error {
    case let error as AppError: return error
    case let error as any AppErrorConvertible:
      var appError = error.appError
      appError.message = "the sync stopped: " + appError.message
      appError.hint = appError.hint ?? again
      return appError
    case let error as GoogleReaderError:
      if case .loginRefused = error {
        return AppError(
          error.description, hint: "check ~/.netrc or the password command", exitCode: .unavailable)
      }
      return AppError("the sync stopped: \(error)", hint: again, exitCode: .unavailable)
    default:
      return AppError("the sync stopped: \(error)", hint: again, exitCode: .unavailable)
    }
  }

  /// The sync's refusal to remove most of a side's feeds (exit 65): which ones, and
  /// how to go ahead if that is wanted.
  static func syncMassDeletion(_ refusal: FeedSyncMassDeletion, appName: String) -> AppError {
    func sample(_ titles: [String]) -> String {
      let shown = titles.sorted().prefix(5).map(\.terminalSafe).joined(separator: ", ")
      return titles.count > 5 ? shown + " and \(titles.count - 5) more" : shown
    }
    var parts: [String] = []
    if !refusal.here.isEmpty {
      parts.append(
        "it would remove \(refusal.here.count) of the \(refusal.hereCount) feeds here, "
          + "unsubscribed on the server: " + sample(refusal.here))
    }
    if !refusal.there.isEmpty {
      parts.append(
        "it would unsubscribe \(refusal.there.count) of the \(refusal.thereCount) feeds on the "
          + "server, removed here: " + sample(refusal.there))
    }
    return AppError(
      "the sync stopped before changing anything: " + parts.joined(separator: "; "),
      hint: "if that is what you want, run '\(appName) refresh --force-delete'; if not, "
        + "check '\(appName) sync status' (another account?)",
      exitCode: .dataError)
  }
}
