/// One parameter of an iCalendar property, such as `VALUE=DATE` or `MEMBER="a","b"`.
///
/// Values are kept as written, without their quotes; the writer quotes a value again
/// when it holds `:`, `;` or `,`.
public struct ICalendarParameter: Hashable, Sendable {
  /// The parameter's name as written (compared without regard to case).
  public var name: String
  /// Its values in order (a parameter may carry several, separated by commas).
  public var values: [String]

  /// Creates a parameter.
  public init(name: String, values: [String]) {
    self.name = name
    self.values = values
  }

  /// Creates a parameter with one value.
  public init(name: String, value: String) {
    self.init(name: name, values: [value])
  }
}

/// One content line of an iCalendar text: `NAME;PARAM=VALUE:raw value`.
///
/// The value is raw: TEXT escapes (`\,`, `\n`) are still in it, so a property the app
/// does not understand is written back exactly as it was read. Read a TEXT value with
/// ``ICalendarText/unescape(_:)``, or use ``ICalendarComponent/text(_:)``.
public struct ICalendarProperty: Hashable, Sendable {
  /// The property's name as written (compared without regard to case).
  public var name: String
  /// Its parameters in the order written.
  public var parameters: [ICalendarParameter]
  /// The raw value after the colon.
  public var value: String

  /// Creates a property.
  public init(name: String, parameters: [ICalendarParameter] = [], value: String) {
    self.name = name
    self.parameters = parameters
    self.value = value
  }

  /// The first value of the parameter `name` (any case), or `nil`.
  public func parameter(_ name: String) -> String? {
    parameters.first { $0.name.caseInsensitiveEquals(name) }?.values.first
  }

  /// Whether this property is called `name` (any case).
  public func isNamed(_ name: String) -> Bool { self.name.caseInsensitiveEquals(name) }
}

/// A `BEGIN:NAME` … `END:NAME` block of an iCalendar text: its properties in order
/// and the components nested in it (a VCALENDAR holds VTODOs, VEVENTs, VTIMEZONEs; a
/// VTODO may hold VALARMs).
///
/// Reading and writing keep everything: a component read with
/// ``init(parsing:maximumSize:)`` and written with ``serialized()`` holds the same
/// properties, parameters and nested components in the same order, whatever they
/// are. An app changes only the properties it owns:
///
/// <!-- doc-test: skip a fragment: `body` comes from its surroundings -->
/// ```swift
/// var calendar = try ICalendarComponent(parsing: body)
/// if var todo = calendar.components.first(where: { $0.isNamed("VTODO") }) {
///   todo.setText("SUMMARY", to: "Buy milk, eggs")
///   calendar.replaceFirstComponent(named: "VTODO", with: todo)
/// }
/// let text = calendar.serialized()  // CRLF, folded at 75 octets
/// ```
public struct ICalendarComponent: Hashable, Sendable {
  /// The component's name as written after `BEGIN:` (compared without regard to case).
  public var name: String
  /// Its properties in order; a property may repeat.
  public var properties: [ICalendarProperty]
  /// The components nested in it, in order.
  public var components: [ICalendarComponent]

  /// Creates a component.
  public init(
    name: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent] = []
  ) {
    self.name = name
    self.properties = properties
    self.components = components
  }

  /// Whether this component is called `name` (any case).
  public func isNamed(_ name: String) -> Bool { self.name.caseInsensitiveEquals(name) }

  /// The first property called `name` (any case), or `nil`.
  public func property(_ name: String) -> ICalendarProperty? {
    properties.first { $0.isNamed(name) }
  }

  /// Every property called `name` (any case), in order.
  public func properties(_ name: String) -> [ICalendarProperty] {
    properties.filter { $0.isNamed(name) }
  }

  /// The unescaped TEXT value of the first property called `name`, or `nil`.
  public func text(_ name: String) -> String? {
    property(name).map { ICalendarText.unescape($0.value) }
  }

  /// Sets the first property called `name` to `property`, keeping its place (and
  /// removing any later ones of that name); appends it when there is none. With
  /// `nil`, removes every property of that name.
  public mutating func setProperty(_ name: String, to property: ICalendarProperty?) {
    guard let property else {
      removeProperties(name)
      return
    }
    guard let first = properties.firstIndex(where: { $0.isNamed(name) }) else {
      properties.append(property)
      return
    }
    properties[first] = property
    var index = properties.index(after: first)
    while index < properties.endIndex {
      if properties[index].isNamed(name) {
        properties.remove(at: index)
      } else {
        index += 1
      }
    }
  }

  /// Sets the first property called `name` to a raw value, keeping that property's
  /// parameters when it exists (use ``setProperty(_:to:)`` to replace them).
  public mutating func setValue(_ name: String, to value: String?) {
    guard let value else {
      removeProperties(name)
      return
    }
    var property = self.property(name) ?? ICalendarProperty(name: name, value: value)
    property.value = value
    setProperty(name, to: property)
  }

  /// Sets the first property called `name` to `text`, escaped as TEXT, keeping its
  /// parameters (such as `LANGUAGE`); `nil` removes the property.
  public mutating func setText(_ name: String, to text: String?) {
    setValue(name, to: text.map(ICalendarText.escape))
  }

  /// Removes every property called `name` (any case).
  public mutating func removeProperties(_ name: String) {
    properties.removeAll { $0.isNamed(name) }
  }

  /// The first nested component called `name` (any case), or `nil`.
  public func component(_ name: String) -> ICalendarComponent? {
    components.first { $0.isNamed(name) }
  }

  /// Replaces the first nested component called `name` with `component`, or appends
  /// it when there is none.
  public mutating func replaceFirstComponent(named name: String, with component: ICalendarComponent)
  {
    if let index = components.firstIndex(where: { $0.isNamed(name) }) {
      components[index] = component
    } else {
      components.append(component)
    }
  }
}

extension String {
  /// ASCII case-insensitive equality, as iCalendar compares names.
  func caseInsensitiveEquals(_ other: String) -> Bool {
    let a = utf8
    let b = other.utf8
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) where x != y {
      let lx = (0x41...0x5A).contains(x) ? x | 0x20 : x
      let ly = (0x41...0x5A).contains(y) ? y | 0x20 : y
      if lx != ly { return false }
    }
    return true
  }
}
