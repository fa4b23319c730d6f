import SceneLinkCore
import SceneLinkHTTP

extension HTTPAccessRecord {
    /// The record as one access-log line (no newline), written by `JSONObjectWriter`:
    /// `{"time":"2026-01-02T03:04:05.000006Z","method":"GET","path":"/healthz","status":200,"bytes":120,"duration_us":35,"client":"192.0.2.7","request_id":"Ab3x00000000002a"}`,
    /// and `"principal":"key:0123456789abcdef"` last when a guard named the caller.
    public var jsonLine: String {
        var line = JSONObjectWriter()
        line.member("time", timeText)
        line.member("method", method.rawValue)
        line.member("path", path)
        line.member("status", status)
        line.member("bytes", responseBytes)
        line.member("duration_us", durationMicroseconds)
        line.member("client", client.description)
        line.member("request_id", requestID.description)
        if let principal { line.member("principal", principal) }
        return line.finishText()
    }
}
