import SceneLinkCore

/// A libFuzzer target over the analytics counting window: each input is read as a run of visits,
/// claims, installs and purges, counted both by `AnalyticsWindow` (packed keys, fingerprints,
/// numbered referrers) and by a plain dictionary keyed by every property of an event. The rows
/// each writes must be the same, and the window must hold exactly as many entries as the model
/// has distinct events and visitors. Any difference traps, which libFuzzer records as a finding.
///
/// Built normally, `FuzzAnalytics FILE...` replays inputs (crash reproducers, a corpus).
enum FuzzAnalytics {
    /// Every property of one event, as the model keys it.
    struct ModelEvent: Hashable {
        var kind: UInt8
        var visit: AnalyticsVisit?
        var bucket: Int64
        var link: ShortCode?
        var route: String?
    }

    struct ModelVisitor: Hashable {
        var visitor: UInt64
        var day: Int64
        var link: ShortCode?
        var route: String?
    }

    /// Reads the input a byte at a time; 0 once it is spent.
    struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset >= bytes.count }

        mutating func next() -> Int {
            defer { offset += 1 }
            return offset < bytes.count ? Int(bytes[offset]) : 0
        }

        mutating func pick<T>(_ choices: [T]) -> T {
            choices[next() % choices.count]
        }
    }

    /// Eight quarter hours around a UTC midnight: few enough that events meet, two days' places.
    /// What a visit is made of, read from the input.
    struct VisitInput {
        var reading: UserAgentReading
        var trigger: VisitTrigger
        var outcome: VisitOutcome
        var referer: String?
        var country: String?
        var bucket: Int64 = 0
        var link: ShortCode?
        var route: String?

        init(_ reader: inout Reader) {
            reading = UserAgentReading(visitClass: reader.pick(VisitClass.allCases), platform: reader.pick(VisitPlatform.allCases),
                                       browser: reader.pick(BrowserFamily.allCases), previewer: reader.pick(FuzzAnalytics.previewers))
            trigger = reader.pick(VisitTrigger.allCases)
            outcome = reader.pick(VisitOutcome.allCases)
            referer = reader.pick(FuzzAnalytics.referers)
            country = reader.pick(FuzzAnalytics.countries)
        }

        /// Changes one property, the input says which and to what.
        mutating func change(_ reader: inout Reader) {
            switch reader.next() % 8 {
            case 0: reading.visitClass = reader.pick(VisitClass.allCases)
            case 1: reading.platform = reader.pick(VisitPlatform.allCases)
            case 2: reading.browser = reader.pick(BrowserFamily.allCases)
            case 3: reading.previewer = reader.pick(FuzzAnalytics.previewers)
            case 4: trigger = reader.pick(VisitTrigger.allCases)
            case 5: outcome = reader.pick(VisitOutcome.allCases)
            case 6: referer = reader.pick(FuzzAnalytics.referers)
            default: country = reader.pick(FuzzAnalytics.countries)
            }
        }
    }

    static let previewers: [Previewer?] = Previewer.allCases.map { Optional($0) } + [nil]
    static let firstBucket = 20_000 * AnalyticsBucket.perDay - 4
    static let links: [ShortCode?] = [nil] + ["spring", "autumn", "Ab3x", "aB3x"].compactMap { try? ShortCode($0) }
    static let routes: [String?] = [nil, "settings", "settings.account", "a", "b"]
    static let referers: [String?] = [nil, "https://t.co/x", "https://www.Instagram.com/p/1", "android-app://com.google.android.gm/",
                                      "https://a.example/", "https://b.example/", "not a url"]
    static let countries: [String?] = [nil, "JP", "de", "US", "x"]

    static func check(_ data: [UInt8]) {
        var reader = Reader(bytes: data)
        // Room for every event and visitor an input can make (at most two an operation).
        var window = AnalyticsWindow(limit: 2 * data.count + 2)
        var events: [ModelEvent: Int64] = [:]
        var visitors: Set<ModelVisitor> = []
        var last: VisitInput?
        while !reader.isAtEnd {
            let operation = reader.next()
            let bucket = firstBucket + Int64(reader.next() % 8)
            let link = reader.pick(links), route = reader.pick(routes)
            switch operation % 10 {
            case 0:
                guard let link else { continue }
                window.forget(link: link)
                events = events.filter { $0.key.link != link }
                visitors = visitors.filter { $0.link != link }
            case 1:
                guard window.addClaim(bucket: bucket, link: link, route: route) else { fail("a claim was refused") }
                events[ModelEvent(kind: 1, bucket: bucket, link: link, route: route), default: 0] += 1
            case 2:
                guard window.addInstall(bucket: bucket, link: link, route: route) else { fail("an install was refused") }
                events[ModelEvent(kind: 2, bucket: bucket, link: link, route: route), default: 0] += 1
            default:
                // Half the visits are the last one with one property changed, so that events
                // differing in one property only (what a key that mixed them up would merge) meet.
                var input = operation % 10 < 6 || last == nil ? VisitInput(&reader) : (last ?? VisitInput(&reader))
                if operation % 10 >= 6 { input.change(&reader) }
                input.bucket = bucket
                input.link = link
                input.route = route
                last = input
                let visitorByte = reader.next() % 12
                let visitor: UInt64? = visitorByte == 0 ? nil : UInt64(visitorByte) &* 0x9E37_79B9_7F4A_7C15
                let referrer = VisitReferrer(referer: input.referer), country = VisitCountry(header: input.country)
                guard window.addVisit(reading: input.reading, trigger: input.trigger, referrer: referrer, country: country,
                                      outcome: input.outcome, bucket: bucket, link: link, route: route, visitor: visitor) else {
                    fail("a visit was refused")
                }
                let visit = AnalyticsVisit(reading: input.reading, trigger: input.trigger, referrer: referrer.value,
                                           country: country.code, outcome: input.outcome)
                events[ModelEvent(kind: 0, visit: visit, bucket: bucket, link: link, route: route), default: 0] += 1
                if let visitor {
                    visitors.insert(ModelVisitor(visitor: visitor, day: AnalyticsBucket.day(ofBucket: bucket), link: link, route: route))
                }
            }
        }
        guard window.size == events.count + visitors.count else {
            fail("the window holds \(window.size) entries, the model \(events.count) events and \(visitors.count) visitors")
        }
        var counted = AnalyticsTally()
        var seen = AnalyticsVisitorSketches()
        window.tally(into: &counted, seen: &seen)
        var expected = AnalyticsTally()
        var expectedSeen = AnalyticsVisitorSketches()
        for (event, count) in events {
            let kind: AnalyticsEvent.Kind = switch event.kind {
            case 1: .claim
            case 2: .install
            default: event.visit.map { .visit($0) } ?? .claim
            }
            expected.add(AnalyticsEvent(kind, bucket: event.bucket, link: event.link, route: event.route), count: count)
        }
        for visitor in visitors {
            expected.add(AnalyticsVisitorMark(visitor: visitor.visitor, day: visitor.day, link: visitor.link, route: visitor.route),
                         seen: &expectedSeen)
        }
        let (got, want) = (sorted(counted.batch), sorted(expected.batch))
        guard got.visits == want.visits else { fail("the 15-minute counts differ") }
        guard got.marginals == want.marginals else { fail("the breakdowns differ") }
        guard got.visitors == want.visitors else { fail("the distinct visitors differ") }
    }

    /// A batch's rows in one order, whatever order its dictionaries gave.
    static func sorted(_ batch: AnalyticsBatch) -> AnalyticsBatch {
        AnalyticsBatch(
            visits: batch.visits.sorted { ($0.scope, $0.bucket) < ($1.scope, $1.bucket) },
            marginals: batch.marginals.sorted {
                ($0.scope, $0.hour, $0.dimension.rawValue, $0.value) < ($1.scope, $1.hour, $1.dimension.rawValue, $1.value)
            },
            visitors: batch.visitors.sorted { ($0.scope, $0.day) < ($1.scope, $1.day) })
    }

    static func fail(_ what: String) -> Never {
        // Deliberate trap: this is a fuzz harness, and a trap is how it reports a finding.
        fatalError("FuzzAnalytics: \(what)")
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnalyticsOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    FuzzAnalytics.check(Array(UnsafeBufferPointer(start: start, count: count)))
    return 0
}
#else
import Foundation

@main struct Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                exit(1)
            }
            FuzzAnalytics.check(Array(data))
            print("ok: \(path)")
        }
    }
}
#endif
