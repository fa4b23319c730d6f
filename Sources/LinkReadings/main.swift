import Foundation
import SceneLinkCore
import SceneLinkText

// How SceneLink reads links, one per line, for scripts/whatwg_differential.py.
//
//   LinkReadings EXAMPLE < links.jsonl > readings.jsonl
//
// Each input line is a JSON string (a link, any bytes but as JSON escapes them); each output
// line is {"ok":true,"host":…,"segments":[…]} (RouteTable.reading(of:) over the built-in example
// EXAMPLE's schemes and hosts) or {"ok":false,"error":"…"}.

guard CommandLine.arguments.count == 2, let file = BuiltInRoutes.example(named: CommandLine.arguments[1]),
      let table = try? RouteTable(routeFile: Array(file.utf8)) else {
    FileHandle.standardError.write(Data("usage: LinkReadings EXAMPLE (a built-in example: \(BuiltInRoutes.exampleNames.joined(separator: ", ")))\n".utf8))
    exit(2)
}
var output: [UInt8] = []
while let line = readLine(strippingNewline: true) {
    guard let link = (try? JSONParser.parse(line))?.stringValue else {
        FileHandle.standardError.write(Data("LinkReadings: a line is not a JSON string: \(line.prefix(80))\n".utf8))
        exit(2)
    }
    let answer: JSONValue
    do {
        let reading = try table.reading(of: link)
        answer = .object([("ok", .bool(true)), ("host", reading.host.map(JSONValue.string) ?? .null),
                          ("segments", .array(reading.segments.map(JSONValue.string)))])
    } catch {
        answer = .object([("ok", .bool(false)), ("error", .string(error.description))])
    }
    output += JSONWriter.encode(answer, escapingSlashes: false, sortingKeys: false)
    output.append(UInt8(ascii: "\n"))
    if output.count > 1 << 16 {
        FileHandle.standardOutput.write(Data(output))
        output.removeAll(keepingCapacity: true)
    }
}
FileHandle.standardOutput.write(Data(output))
