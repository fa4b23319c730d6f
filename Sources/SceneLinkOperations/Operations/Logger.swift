import Foundation
import SceneLinkCore
import SceneLinkHTTP
import Synchronization

/// Structured logs: one JSON object per line on standard output.
///
/// Events (startup, reload, sweep, shutdown) are written at once. Access-log lines are
/// buffered and written in batches (when 32 KiB are waiting, and at least every 200 ms,
/// and on `flush()`), so a busy server spends one `write` on many requests.
public final class Logger: Sendable {
    /// Where finished lines go; standard output unless a test captures them.
    public typealias Sink = @Sendable ([UInt8]) -> Void

    public let level: LogLevel
    private let sink: Sink
    private let pending = Mutex<[UInt8]>([])
    private static let batchBytes = 32 * 1024

    public init(level: LogLevel, sink: @escaping Sink = Logger.standardOutput) {
        self.level = level
        self.sink = sink
    }

    /// Writes all of `bytes` to file descriptor 1, retrying on EINTR and short writes.
    public static let standardOutput: Sink = { bytes in
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(1, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Logs an event with extra fields. `fields` values are written as JSON strings,
    /// numbers or booleans as given.
    public func log(_ level: LogLevel, _ event: String, _ fields: [(String, LogValue)] = []) {
        guard level >= self.level else { return }
        var line = JSONObjectWriter()
        line.member("time", Logger.timestamp())
        line.member("level", level.rawValue)
        line.member("event", event)
        for (name, value) in fields { line.member(name, value.json) }
        var bytes = line.finish()
        bytes.append(UInt8(ascii: "\n"))
        flush(adding: bytes)
    }

    /// Queues one access-log line; it is written with the next batch.
    public func access(_ line: String) {
        let full = pending.withLock { buffer -> [UInt8]? in
            buffer.append(contentsOf: line.utf8)
            buffer.append(UInt8(ascii: "\n"))
            guard buffer.count >= Logger.batchBytes else { return nil }
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if let full { sink(full) }
    }

    /// Writes whatever is queued.
    public func flush() { flush(adding: []) }

    private func flush(adding bytes: [UInt8]) {
        let out = pending.withLock { buffer -> [UInt8] in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer + bytes
        }
        if !out.isEmpty { sink(out) }
    }

    package static func timestamp(_ date: Date = Date()) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}
