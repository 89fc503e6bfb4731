/// Collects the buttons of an alert or confirmation dialog written as a list, the way
/// CleanKit's `.alert("Delete?") { Button(…) }` reads.
///
/// <!-- doc-test: skip a fragment: `interactor` comes from its surroundings -->
/// ```swift
/// .alert("Delete?") {
///   IntentAction("Delete", role: .destructive) { interactor.delete() }
///   IntentAction("Cancel", role: .cancel)
/// }
/// ```
@resultBuilder
public enum IntentActionsBuilder {
  /// Joins the buttons of a block.
  ///
  /// - Parameter actions: The buttons, in order.
  /// - Returns: The buttons.
  public static func buildBlock(_ actions: [IntentAction]...) -> [IntentAction] {
    actions.flatMap { $0 }
  }

  /// One button.
  ///
  /// - Parameter action: The button.
  /// - Returns: The button as a list.
  public static func buildExpression(_ action: IntentAction) -> [IntentAction] { [action] }

  /// A button that appears only when a condition holds.
  ///
  /// - Parameter actions: The buttons, or nil.
  /// - Returns: The buttons, or none.
  public static func buildOptional(_ actions: [IntentAction]?) -> [IntentAction] {
    actions ?? []
  }

  /// The first branch of an `if`/`else`.
  ///
  /// - Parameter actions: The branch's buttons.
  /// - Returns: The buttons.
  public static func buildEither(first actions: [IntentAction]) -> [IntentAction] { actions }

  /// The second branch of an `if`/`else`.
  ///
  /// - Parameter actions: The branch's buttons.
  /// - Returns: The buttons.
  public static func buildEither(second actions: [IntentAction]) -> [IntentAction] { actions }
}
