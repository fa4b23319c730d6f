// libFuzzer entry point for the HTTP/1.1 request decoder.
//
// Built by scripts/fuzz.sh with -sanitize=fuzzer and -DFUZZING, libFuzzer calls
// LLVMFuzzerTestOneInput with each input. Built normally, this is a replay tool:
// `swift run FuzzHTTPDecoder fuzz-artifacts/crash-…` feeds the given files to the decoder.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SceneLinkHTTP

/// Feeds `bytes` to a decoder whole, then again split at points derived from the input,
/// and checks the two agree: splitting must never change what is decoded.
func exercise(_ bytes: [UInt8]) {
    let whole = decodeAll(bytes, splits: [])
    var splits: [Int] = []
    var seed = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
    for byte in bytes.prefix(16) { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01B3 }
    var position = 0
    while position < bytes.count {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        position += Int(seed >> 60) + 1
        splits.append(min(position, bytes.count))
    }
    let split = decodeAll(bytes, splits: splits)
    let single = decodeAll(bytes, splits: Array(0 ... bytes.count))
    if whole != split || whole != single {
        printError("decoder disagrees with itself across segment splits")
        abort()
    }
}

/// Decodes everything and summarises the outcome as text, for comparison across splits.
func decodeAll(_ bytes: [UInt8], splits: [Int]) -> [String] {
    var decoder = HTTPRequestDecoder(limits: .init(maxRequestLineBytes: 256, maxHeaderBytes: 1_024, maxBodyBytes: 4_096))
    var outcome: [String] = []
    var start = 0
    var done = false
    for end in splits + [bytes.count] where !done && end >= start {
        bytes[start ..< end].withUnsafeBytes { decoder.append($0) }
        start = end
        do {
            while let event = try decoder.next() {
                switch event {
                case .head(let head):
                    // Route-specific limits are chosen here in the server; exercise that path too.
                    if head.path.hasPrefix("/small") { try decoder.limitBody(to: 8) }
                    outcome.append("head \(head.method) \(head.target) \(head.headers.count)")
                case .request(let request):
                    outcome.append("request \(request.path) \(request.body.count)")
                }
            }
        } catch {
            outcome.append("error \(error.status.code) \(error.problemType)")
            _ = error.problem.json
            done = true
        }
    }
    return outcome
}

/// Writes one line to standard error (the C `stderr` global is not concurrency-safe in Swift 6).
func printError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    exercise(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main
struct Replay {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            print("usage: FuzzHTTPDecoder FILE... (replays inputs through the HTTP request decoder)")
            return
        }
        for path in paths {
            guard let file = fopen(path, "rb") else {
                printError("cannot open \(path): \(String(cString: strerror(errno)))")
                exit(1)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = fread(&chunk, 1, chunk.count, file)
                if count <= 0 { break }
                bytes.append(contentsOf: chunk[0 ..< count])
            }
            fclose(file)
            exercise(bytes)
            print("\(path): \(decodeAll(bytes, splits: []).joined(separator: "; "))")
        }
    }
}
#endif
