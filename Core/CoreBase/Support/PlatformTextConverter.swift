#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
  import Foundation
#endif

/// Converts text in a legacy encoding to UTF-8 with the platform's own converter: the C
/// library's `iconv` on Linux, CoreFoundation's IANA names on Apple platforms.
///
/// The pointer work the C converter needs stays here, in the kit, so that an app that
/// reads legacy text (a feed reader, a mail client) needs none of its own.
///
/// <!-- doc-test: context
/// let bytes: [UInt8] = [0xF0, 0xD2, 0xC9]
/// -->
/// ```swift
/// if let (utf8, replaced) = PlatformTextConverter.convert(bytes, from: "KOI8-R") {
///   print(String(decoding: utf8, as: UTF8.self), replaced ? "(some bytes replaced)" : "")
/// }
/// ```
///
/// The Apple branch is compiled only by the macOS CI job; on Linux it is checked with
/// `swiftc -parse`.
public enum PlatformTextConverter {
  /// UTF-8 bytes for `bytes` in the encoding `name`, and whether some bytes could not be
  /// read and were replaced with U+FFFD; `nil` when the platform does not know `name`.
  ///
  /// - Parameters:
  ///   - bytes: The text as received.
  ///   - name: An encoding name the platform may know (`KOI8-R`, `CP932`, `IBM037`).
  /// - Returns: The converted bytes, or `nil`.
  public static func convert(_ bytes: [UInt8], from name: String)
    -> (bytes: [UInt8], replaced: Bool)?
  {
    #if canImport(Glibc) || canImport(Musl)
      return iconvConvert(bytes, from: name)
    #elseif canImport(Darwin)
      return foundationConvert(bytes, from: name)
    #else
      return nil
    #endif
  }

  /// Whether the platform can read the encoding `name`.
  ///
  /// - Parameter name: An encoding name, as for ``convert(_:from:)``.
  /// - Returns: `true` when ``convert(_:from:)`` can read text in it.
  public static func knows(_ name: String) -> Bool {
    #if canImport(Glibc) || canImport(Musl)
      guard let descriptor = openConverter(name) else { return false }
      iconv_close(descriptor)
      return true
    #elseif canImport(Darwin)
      return CFStringConvertIANACharSetNameToEncoding(name as CFString)
        != kCFStringEncodingInvalidId
    #else
      return false
    #endif
  }

  #if canImport(Glibc) || canImport(Musl)
    private static func openConverter(_ name: String) -> iconv_t? {
      let descriptor = iconv_open("UTF-8", name)
      guard let descriptor, descriptor != iconv_t(bitPattern: -1) else { return nil }
      return descriptor
    }

    private static func iconvConvert(_ bytes: [UInt8], from name: String)
      -> (bytes: [UInt8], replaced: Bool)?
    {
      guard let descriptor = openConverter(name) else { return nil }
      defer { iconv_close(descriptor) }
      var input = bytes
      var output = [UInt8](repeating: 0, count: bytes.count * 2 + 64)
      var written = 0
      var replaced = false
      input.withUnsafeMutableBufferPointer { source in
        guard let sourceBase = source.baseAddress else { return }
        var consumed = 0
        while consumed < source.count {
          if output.count - written < 16 { output += repeatElement(0, count: output.count) }
          let (read, wrote, failure) = output.withUnsafeMutableBufferPointer { target in
            guard let targetBase = target.baseAddress else { return (0, 0, E2BIG) }
            var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
              sourceBase + consumed
            ).assumingMemoryBound(to: CChar.self)
            var inLeft = source.count - consumed
            let outStart = UnsafeMutableRawPointer(targetBase + written)
            var outPointer: UnsafeMutablePointer<CChar>? = outStart.assumingMemoryBound(
              to: CChar.self)
            var outLeft = target.count - written
            let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
            let failure: Int32 = result == -1 ? errno : 0
            return (
              source.count - consumed - inLeft, target.count - written - outLeft, failure
            )
          }
          consumed += read
          written += wrote
          switch failure {
          case 0: break
          case E2BIG: output += repeatElement(0, count: output.count)
          default:
            // EILSEQ or EINVAL: a byte this encoding cannot read (or a sequence cut short).
            if output.count - written < 3 { output += repeatElement(0, count: 64) }
            output.replaceSubrange(written..<(written + 3), with: [0xEF, 0xBF, 0xBD])
            written += 3
            consumed += 1
            replaced = true
          }
        }
      }
      output.removeSubrange(written...)
      return (output, replaced)
    }
  #elseif canImport(Darwin)
    private static func foundationConvert(_ bytes: [UInt8], from name: String)
      -> (bytes: [UInt8], replaced: Bool)?
    {
      let cfEncoding = CFStringConvertIANACharSetNameToEncoding(name as CFString)
      guard cfEncoding != kCFStringEncodingInvalidId else { return nil }
      let encoding = String.Encoding(
        rawValue: CFStringConvertEncodingToNSStringEncoding(cfEncoding))
      if let text = String(bytes: bytes, encoding: encoding) { return (Array(text.utf8), false) }
      // Not readable as a whole: keep the ASCII structure, replace every other byte.
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count)
      for byte in bytes {
        if byte < 0x80 { output.append(byte) } else { output += [0xEF, 0xBF, 0xBD] }
      }
      return (output, true)
    }
  #endif
}
