package import BlueprintSamplesShared
internal import CoreBase
package import Foundation

/// The settings file's content: the typed settings, plus keys this version does not
/// know, which are written back as they were (a newer version may have added them).
package struct SettingsDocument: Sendable, Equatable {
  /// Where a document comes from, which decides how strictly it is read.
  package enum Origin: Sendable {
    /// The stored file: values must have the stored JSON types; unknown keys are kept.
    case stored
    /// A file a person wrote (`import`, `edit`): any text form is accepted and
    /// canonicalized; an unknown key is an error.
    case userInput
  }

  /// The typed settings.
  package var settings = SharedSettings()
  /// Keys no ``Setting`` declares, with their JSON values.
  package var unknown: [String: JSONValue] = [:]

  /// An empty document: every setting at its default.
  package init() {}

  /// Reads and checks a document.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - origin: Whether it is the stored file or one a person wrote.
  /// - Throws: ``DocumentProblem`` naming the first bad key.
  package init(data: Data, origin: Origin) throws(DocumentProblem) {
    // One strict read: Foundation keeps one value of a key written twice and drops
    // the other in silence, and reads a trailing comma as if it were not there;
    // Core's `StrictJSON` refuses both, naming where.
    let object: [String: JSONValue]
    do {
      guard case .object(let decoded) = try StrictJSON.decode(JSONValue.self, from: data)
      else { throw DocumentProblem.notAnObject }
      object = decoded
    } catch let problem as DocumentProblem {
      throw problem
    } catch let problem as StrictJSON.Problem {
      guard let key = problem.repeatedKey else { throw .notJSON(underlying: problem, data: data) }
      throw .duplicateKey(key, line: problem.line, column: problem.column)
    } catch {
      throw .notJSON(underlying: error, data: data)
    }
    for key in object.keys.sorted() {
      guard let value = object[key] else { continue }
      guard let setting = Setting.all.first(where: { $0.key == key }) else {
        guard origin == .stored else {
          throw .unknownKey(key, suggestion: Setting.suggestion(for: key))
        }
        unknown[key] = value
        continue
      }
      do {
        try setting.assign(json: value, in: &settings, strict: origin == .stored)
      } catch {
        throw .invalidValue(key: key, reason: error.reason)
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
      throw .unreadableAsSettings
    }
    for value in invalid {
      guard let setting = Setting.all.first(where: { $0.key == value.key }) else { continue }
      throw .invalidValue(
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
  package func encoded() throws -> Data {
    let known = try JSONDecoder().decode(
      [String: JSONValue].self, from: JSONEncoder().encode(settings))
    let object = unknown.merging(known) { _, typed in typed }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(object) + Data("\n".utf8)
  }
}
