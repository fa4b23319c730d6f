import Foundation
import SceneLinkCore

// In-process resolve benchmark: link string → navigationPath bytes, for generated tables of
// 10, 1,000 and 100,000 routes, plus load+validate time of the 100,000-route file and peak RSS.
// Run through bench/resolve.sh (release build).

/// A route file with `count` top-level routes, each with a child, half of them typed:
/// `/s{i}/detail/{id}` (Int) → [HomePath.list, Int id], child `more/{tab}` (String enum).
func routeFile(count: Int) -> [UInt8] {
    var text = #"{"app":{"name":"Bench","schemes":["bench"],"hosts":["bench.example.com"]},"#
    text += #""types":{"HomePath":{"tag":"Bench.HomePath","rawValue":"Int","cases":{"list":0,"detail":1}},"#
    text += #""Tab":{"tag":"Bench.Tab","rawValue":"String","cases":{"info":"info","more":"more"}}},"routes":["#
    let topLevel = max(1, count / 2)
    for index in 0..<topLevel {
        if index > 0 { text += "," }
        text += #"{"name":"r\#(index)","path":"/s\#(index)/detail/{id}","push":[{"type":"HomePath","value":"list"},{"type":"Int","value":"{id}"}],"#
        text += #""routes":[{"name":"tab","path":"more/{tab}","push":[{"type":"Tab","value":"{tab}"}]}]}"#
    }
    text += "]}"
    return Array(text.utf8)
}

func peakRSSKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
    }
    return -1
}

func nanoseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

/// Median nanoseconds per resolve over `batches` batches of `batchSize` resolves.
func medianResolve(_ table: RouteTable, links: [String], batches: Int = 201, batchSize: Int = 2_000) -> Double {
    var sink = 0
    var perResolve: [Double] = []
    for batch in 0..<batches {
        let time = nanoseconds {
            for offset in 0..<batchSize {
                let link = links[(batch &* batchSize &+ offset) % links.count]
                sink &+= (try? table.navigationPath(for: link).count) ?? 0
            }
        }
        perResolve.append(time / Double(batchSize))
    }
    if sink == 42 { print("") }  // keeps the work observable
    perResolve.sort()
    return perResolve[perResolve.count / 2]
}

var results: [(routes: Int, median: Double)] = []
for count in [10, 1_000, 100_000] {
    let file = routeFile(count: count)
    var table: RouteTable?
    let loadTime = nanoseconds { table = try? RouteTable(routeFile: file) }
    guard let table else {
        print("the generated \(count)-route file did not load")
        exit(1)
    }
    let topLevel = max(1, count / 2)
    // Links spread over the whole table: half end at the parent, half at the child.
    let links = (0..<1024).map { index -> String in
        let route = (index &* 7919) % topLevel
        return index % 2 == 0 ? "bench://s\(route)/detail/\(index)" : "https://bench.example.com/s\(route)/detail/\(index)/more/info"
    }
    // Sanity: every link resolves.
    for link in links where (try? table.navigationPath(for: link)) == nil {
        print("benchmark link does not resolve: \(link)")
        exit(1)
    }
    _ = medianResolve(table, links: links, batches: 21)  // warm-up
    let median = medianResolve(table, links: links)
    results.append((table.routeCount, median))
    print(String(format: "routes %7d  file %9d bytes  load+validate %8.1f ms  median resolve %7.1f ns",
                 table.routeCount, file.count, loadTime / 1e6, median))
}
if let small = results.first, let large = results.last {
    print(String(format: "100,000 vs 10 routes: %.2fx", large.median / small.median))
}
print("peak RSS (VmHWM): \(peakRSSKilobytes()) kB")
