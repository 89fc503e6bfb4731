import CoreBase
public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns any error into plain words a command-line user can read: never a Foundation
/// dump such as `Error Domain=NSCocoaErrorDomain Code=3840 …`.
///
/// JSON syntax errors from `JSONSerialization` and `JSONDecoder` name the line and
/// column when the document is at hand (Core's `StrictJSON.Problem` always does); decoding errors name the field; file errors
/// say what happened (`no such file`, `permission denied`, `the disk is full`).
///
/// <!-- doc-test: skip a fragment: `settings`, `path` and `data` come from its surroundings -->
/// ```swift
/// do {
///   settings = try JSONDecoder().decode(Settings.self, from: data)
/// } catch {
///   throw AppError(
///     "\(path) is not a valid settings file: "
///       + CommandLineErrorDescription.describe(error, in: data),
///     exitCode: .dataError)
/// }
/// // … is not a valid settings file: not valid JSON at line 3, column 5: invalid value
/// ```
public enum CommandLineErrorDescription {
  /// One line of plain words for `error`.
  ///
  /// - Parameters:
  ///   - error: Any error.
  ///   - document: The bytes that were being read, if any; used to turn a byte
  ///     offset into a line and column.
  /// - Returns: What went wrong, without the file name (the caller names it).
  public static func describe(_ error: any Error, in document: Data? = nil) -> String {
    if let convertible = error as? any AppErrorConvertible { return convertible.appError.message }
    if let decoding = error as? DecodingError { return describe(decoding, in: document) }
    if let problem = error as? StrictJSON.Problem {
      // Worded as Foundation's syntax errors are below.
      return "not valid JSON at line \(problem.line), column \(problem.column): \(problem.reason)"
    }
    if let located = error as? any LocatedDataError {
      return located.reason + position(ofByte: located.byteOffset, in: document)
    }
    if let posix = error as? POSIXError { return systemMessage(posix.code.rawValue) }
    let nsError = error as NSError
    if nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain {
      return describe(nsError, in: document)
    }
    let text = String(describing: error)
    let line = text.split(separator: "\n").first.map(String.init) ?? text
    return line.contains("Error Domain=") ? nsError.localizedDescription : line
  }

  /// The exit code that fits a Foundation file error, or nil when `error` is none.
  ///
  /// - Parameter error: Any error.
  /// - Returns: 66 for a missing or unreadable input file, 74 for other file errors.
  public static func exitCode(for error: any Error) -> ExitCode? {
    if error is POSIXError { return .ioError }
    let nsError = error as NSError
    switch (nsError.domain, nsError.code) {
    case (NSCocoaErrorDomain, CocoaError.fileNoSuchFile.rawValue),
      (NSCocoaErrorDomain, CocoaError.fileReadNoSuchFile.rawValue),
      (NSCocoaErrorDomain, CocoaError.fileReadNoPermission.rawValue):
      return .noInput
    case (NSCocoaErrorDomain, 0..<1024), (NSPOSIXErrorDomain, _):
      return .ioError
    default:
      return nil
    }
  }

  /// The line and column (both from 1) of a byte offset in a document.
  ///
  /// - Parameters:
  ///   - offset: The byte offset from the start, 0-based.
  ///   - document: The document's bytes.
  /// - Returns: The line and the column in characters, or nil when the offset is
  ///   outside the document.
  public static func lineAndColumn(ofByte offset: Int, in document: Data) -> (
    line: Int, column: Int
  )? {
    guard offset >= 0, offset <= document.count else { return nil }
    let prefix = document.prefix(offset)
    var line = 1
    var lineStart = prefix.startIndex
    for index in prefix.indices where prefix[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    let column = String(decoding: prefix[lineStart...], as: UTF8.self).count + 1
    return (line, column)
  }

  // MARK: - Decoding errors

  private static func describe(_ error: DecodingError, in document: Data?) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      let path = context.codingPath.isEmpty ? "" : " in \(pathText(context.codingPath))"
      return "the field '\(CommandLineEcho.quote(key.stringValue))' is missing\(path)"
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return "\(fieldText(context.codingPath)) should be \(kindText(type))"
    case .dataCorrupted(let context):
      if let underlying = context.underlyingError {
        return describe(underlying, in: document)
      }
      if context.codingPath.isEmpty {
        // JSONDecoder does not say where; JSONSerialization does.
        guard let document else { return "not valid JSON" }
        do {
          _ = try JSONSerialization.jsonObject(with: document, options: [.fragmentsAllowed])
        } catch {
          return describe(error, in: document)
        }
        return "not valid JSON"
      }
      return "\(fieldText(context.codingPath)) has an invalid value"
        + valueDetail(context.debugDescription)
    @unknown default:
      return "the data does not have the expected shape"
    }
  }

  private static func pathText(_ path: [any CodingKey]) -> String {
    path.map { key in key.intValue.map { "[\($0)]" } ?? CommandLineEcho.quote(key.stringValue) }
      .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
  }

  private static func fieldText(_ path: [any CodingKey]) -> String {
    path.isEmpty ? "the document" : "'\(pathText(path))'"
  }

  private static func kindText(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "text"
    case is Bool.Type: "true or false"
    case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: "a whole number"
    case is Double.Type, is Float.Type: "a number"
    default:
      "\(type)".hasPrefix("Array")
        ? "a list" : "\(type)".hasPrefix("Dictionary") ? "an object" : "a \(type) value"
    }
  }

  /// `Cannot initialize Appearance from invalid String value dim` → `: 'dim'`.
  private static func valueDetail(_ debugDescription: String) -> String {
    let marker = "invalid String value "
    guard let range = debugDescription.range(of: marker) else {
      return debugDescription.isEmpty ? "" : ": " + CommandLineEcho.quote(debugDescription)
    }
    return " '\(CommandLineEcho.quote(String(debugDescription[range.upperBound...])))'"
  }

  // MARK: - Foundation errors

  private static func describe(_ error: NSError, in document: Data?) -> String {
    if error.domain == NSPOSIXErrorDomain { return systemMessage(Int32(error.code)) }
    switch CocoaError.Code(rawValue: error.code) {
    case .propertyListReadCorrupt:
      let detail = error.userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
      return "not valid JSON" + jsonDetail(detail, in: document)
    case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file"
    case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
    case .fileWriteOutOfSpace: return "the disk is full"
    case .fileWriteVolumeReadOnly: return "the disk is read-only"
    case .fileWriteFileExists: return "the file already exists"
    case .fileReadTooLarge: return "the file is too large"
    case .fileReadInapplicableStringEncoding, .fileReadCorruptFile:
      return "the file is not valid UTF-8 text"
    default:
      if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
        underlying.domain == NSPOSIXErrorDomain
      {
        return systemMessage(Int32(underlying.code))
      }
      return error.localizedDescription
    }
  }

  /// `Invalid value around character 14.` → ` at line 3, column 5: invalid value`.
  private static func jsonDetail(_ detail: String, in document: Data?) -> String {
    var reason = detail.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
    var location = ""
    if let range = reason.range(of: " around character ") {
      let number = Int(reason[range.upperBound...].prefix { $0.isNumber })
      reason = String(reason[..<range.lowerBound])
      if let number, let document, let place = lineAndColumn(ofByte: number, in: document) {
        location = " at line \(place.line), column \(place.column)"
      } else if let number {
        location = " at byte \(number)"
      }
    }
    if location.isEmpty, reason.lowercased().contains("end of file"), let document,
      let place = lineAndColumn(ofByte: document.count, in: document)
    {
      location = " at line \(place.line), column \(place.column)"
    }
    guard !reason.isEmpty else { return location }
    let lowered = reason.prefix(1).lowercased() + reason.dropFirst()
    return "\(location): \(CommandLineEcho.quote(lowered, limit: 80))"
  }

  private static func position(ofByte offset: Int, in document: Data?) -> String {
    guard let document, let place = lineAndColumn(ofByte: offset, in: document) else {
      return " at byte \(offset)"
    }
    return " at line \(place.line), column \(place.column)"
  }

  /// `strerror`'s text, starting lower case: `no such file or directory`.
  static func systemMessage(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}

/// An error in a document that knows where it was noticed, so a message can name
/// the line and column (a hand-written scanner's failure, for example).
public protocol LocatedDataError: Error {
  /// What is wrong, e.g. `expected a value`.
  var reason: String { get }
  /// The byte offset where it was noticed, from 0.
  var byteOffset: Int { get }
}
