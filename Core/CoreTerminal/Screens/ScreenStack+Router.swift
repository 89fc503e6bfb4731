import CoreBase

extension ScreenStack {
  /// A route a presentation pushed: its token and screen builder travel with it to
  /// the screen built for it.
  struct PushedRoute {
    var entry: RouteEntryID
    var token: NavigationToken
    var content: ScreenPresentation<Route>.Content?
  }

  /// Pushes a presentation's route and builds its screen at once, in a context that
  /// holds the navigation's token.
  func push(_ route: Route, content: ScreenPresentation<Route>.Content?, token: NavigationToken) {
    let id = router.push(route)
    arrivals.append(PushedRoute(entry: id, token: token, content: content))
    followRouter()
  }

  /// Follows the router, then reports the screen in front as visible and the one it
  /// covers as hidden — unless that one is still drawn, under a sheet.
  ///
  /// A screen may present something as it appears (an intent that waited in its view
  /// model, a redirect in `prepare()`): the loop runs until the screen in front stays.
  func synchronize() {
    followRouter()
    while front.context !== visible {
      let top = front.context
      if let previous = visible, !isDrawn(previous) {
        // Reporting twice is harmless: a popped or closed screen already disappeared.
        previous.disappear()
      }
      visible = top
      top.appear()
      followRouter()
    }
  }

  /// Whether a screen is drawn: the top pushed screen (or the root) and the sheets
  /// over it.
  private func isDrawn(_ context: ScreenContext<Route>) -> Bool {
    context === entries.last?.context || sheets.contains { $0.context === context }
  }

  /// Drops the screens whose routes left the router and builds screens for new routes.
  ///
  /// A screen built here may push while it is built; the loop re-reads the router, so
  /// that route's screen is built by this same call, with its token.
  func followRouter() {
    guard !isFollowingRouter else { return }
    isFollowingRouter = true
    defer {
      isFollowingRouter = false
      // A pushed route popped before its screen was built takes its token with it.
      arrivals.removeAll()
    }
    let routed = router.entries
    var kept = 1
    while kept < entries.count, kept - 1 < routed.count, entries[kept].id == routed[kept - 1].id {
      kept += 1
    }
    if kept < entries.count {
      for entry in entries[kept...].reversed() { entry.context.disappear() }
      entries.removeSubrange(kept...)
    }
    while entries.count - 1 < router.entries.count {
      let routeEntry = router.entries[entries.count - 1]
      let arrival = arrivals.first { $0.entry == routeEntry.id }
      let context = ScreenContext(
        stack: self, scope: router.scope(for: routeEntry.id), token: arrival?.token,
        isSheet: false)
      let screen = arrival?.content.map { $0(context) } ?? destination(routeEntry.route, context)
      entries.append(Entry(id: routeEntry.id, context: context, screen: screen))
    }
  }
}
