import Foundation
import SceneLinkCore

// How far the distinct-visitor count is from the truth, and what it holds in memory.
//
//   UniquesBench [DAYS]
//
// For 10^3, 10^4, 10^5, 10^6 and 10^7 distinct visitors, and each of DAYS days (default 5, each
// with its own random salt, as the server makes one a UTC day): every visitor (a distinct IPv4
// address, one browser family) is hashed under the day's `AnalyticsSalt` and added to
// `AnalyticsVisitorSketches` twice over, as the recorder adds them, summing what the day's count
// gains. Prints each day's count and relative error, then per size the median and largest error
// and the bytes held. Run through bench/uniques_error.sh (release build).

let days = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 5 : 5
let sizes = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
print("visitors  median_error  max_error  bytes")
for size in sizes {
    var errors: [Double] = []
    var bytes = 0
    for day in 0..<days {
        let salt = AnalyticsSalt(day: Int64(day))
        var sketches = AnalyticsVisitorSketches()
        var counted: Int64 = 0
        for pass in 0..<2 {
            for index in 0..<size {
                // ::ffff:a.b.c.d, as IPAddress maps IPv4.
                let visitor = salt.visitor(address: (0, 0x0000_FFFF_0000_0000 | UInt64(index)), browser: .chrome)
                counted += sketches.insert(visitor, scope: "all", day: Int64(day))
            }
            if pass == 0 { bytes = sketches.bytes }
        }
        let error = abs(Double(counted) - Double(size)) / Double(size)
        errors.append(error)
        print("  day \(day): \(counted) of \(size) (\(String(format: "%.3f", error * 100)) %)")
    }
    let sorted = errors.sorted()
    print(String(format: "%8d  %10.3f %%  %7.3f %%  %d", size, sorted[sorted.count / 2] * 100, (sorted.last ?? 0) * 100, bytes))
}
