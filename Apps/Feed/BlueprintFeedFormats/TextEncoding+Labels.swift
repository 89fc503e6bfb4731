internal import CoreBase
internal import Foundation

extension TextEncoding {
  /// The `charset` parameter of a `Content-Type`, lowercased and unquoted.
  static func charset(inContentType contentType: String) -> String? {
    for parameter in contentType.split(separator: ";").dropFirst() {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
      else { continue }
      let value = parts[1].trimmingCharacters(in: .whitespaces)
        .trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).lowercased()
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// The encoding a label names, or `nil` when neither this code nor the platform reads it.
  ///
  /// - Parameters:
  ///   - label: A label such as `utf-8`, `ISO_8859-15` or `Shift_JIS`.
  ///   - bytes: The body, whose first bytes settle the byte order of `utf-16` and `utf-32`.
  ///   - shape: What the first bytes look like (`sniff`), if anything.
  /// - Returns: The encoding, or `nil`.
  static func resolve(_ label: String, bytes: [UInt8], shape: TextEncoding?) -> TextEncoding? {
    let name = label.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\"'")).lowercased()
      .replacingOccurrences(of: "_", with: "-")
    guard !name.isEmpty else { return nil }
    switch name {
    case "utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8":
      return .utf8
    case "utf-16le", "utf16le": return .utf16(bigEndian: false)
    case "utf-16be", "utf16be": return .utf16(bigEndian: true)
    case "utf-16", "utf16", "ucs-2", "iso-10646-ucs-2", "unicode", "csunicode":
      if case .utf16(let bigEndian)? = shape { return .utf16(bigEndian: bigEndian) }
      return .utf16(bigEndian: bytes.first == 0)
    case "utf-32le", "utf32le": return .utf32(bigEndian: false)
    case "utf-32be", "utf32be": return .utf32(bigEndian: true)
    case "utf-32", "utf32", "ucs-4", "iso-10646-ucs-4":
      if case .utf32(let bigEndian)? = shape { return .utf32(bigEndian: bigEndian) }
      return .utf32(bigEndian: bytes.first == 0)
    case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso-8859-1:1987",
      "latin1", "l1", "iso-ir-100", "csisolatin1", "ibm819", "cp819", "us-ascii", "ascii",
      "ansi-x3.4-1968", "iso-ir-6", "iso646-us", "us", "cp367", "csascii":
      return .windows1252
    default: break
    }
    if let alias = aliases[name], PlatformTextConverter.knows(alias) { return .platform(alias) }
    var candidates = [name]
    if name.hasPrefix("x-") { candidates.append(String(name.dropFirst(2))) }
    for candidate in candidates where PlatformTextConverter.knows(candidate) {
      return .platform(candidate)
    }
    return nil
  }

  /// Labels read as the superset real documents are written in (as the WHATWG Encoding
  /// Standard does), or spelled in a way the platform converter does not know.
  private static let aliases: [String: String] = [
    "gb2312": "GB18030", "gbk": "GB18030", "x-gbk": "GB18030", "cp936": "GB18030",
    "ms936": "GB18030", "windows-936": "GB18030", "chinese": "GB18030", "csgb2312": "GB18030",
    "csiso58gb231280": "GB18030", "gb-2312": "GB18030", "gb-2312-80": "GB18030",
    "iso-ir-58": "GB18030", "euc-cn": "GB18030", "x-euc-cn": "GB18030",
    "big5": "BIG5-HKSCS", "cn-big5": "BIG5-HKSCS", "csbig5": "BIG5-HKSCS",
    "x-x-big5": "BIG5-HKSCS",
    "shift-jis": "CP932", "sjis": "CP932", "x-sjis": "CP932", "ms-kanji": "CP932",
    "ms932": "CP932", "windows-31j": "CP932", "csshiftjis": "CP932",
    "euc-kr": "CP949", "cseuckr": "CP949", "csksc56011987": "CP949", "iso-ir-149": "CP949",
    "korean": "CP949", "ks-c-5601-1987": "CP949", "ks-c-5601-1989": "CP949",
    "ksc5601": "CP949", "ksc-5601": "CP949", "windows-949": "CP949",
    "iso-8859-8-i": "ISO-8859-8", "csiso88598i": "ISO-8859-8", "logical": "ISO-8859-8",
    "x-mac-roman": "MACINTOSH", "mac": "MACINTOSH", "csmacintosh": "MACINTOSH",
    "x-mac-cyrillic": "MAC-CYRILLIC", "x-mac-ukrainian": "MAC-CYRILLIC",
    "windows-874": "CP874", "dos-874": "CP874", "iso-8859-11": "CP874", "tis-620": "CP874",
    "koi8-ru": "KOI8-U", "koi": "KOI8-R", "koi8": "KOI8-R", "cskoi8r": "KOI8-R",
    "ebcdic-cp-us": "IBM037", "cp037": "IBM037", "ibm-37": "IBM037", "csibm037": "IBM037",
    "ibm01140": "IBM1140", "ibm-1047": "IBM1047",
  ]
}
