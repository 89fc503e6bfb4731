/// The options and arguments a command was given, read with key paths to the static
/// members the command declared them as.
///
/// ```swift
/// static func run(_ list: Invocation<List>, in app: MyApp) async throws {
///   let tags = try list[\.tag]       // [String]
///   if list[\.json] { … }
/// }
/// ```
///
/// The key path's root is the command type, so `list[\.due]` compiles only when
/// `List` has a `due`. A member the command has but does not list in its
/// ``CommandConfiguration`` stops the program when read: a mistake in the app.
public struct Invocation<Declaring: Command>: Sendable {
  /// The parsed command line.
  let parsed: ParsedCommand

  init(_ parsed: ParsedCommand) { self.parsed = parsed }

  /// An invocation with nothing given: every option off or empty, as when the app is
  /// run with no command and runs one of its commands in place of a default.
  public static var none: Invocation {
    Invocation(
      ParsedCommand(
        name: nil, color: .auto, values: [:], flags: [], displayNames: [:],
        hasCommandArguments: false))
  }

  /// The `--color` choice; ``ColorChoice/auto`` when not given.
  public var color: ColorChoice { parsed.color }

  /// Whether `flag` was given.
  public subscript(flag: KeyPath<Declaring.Type, Flag>) -> Bool {
    parsed[Declaring.self[keyPath: flag]]
  }

  /// What `option` reads: `nil` or the value, or every value of a repeatable one.
  ///
  /// - Throws: ``CommandLineError`` (exit 64) for a value it cannot read.
  public subscript<Output>(option: KeyPath<Declaring.Type, Option<Output>>) -> Output {
    get throws(CommandLineError) { try parsed[Declaring.self[keyPath: option]] }
  }

  /// What `argument` reads: the value, `nil` for an optional one left out, or every
  /// value of a variadic one.
  ///
  /// - Throws: ``CommandLineError`` (exit 64) for a value it cannot read.
  public subscript<Output>(argument: KeyPath<Declaring.Type, Argument<Output>>) -> Output {
    get throws(CommandLineError) { try parsed[Declaring.self[keyPath: argument]] }
  }
}
