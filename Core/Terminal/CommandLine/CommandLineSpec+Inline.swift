extension CommandOption where Self == OptionSpec {
  /// A flag declared in place, for a spec whose options nothing reads back (a test of
  /// help text); a command declares what it reads as a ``Flag``.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - help: One line for `--help`.
  /// - Returns: The flag's description.
  public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec.flag(name, short: short, help: help)
  }

  /// An option declared in place, for a spec whose options nothing reads back; a
  /// command declares what it reads as an ``Option``.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: The short form, if any.
  ///   - valueName: The placeholder shown in help.
  ///   - help: One line for `--help`.
  ///   - isRepeatable: Whether every value given is collected.
  /// - Returns: The option's description.
  public static func option(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    isRepeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec.option(
      name, short: short, valueName: valueName, help: help, isRepeatable: isRepeatable)
  }
}

extension CommandArgument where Self == ArgumentSpec {
  /// An argument that must be given, declared in place for a spec nothing reads back;
  /// a command declares what it reads as an ``Argument``.
  ///
  /// - Parameters:
  ///   - name: The argument's name.
  ///   - help: One line for `--help`.
  /// - Returns: The argument's description.
  public static func required(_ name: String, help: String) -> ArgumentSpec {
    ArgumentSpec.required(name, help: help)
  }

  /// An argument that may be left out, declared in place for a spec nothing reads back.
  ///
  /// - Parameters:
  ///   - name: The argument's name.
  ///   - help: One line for `--help`.
  /// - Returns: The argument's description.
  public static func optional(_ name: String, help: String) -> ArgumentSpec {
    ArgumentSpec.optional(name, help: help)
  }

  /// An argument that takes all remaining values, declared in place for a spec nothing
  /// reads back.
  ///
  /// - Parameters:
  ///   - name: The argument's name.
  ///   - minimum: The fewest values accepted.
  ///   - help: One line for `--help`.
  /// - Returns: The argument's description.
  public static func variadic(_ name: String, minimum: Int = 0, help: String) -> ArgumentSpec {
    ArgumentSpec.variadic(name, minimum: minimum, help: help)
  }
}
