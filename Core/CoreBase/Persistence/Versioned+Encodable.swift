extension Versioned {
  /// Encodes `value` before `version`, in key order: `StrictJSON.encode` then writes
  /// the envelope without moving the value's bytes to sort its two members.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: EnvelopeKey.self)
    try container.encode(value, forKey: .value)
    try container.encode(version, forKey: .version)
  }
}

/// The envelope's keys, as the synthesized decoding reads them.
private enum EnvelopeKey: String, CodingKey {
  case value, version
}
