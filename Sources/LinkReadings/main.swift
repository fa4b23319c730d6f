import Foundation
import SceneLinkCore
import SceneLinkText

// How SceneLink reads links, one per line, for scripts/whatwg_differential.py.
//
//   LinkReadings EXAMPLE < links.jsonl > readings.jsonl
//   LinkReadings --route-file < entries.jsonl > verdicts.jsonl
//
// With EXAMPLE, each input line is a JSON string (a link, any bytes but as JSON escapes them);
// each output line is {"ok":true,"host":…,"segments":[…]} (RouteTable.reading(of:) over the
// built-in example EXAMPLE's schemes and hosts) or {"ok":false,"error":"…"}.
// With --route-file, each input line is {"host": H} or {"fallback": URL}: a route file with that
// one app host, or that web fallback, is loaded, and each output line is {"ok":true} or
// {"ok":false,"error":"…"} (what `scenelink check` says). A fallback goes into link pages as it
// is written, so what it means is its text: the script compares that with a browser's reading.

/// The route file of one `--route-file` entry: `host` as the app's only host, or `fallback` as its web fallback.
func routeFile(host: String?, fallback: String?) -> [UInt8] {
    let app: JSONValue = .object([
        ("name", .string("D")), ("hosts", .array([.string(host ?? "d.example.com")])),
        ("fallback", .object([("web", .string(fallback ?? "https://d.example.com/"))])),
    ])
    let file: JSONValue = .object([("app", app), ("routes", .array([.object([("name", .string("r")), ("path", .string("/r"))])]))])
    return JSONWriter.encode(file, escapingSlashes: false, sortingKeys: false)
}

let routeFileMode = CommandLine.arguments.count == 2 && CommandLine.arguments[1] == "--route-file"
let table: RouteTable?
if routeFileMode {
    table = nil
} else {
    guard CommandLine.arguments.count == 2, let file = BuiltInRoutes.example(named: CommandLine.arguments[1]),
          let loaded = try? RouteTable(routeFile: Array(file.utf8)) else {
        FileHandle.standardError.write(Data(("usage: LinkReadings EXAMPLE | --route-file (EXAMPLE: a built-in example: "
                                             + "\(BuiltInRoutes.exampleNames.joined(separator: ", ")))\n").utf8))
        exit(2)
    }
    table = loaded
}
var output: [UInt8] = []
while let line = readLine(strippingNewline: true) {
    let parsed = try? JSONParser.parse(line)
    let answer: JSONValue
    if let table {
        guard let link = parsed?.stringValue else {
            FileHandle.standardError.write(Data("LinkReadings: a line is not a JSON string: \(line.prefix(80))\n".utf8))
            exit(2)
        }
        do {
            let reading = try table.reading(of: link)
            answer = .object([("ok", .bool(true)), ("host", reading.host.map(JSONValue.string) ?? .null),
                              ("segments", .array(reading.segments.map(JSONValue.string)))])
        } catch {
            answer = .object([("ok", .bool(false)), ("error", .string(error.description))])
        }
    } else {
        let host = parsed?["host"]?.stringValue, fallback = parsed?["fallback"]?.stringValue
        guard host != nil || fallback != nil else {
            FileHandle.standardError.write(Data("LinkReadings: a line is not {\"host\": …} or {\"fallback\": …}: \(line.prefix(80))\n".utf8))
            exit(2)
        }
        do {
            _ = try RouteTable(routeFile: routeFile(host: host, fallback: fallback))
            answer = .object([("ok", .bool(true))])
        } catch {
            answer = .object([("ok", .bool(false)), ("error", .string(error.description))])
        }
    }
    output += JSONWriter.encode(answer, escapingSlashes: false, sortingKeys: false)
    output.append(UInt8(ascii: "\n"))
    if output.count > 1 << 16 {
        FileHandle.standardOutput.write(Data(output))
        output.removeAll(keepingCapacity: true)
    }
}
FileHandle.standardOutput.write(Data(output))
