import BlueprintSamplesShared
import Core
import CoreTerminal
import Foundation

/// The settings file's content: the typed settings, plus keys this version does not
/// know, which are written back as they were (a newer version may have added them).
struct SettingsDocument: Sendable, Equatable {
  /// Where a document comes from, which decides how strictly it is read.
  enum Origin: Sendable {
    /// The stored file: values must have the stored JSON types; unknown keys are kept.
    case stored
    /// A file a person wrote (`import`, `edit`): any text form is accepted and
    /// canonicalized; an unknown key is an error.
    case userInput
  }

  /// The typed settings.
  var settings = SharedSettings()
  /// Keys no ``Setting`` declares, with their JSON values.
  var unknown: [String: JSONValue] = [:]

  /// An empty document: every setting at its default.
  init() {}

  /// Reads and checks a document.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - origin: Whether it is the stored file or one a person wrote.
  /// - Throws: ``DocumentProblem`` naming the first bad key.
  init(data: Data, origin: Origin) throws(DocumentProblem) {
    let object: [String: JSONValue]
    do {
      guard case .object(let decoded) = try JSONDecoder().decode(JSONValue.self, from: data)
      else {
        throw DocumentProblem(key: nil, reason: "expected a JSON object of settings")
      }
      object = decoded
    } catch let problem as DocumentProblem {
      throw problem
    } catch {
      throw DocumentProblem(
        key: nil, reason: CommandLineErrorDescription.describe(error, in: data))
    }
    if let duplicate = JSONDuplicateKeys.first(in: data) {
      throw DocumentProblem(
        key: nil,
        reason: "the key '\(visible(duplicate.key))' appears twice "
          + "(again at line \(duplicate.line), column \(duplicate.column))")
    }
    for key in object.keys.sorted() {
      guard let value = object[key] else { continue }
      guard let setting = Setting.all.first(where: { $0.key == key }) else {
        guard origin == .stored else {
          let hint = Setting.suggestion(for: key).map { "; did you mean '\($0)'?" } ?? ""
          throw DocumentProblem(key: nil, reason: "unknown setting '\(visible(key))'\(hint)")
        }
        unknown[key] = value
        continue
      }
      do {
        try setting.assign(json: value, in: &settings, strict: origin == .stored)
      } catch {
        throw DocumentProblem(key: key, reason: error.reason)
      }
    }
    if origin == .stored { try Self.checkSharedReading(of: data) }
  }

  /// The stored file must mean to every app what it means here: a value the apps
  /// would skip (`"DARK"`, which they warn about and replace by the default) is not
  /// read as `dark` here either — it is a value to fix, named with its key.
  ///
  /// - Parameter data: The stored file, already read as a JSON object.
  /// - Throws: ``DocumentProblem`` for the first known key the apps cannot read.
  private static func checkSharedReading(of data: Data) throws(DocumentProblem) {
    let invalid: [SharedSettings.InvalidValue]
    do {
      invalid = try SharedSettings.decodeSkippingInvalidValues(data).invalid
    } catch {
      throw DocumentProblem(key: nil, reason: "the apps cannot read it as settings")
    }
    for value in invalid {
      guard let setting = Setting.all.first(where: { $0.key == value.key }) else { continue }
      throw DocumentProblem(
        key: value.key,
        reason: "\(visible(value.value)) is not \(setting.detail) in its stored form; "
          + "the apps ignore it and use the default")
    }
  }

  /// The document as the file stores it: pretty-printed JSON with sorted keys and
  /// canonical values, ending in a newline.
  ///
  /// - Returns: The bytes.
  /// - Throws: `EncodingError` (not expected for these types).
  func encoded() throws -> Data {
    let known = try JSONDecoder().decode(
      [String: JSONValue].self, from: JSONEncoder().encode(settings))
    let object = unknown.merging(known) { _, typed in typed }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(object) + Data("\n".utf8)
  }
}

/// What is wrong with a settings document: the key (if one is to blame) and why.
struct DocumentProblem: Error, Hashable {
  /// The bad key, or `nil` when the document as a whole is wrong.
  var key: String?
  /// One line: what is wrong.
  var reason: String

  /// `KEY: REASON`, or the reason alone.
  var message: String { key.map { "\($0): \(reason)" } ?? reason }
}
