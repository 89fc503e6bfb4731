public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input file a command reads whole, such as the file of an `import` command.
///
/// The path may name a regular file, a pipe or a process substitution
/// (`todo import <(curl …)`, which `Data(contentsOf:)` cannot read on Linux), or be
/// `-` for standard input. Reading stops at a size bound, so `/dev/zero` or a runaway
/// pipe cannot exhaust memory. Every failure is an ``AppError`` that names the file:
///
/// | What | Exit |
/// |---|---|
/// | no such file, a folder, no permission to read it | 66 |
/// | larger than the size bound | 65 |
/// | a read error | 74 |
///
/// <!-- doc-test: skip a fragment: `command` and `decode` come from its surroundings -->
/// ```swift
/// let input = try CommandLineInput.read(try command[Key.file], in: context)
/// let items = try decode(input.data, source: input.name)
/// ```
public struct CommandLineInput: Sendable {
  /// The bytes read.
  public var data: Data
  /// How messages name the input: `standard input`, or the path as typed
  /// (control characters escaped).
  public var name: String

  /// The size bound unless a command gives its own: 32 MiB.
  public static let defaultSizeLimit = 32 << 20

  /// Reads a whole input file, or standard input for `-`.
  ///
  /// - Parameters:
  ///   - path: The path as the user typed it, or `-`.
  ///   - context: The process's streams (for `-`).
  ///   - sizeLimit: The most bytes accepted.
  /// - Returns: The bytes and the input's name for messages.
  /// - Throws: ``AppError`` naming the file: 66 when it does not exist, is a folder or
  ///   cannot be opened, 65 when it is larger than `sizeLimit`, 74 on a read error.
  public static func read(
    _ path: String, in context: CommandContext, sizeLimit: Int = defaultSizeLimit
  ) throws(AppError) -> CommandLineInput {
    if path == "-" {
      let name = "standard input"
      let data: Data
      if let descriptor = context.io.inputDescriptor {
        data = try readAll(descriptor, name: name, sizeLimit: sizeLimit)
      } else {
        data = context.readStandardInput()
      }
      guard data.count <= sizeLimit else { throw tooLarge(name, sizeLimit) }
      return CommandLineInput(data: data, name: name)
    }
    let name = CommandLineEcho.quote(path, limit: 200)
    guard !path.isEmpty else { throw AppError("the file name is empty", exitCode: .noInput) }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw cannotOpen(name, errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw cannotOpen(name, errno) }
    let type = status.st_mode & S_IFMT
    guard type != S_IFDIR else {
      throw AppError("cannot read \(name): it is a folder, not a file", exitCode: .noInput)
    }
    if type == S_IFREG, status.st_size > sizeLimit { throw tooLarge(name, sizeLimit) }
    return CommandLineInput(
      data: try readAll(descriptor, name: name, sizeLimit: sizeLimit), name: name)
  }

  /// The start of a regular file, for error messages that point at a line and
  /// column; nil when it is not a regular file or cannot be read.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - sizeLimit: The most bytes read.
  /// - Returns: Up to `sizeLimit` bytes, or nil.
  package static func prefix(ofFileAt path: String, sizeLimit: Int = 16 << 20) -> Data? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return try? readAll(descriptor, name: path, sizeLimit: sizeLimit, cutsAtLimit: true)
  }

  // MARK: - Reading

  /// Reads until end of file; more than `sizeLimit` bytes is an error, or the end
  /// of what is read when `cutsAtLimit`.
  static func readAll(
    _ descriptor: Int32, name: String, sizeLimit: Int, cutsAtLimit: Bool = false
  ) throws(AppError) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        let message = CommandLineErrorDescription.systemMessage(errno)
        throw AppError("cannot read \(name): \(message)", exitCode: .ioError)
      }
      data.append(contentsOf: buffer[..<count])
      if data.count > sizeLimit {
        guard cutsAtLimit else { throw tooLarge(name, sizeLimit) }
        return data.prefix(sizeLimit)
      }
    }
  }

  private static func cannotOpen(_ name: String, _ code: Int32) -> AppError {
    switch code {
    case ENOENT, ENOTDIR:
      AppError("cannot read \(name): no such file", hint: "check the path", exitCode: .noInput)
    case EACCES, EPERM:
      AppError(
        "cannot read \(name): permission denied", hint: "check the file's permissions",
        exitCode: .noInput)
    default:
      AppError(
        "cannot open \(name): \(CommandLineErrorDescription.systemMessage(code))",
        exitCode: .noInput)
    }
  }

  private static func tooLarge(_ name: String, _ sizeLimit: Int) -> AppError {
    AppError(
      "\(name) is too large: more than \(sizeLimit >> 20) MiB; nothing was read",
      exitCode: .dataError)
  }
}

/// `read(2)`, under a name the static `read` above does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
