import Foundation
import SceneLinkCore

// In-process resolve benchmark: link string → navigationPath bytes, for generated tables of
// 10, 1,000 and 100,000 routes, plus load+validate time (median of 3 loads, and the slowest) and peak RSS.
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

struct Case {
    let table: RouteTable
    let links: [String]
    let fileBytes: Int
    let loadNanoseconds: Double
}

var cases: [Case] = []
var slowestLoads: [Double] = []
for count in [10, 1_000, 100_000] {
    let file = routeFile(count: count)
    // Loaded three times (one table alive at a time, so peak RSS is one table's): the
    // median is reported, with the slowest, since one sample on a shared machine says little.
    var table: RouteTable?
    var loadTimes: [Double] = []
    for _ in 0..<3 {
        table = nil
        loadTimes.append(nanoseconds { table = try? RouteTable(routeFile: file) })
    }
    loadTimes.sort()
    let loadTime = loadTimes[1]
    slowestLoads.append(loadTimes[2])
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
    for link in links where (try? table.navigationPath(for: link)) == nil {
        print("benchmark link does not resolve: \(link)")
        exit(1)
    }
    cases.append(Case(table: table, links: links, fileBytes: file.count, loadNanoseconds: loadTime))
}

// Batches of the three tables take turns, so that a busy machine slows all of them alike
// and the ratio between them stays meaningful.
for item in cases { _ = medianResolve(item.table, links: item.links, batches: 21) }  // warm-up
var samples = [[Double]](repeating: [], count: cases.count)
var hotSamples = [[Double]](repeating: [], count: cases.count)
for _ in 0..<101 {
    for (index, item) in cases.enumerated() {
        samples[index].append(medianResolve(item.table, links: item.links, batches: 3))
        // The same work on 16 links only: what is left when the table's memory is all in cache.
        hotSamples[index].append(medianResolve(item.table, links: Array(item.links.prefix(16)), batches: 1))
    }
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
for (index, item) in cases.enumerated() {
    print(String(format: "routes %7d  file %9d bytes  load+validate %8.1f ms (slowest of 3: %8.1f ms)  median resolve %7.1f ns  (16 hot links: %7.1f ns)",
                 item.table.routeCount, item.fileBytes, item.loadNanoseconds / 1e6, slowestLoads[index] / 1e6,
                 median(samples[index]), median(hotSamples[index])))
}
print(String(format: "100,000 vs 10 routes: %.2fx", median(samples[2]) / median(samples[0])))
print("peak RSS (VmHWM): \(peakRSSKilobytes()) kB")
