import SceneLinkCore

/// A libFuzzer target over link parsing and matching: each input is a link resolved against
/// the kitchen-sink table (examples/kitchen-sink.json, embedded below). Every format must
/// agree with the resolved stack (the CodableRepresentation and elements as the stack's own
/// encoding, the document carrying both), and no format may answer where `resolve` fails. Every successful stack is printed back to a link, which must
/// resolve to the same stack; the CodableRepresentation must round-trip through
/// `stack(fromNavigationPath:)` and `repair` must keep all of it.
/// Any mismatch traps, which libFuzzer records as a finding.
///
/// Built normally, `FuzzResolve FILE...` replays inputs (crash reproducers, a corpus).
enum FuzzResolve {
    static let table: RouteTable? = try? RouteTable(routeFile: Array(kitchenSink.utf8))

    static func check(_ data: [UInt8]) {
        guard let table, let link = String(validating: data, as: UTF8.self) else { return }
        guard let resolved = try? table.resolve(link) else {
            for format in ResolveFormat.allCases where (try? table.resolve(link, format: format)) != nil {
                fail("format \(format) answers a link resolve rejects", link)
            }
            return
        }
        let bytes = NavigationPathEncoding.codableRepresentation(resolved.elements)
        guard let written = try? table.navigationPath(for: link), written == bytes else { fail("navigationPath differs", link) }
        let elements = NavigationPathEncoding.elements(resolved.elements)
        guard let writtenElements = try? table.resolve(link, format: .elements), writtenElements == elements else {
            fail("elements differ", link)
        }
        guard let document = try? table.resolve(link, format: .document),
              contains(document, Array(",\"elements\":".utf8) + elements + Array(",\"navigationPath\":".utf8) + bytes) else {
            fail("the resolve document does not carry the stack", link)
        }
        guard let decoded = try? table.stack(fromNavigationPath: bytes), decoded == resolved.elements else {
            fail("CodableRepresentation does not decode back", link)
        }
        guard let repaired = table.repair(navigationPath: bytes), repaired.dropped == 0 else { fail("repair dropped elements", link) }
        guard let links = try? table.links(for: resolved.elements, selection: resolved.selection) else {
            fail("no canonical link for a resolved stack", link)
        }
        for printed in [links.scheme, links.https].compactMap({ $0 }) {
            guard let again = try? table.resolve(printed), again.elements == resolved.elements,
                  again.selection == resolved.selection else { fail("canonical link \(printed) resolves elsewhere", link) }
        }
    }

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= bytes.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    static func fail(_ what: String, _ link: String) -> Never {
        // Deliberate trap: this is a fuzz harness, and a trap is how it reports a finding.
        fatalError("FuzzResolve: \(what) for \(link.debugDescription)")
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResolveOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    FuzzResolve.check(Array(UnsafeBufferPointer(start: start, count: count)))
    return 0
}
#else
import Foundation

@main struct Replay {
    static func main() {
        guard FuzzResolve.table != nil else {
            print("the embedded kitchen-sink route file does not load")
            exit(1)
        }
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                exit(1)
            }
            FuzzResolve.check(Array(data))
            print("ok: \(path)")
        }
    }
}
#endif

/// examples/kitchen-sink.json, byte for byte (regenerate when the example changes).
let kitchenSink = #"""
{
  "app": {
    "name": "KitchenSink",
    "schemes": ["kitchensink", "ks"],
    "hosts": ["kitchen.example.com", "www.kitchen.example.com"]
  },
  "types": {
    "Tab": {
      "tag": "KitchenSink.Tab",
      "rawValue": "String",
      "cases": { "home": "home", "search": "search", "profile": "profile" }
    },
    "Level": {
      "tag": "KitchenSink.Level",
      "rawValue": "Int",
      "cases": { "low": 1, "medium": 2, "high": 3 }
    },
    "User": {
      "tag": "KitchenSink.User",
      "fields": { "id": "Int", "name": "String" }
    },
    "Screen": {
      "tag": "KitchenSink.Screen",
      "cases": {
        "home": {},
        "detail": { "id": "Int" },
        "named": { "_0": "String" },
        "filtered": { "level": "Level", "strict": "Bool" }
      }
    },
    "Photo": {
      "tag": "KitchenSink.Models.Photo",
      "fields": { "id": "UUID", "scale": "Double" }
    },
    "IntBox": {
      "tag": "KitchenSink.Box<Swift.Int>",
      "fields": { "value": "Int" }
    },
    "Item": {
      "tag": "KitchenSink.Item",
      "fields": { "title": "String", "screen": "Screen" }
    }
  },
  "routes": [
    { "name": "home", "path": "/",
      "push": [ { "type": "Screen", "value": "home" } ] },
    { "name": "users", "path": "/users/{id}",
      "push": [ { "type": "Screen", "value": { "detail": { "id": "{id}" } } } ],
      "routes": [
        { "name": "profile", "path": "profile",
          "query": { "name": "{name}" },
          "push": [ { "type": "User", "value": { "id": "{id}", "name": "{name}" } } ] },
        { "name": "posts", "path": "posts/{post:Int}",
          "push": [ { "type": "Int", "value": "{post}" } ],
          "routes": [
            { "name": "photos", "path": "photos/{photo}",
              "query": { "scale": { "param": "{scale}", "default": 1.0 } },
              "push": [ { "type": "Photo", "value": { "id": "{photo}", "scale": "{scale}" } } ],
              "routes": [
                { "name": "zoom", "path": "zoom/{level}",
                  "query": { "strict": { "param": "{strict}", "default": false } },
                  "push": [ { "type": "Screen", "value": { "filtered": { "level": "{level}", "strict": "{strict}" } } } ] }
              ] }
          ] }
      ] },
    { "name": "search", "path": "/search",
      "query": { "q": "{q}", "tab": { "param": "{tab}", "default": "search" } },
      "push": [ { "type": "Screen", "value": { "named": { "_0": "{q}" } } },
                { "type": "Tab", "value": "{tab}" } ] },
    { "name": "files", "path": "/files/{path...}",
      "push": [ { "type": "String", "value": "{path}" } ] },
    { "name": "flags", "path": "/flags/{on}",
      "push": [ { "type": "Bool", "value": "{on}" } ] },
    { "name": "scale", "path": "/scale/{factor}",
      "push": [ { "type": "Double", "value": "{factor}" } ] },
    { "name": "level", "path": "/level/{level}",
      "push": [ { "type": "Level", "value": "{level}" } ] },
    { "name": "levelAll", "path": "/level/all",
      "push": [ { "type": "Level", "value": "low" }, { "type": "Level", "value": "high" } ] },
    { "name": "levelNamed", "path": "/level/{label:String}",
      "push": [ { "type": "Screen", "value": { "named": { "_0": "{label}" } } } ] },
    { "name": "legacy", "path": "/legacy/{token:String}",
      "push": [ { "type": "Screen", "value": "home" } ] },
    { "name": "box", "path": "/box/{value}",
      "push": [ { "type": "IntBox", "value": { "value": "{value}" } } ] },
    { "name": "items", "path": "/items/{title}",
      "push": [ { "type": "Item", "value": { "title": "{title}", "screen": { "detail": { "id": 7 } } } } ] },
    { "name": "tabs", "path": "/tabs/{tab}",
      "selection": { "type": "Tab", "value": "{tab}" } }
  ]
}

"""#
