import Core
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension LoopbackServer {
  /// One accepted socket: reads requests, writes bytes.
  final class Connection {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    /// Reads the next request, or returns `nil` when the peer closed or sent garbage.
    func readRequest() -> Request? {
      guard let headEnd = readUntilHeadEnd() else { return nil }
      let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
      buffer.removeFirst(headEnd + 4)
      var lines = head.components(separatedBy: "\r\n")
      let requestLine = lines.removeFirst().split(separator: " ")
      guard requestLine.count >= 2 else { return nil }
      var headers = HTTPHeaders()
      for line in lines {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let name = String(line[..<colon])
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = value
      }
      let length = headers["Content-Length"].flatMap { Int($0) } ?? 0
      // libcurl asks before sending a larger body and otherwise waits a second.
      if length > buffer.count, headers["Expect"]?.lowercased() == "100-continue" {
        guard send(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return nil }
      }
      while buffer.count < length {
        guard receive() else { return nil }
      }
      let body = Data(buffer[..<length])
      buffer.removeFirst(length)
      return Request(
        method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
        body: body)
    }

    /// Writes all of `data`; false when the peer is gone.
    func send(_ data: Data) -> Bool {
      data.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return true }
        var sent = 0
        while sent < raw.count {
          let count = SocketCalls.send(fd, base + sent, raw.count - sent)
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { return false }
          sent += count
        }
        return true
      }
    }

    /// Whether the client has closed its end (a read would return 0), checked
    /// without waiting. Bytes it sent meanwhile (a next request) count as open.
    var isClosedByPeer: Bool {
      var byte: UInt8 = 0
      while true {
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if count < 0, errno == EINTR { continue }
        return count == 0
      }
    }

    private func readUntilHeadEnd() -> Int? {
      var searchFrom = 0
      while true {
        if buffer.count >= 4 {
          for index in searchFrom...(buffer.count - 4)
          where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13
            && buffer[index + 3] == 10
          {
            return index
          }
          searchFrom = buffer.count - 3
        }
        guard buffer.count < 1 << 20, receive() else { return nil }
      }
    }

    private func receive() -> Bool {
      var chunk = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
      }
    }
  }
}
