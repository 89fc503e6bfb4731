#if canImport(SwiftUI)
  // `import CoreSwiftUI` is enough in an app's views, as `import SwiftUIBlueprint` or
  // `import CleanKit` was: the headless kit comes with it.
  @_exported public import Core
#endif
