extension JSONWriter {
  /// Closes the object `frame`, putting its members in `JSONEncoder`'s order with
  /// `.sortedKeys`: by the UTF-8 bytes of the keys. Keys that are equal as Swift
  /// strings (canonically equivalent, such as `é` and `e` + U+0301) are one member,
  /// as in `JSONEncoder`, which keeps them in a `[String: …]`: the first key's
  /// spelling with the last value.
  func closeObject(_ frame: Frame) {
    guard frame.count > 0 else {
      bytes.append(JSONByte.closeBrace)  // `{}`, as for an empty array
      return
    }
    if !frame.isInOrder { reorder(frame) }
    writeClose(level: frame.level, closer: JSONByte.closeBrace)
    entries.removeLast(frame.count)
  }

  /// Rewrites the members of `frame` in key order, each repeated key once.
  private func reorder(_ frame: Frame) {
    let base = frame.entryBase
    let count = frame.count
    let groups = memberGroups(base: base, count: count)
    let start = frame.contentStart
    let end = bytes.count
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: bytes[start..<end])
    bytes.removeSubrange(start..<end)
    for (position, group) in groups.enumerated() {
      writeSeparator(first: position == 0, level: frame.level + 1)
      let keyEntry = entries[base + group.key]
      bytes.append(contentsOf: scratch[(keyEntry.keyStart - start)..<(keyEntry.keyEnd - start)])
      writeColon()
      let valueEntry = entries[base + group.value]
      let valueEnd = group.value + 1 < count ? entries[base + group.value + 1].separatorStart : end
      bytes.append(contentsOf: scratch[(valueEntry.valueStart - start)..<(valueEnd - start)])
    }
  }

  /// The members in key order, as (first member with the key, last member with the
  /// key), offsets from `base`.
  private func memberGroups(base: Int, count: Int) -> [(key: Int, value: Int)] {
    var groups: [(key: Int, value: Int)] = []
    if entries[base..<(base + count)].allSatisfy(\.isPlain) {
      // Plain keys are equal only when their bytes are: sort, then merge neighbours.
      let order = (0..<count).sorted { left, right in
        let order = comparePlain(entries[base + left], entries[base + right])
        return order == 0 ? left < right : order < 0
      }
      for member in order {
        if let last = groups.last,
          comparePlain(entries[base + last.key], entries[base + member]) == 0
        {
          groups[groups.count - 1].value = member
        } else {
          groups.append((member, member))
        }
      }
      return groups
    }
    var keys: [String] = []
    var groupByKey: [String: Int] = [:]
    for member in 0..<count {
      let key = keyString(entries[base + member])
      if let group = groupByKey[key] {
        groups[group].value = member
      } else {
        groupByKey[key] = groups.count
        groups.append((member, member))
        keys.append(key)
      }
    }
    let order = keys.indices.sorted { left, right in
      keys[left].utf8.elementsEqual(keys[right].utf8)
        ? left < right : keys[left].utf8.lexicographicallyPrecedes(keys[right].utf8)
    }
    return order.map { groups[$0] }
  }

  /// Whether the open object `frame` has a member `key` (equal as Swift strings are).
  func hasMember(_ key: String, in frame: FrameID) -> Bool {
    guard frame.index < frames.count, frames[frame.index].serial == frame.serial,
      frames[frame.index].kind == .object
    else { return false }
    let base = frames[frame.index].entryBase
    return entries[base..<(base + frames[frame.index].count)].contains { keyString($0) == key }
  }

  /// The key of `entry` as a string.
  private func keyString(_ entry: Entry) -> String {
    guard entry.isPlain else { return entry.key }
    return String(decoding: bytes[(entry.keyStart + 1)..<(entry.keyEnd - 1)], as: UTF8.self)
  }

  /// Whether the plain key of `left` comes strictly before the plain key of `right`.
  func precedes(plain left: Entry, _ right: Entry) -> Bool {
    left.isPlain && right.isPlain && comparePlain(left, right) < 0
  }

  /// Compares two plain keys by their bytes in the text (without the quotes): less
  /// than zero when `left` comes first, zero when they are the same.
  private func comparePlain(_ left: Entry, _ right: Entry) -> Int {
    let leftCount = left.keyEnd - left.keyStart - 2
    let rightCount = right.keyEnd - right.keyStart - 2
    return bytes.withUnsafeBufferPointer { text in
      var offset = 0
      while offset < leftCount, offset < rightCount {
        let a = text[left.keyStart + 1 + offset]
        let b = text[right.keyStart + 1 + offset]
        if a != b { return a < b ? -1 : 1 }
        offset += 1
      }
      return leftCount - rightCount
    }
  }
}
