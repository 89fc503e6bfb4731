extension JSONWriter {
  /// Writes the top-level value.
  ///
  /// - Throws: `EncodingError.invalidValue` when the value encodes nothing or holds
  ///   a non-finite number, or what its `encode(to:)` throws.
  func writeRoot<Value: Encodable>(_ value: Value) throws {
    let root = push(level: 0, key: nil)
    frames[root.index].kind = .value
    do {
      if try writeScalarType(value) { return }
    } catch {
      abandon()
      throw error.encodingError(codingPath: [])
    }
    frames[root.index].kind = .empty
    do {
      try value.encode(to: JSONWriterEncoder(writer: self, frame: root))
    } catch {
      abandon()
      throw error
    }
    guard activate(root) else { return }
    guard frames[root.index].kind != .empty else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
    }
    close(through: root)
  }

  /// Writes `value` at the current position: a member or element just begun, or a
  /// claimed slot. A scalar is written in place; any other value gets a slot of its
  /// own, closed when its `encode(to:)` returns.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The member's key or the element's index, for coding paths.
  /// - Throws: `EncodingError.invalidValue` for a non-finite number, or what the
  ///   value's `encode(to:)` throws; the writer is then abandoned.
  func writeValue<Value: Encodable>(
    _ value: Value, key: @autoclosure () -> (any CodingKey)?
  ) throws {
    if writeCommon(value) { return }
    if !isKnownComposite(Value.self) {
      do {
        if try writeScalarType(value) { return }
      } catch {
        abandon()
        throw error.encodingError(codingPath: currentCodingPath + (key().map { [$0] } ?? []))
      }
    }
    noteComposite(Value.self)
    let frame = push(level: childLevel, key: key())
    do {
      try value.encode(to: JSONWriterEncoder(writer: self, frame: frame))
    } catch {
      abandon()
      throw error
    }
    close(through: frame)
  }

  /// Writes `value` when it is one of the commonest members of stored values, found by
  /// comparing types (a dynamic cast to ``JSONScalar`` costs more); `false` when not.
  func writeCommon<Value>(_ value: Value) -> Bool {
    let type = ObjectIdentifier(Value.self)
    if type == ObjectIdentifier(String.self) {
      writeString(unsafeBitCast(value, to: String.self))
    } else if type == ObjectIdentifier(String?.self) {
      if let string = unsafeBitCast(value, to: String?.self) {
        writeString(string)
      } else {
        writeNull()
      }
    } else if type == ObjectIdentifier(Int.self) {
      writeInteger(unsafeBitCast(value, to: Int.self))
    } else if type == ObjectIdentifier(Int?.self) {
      if let integer = unsafeBitCast(value, to: Int?.self) {
        writeInteger(integer)
      } else {
        writeNull()
      }
    } else if type == ObjectIdentifier(Bool.self) {
      writeBool(unsafeBitCast(value, to: Bool.self))
    } else {
      return false
    }
    return true
  }

  /// Whether `type` was found not to be a ``JSONScalar`` before: the few types
  /// a document repeats (its items, their arrays) skip the dynamic cast.
  private func isKnownComposite(_ type: Any.Type) -> Bool {
    let identifier = ObjectIdentifier(type)
    return knownComposites.contains(identifier)
  }

  private func noteComposite(_ type: Any.Type) {
    let identifier = ObjectIdentifier(type)
    guard !knownComposites.contains(identifier) else { return }
    if knownComposites.count == 4 { knownComposites.removeFirst() }
    knownComposites.append(identifier)
  }

  /// Writes a scalar the container has in hand, turning a non-finite number into
  /// `JSONEncoder`'s error.
  func writeScalar(
    _ write: () throws(NonFinite) -> Void, codingPath: @autoclosure () -> [any CodingKey]
  ) throws {
    do {
      try write()
    } catch {
      abandon()
      throw error.encodingError(codingPath: codingPath())
    }
  }

  /// Begins a member (`member` not `nil`) or an element of `frame` and opens a
  /// nested value of `kind` in it.
  func nest(
    member: String?, pathKey: any CodingKey, kind: Frame.Kind, in frame: FrameID
  ) -> FrameID {
    // `JSONEncoder` merges a second nested container under the same key into the
    // first, which is written and closed here: leave that to `JSONEncoder`.
    if let member, hasMember(member, in: frame) { abandon() }
    let isBegun = member.map { beginMember($0, in: frame) } ?? beginElement(in: frame)
    guard isBegun else { return FrameID(index: Int.max, serial: 0) }
    let nested = push(level: frames[frame.index].level + 1, key: pathKey)
    if kind != .empty { open(nested, as: kind) }
    return nested
  }

  /// How many members or elements `frame` holds.
  func count(of frame: FrameID) -> Int {
    guard frame.index < frames.count, frames[frame.index].serial == frame.serial else { return 0 }
    return frames[frame.index].count
  }
}
