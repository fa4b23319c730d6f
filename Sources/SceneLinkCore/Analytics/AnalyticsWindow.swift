/// What analytics counts between two flushes, shaped so that counting a visit is cheap: it runs
/// on every visit, under the recorder's lock.
///
/// - A *place* is a short link, the route it resolved to, and the UTC day. Places are numbered
///   as they come; each keeps fingerprints of the link's code and the route's name (both made by
///   the operator, never by a visitor).
/// - An *event* is a place, a 15-minute bucket, the visit's closed properties, its country's two
///   letters and its referrer host's number (each distinct host is numbered once per window).
///   It is found in one lookup keyed by the place's fingerprints and those numbers, then its
///   place's names and its properties are compared in full; equal events share one count. The key
///   only makes the lookup fast: two events it cannot tell apart are still counted apart (found by
///   a scan), and `keyLayoutProblem` checks that it tells every two apart today.
/// - A *visitor* is a person's keyed hash (`AnalyticsSalt`) at a place, counted once.
///
/// All three are found in `AnalyticsKeyTable`s; no string is hashed with SipHash and none is
/// copied per visit. `tally(into:seen:)` turns the window into the rows written.
public struct AnalyticsWindow: Sendable {
    /// Where events count.
    private struct Place: Sendable {
        var link: ShortCode?
        var route: String?
        var day: Int64
        /// `AnalyticsWindow.fingerprint` of the link's code and of the route's name.
        var fingerprints: Fingerprints
    }

    private struct Fingerprints: Sendable {
        var link: UInt64
        var route: UInt64
    }

    /// One kind of event at a place, and how many times it happened.
    private struct Event: Sendable {
        var place: Int32
        var bucket: Int64
        var kind: Kind
        var reading: UserAgentReading
        var trigger: VisitTrigger
        var outcome: VisitOutcome
        var country: VisitCountry
        /// The index of the referrer's host in `referrers`.
        var referrer: UInt32
        var count: Int64 = 0

        enum Kind: UInt8, Sendable { case visit, claim, install }

        /// Its key among the events of places with `fingerprints`: every closed property (each
        /// enum's case number, in the bits `keyFields` gives it) and the country's letters in one
        /// word, the bucket (a window spans minutes, so its low 32 bits tell a window's buckets
        /// apart) and the referrer's number in another.
        func key(_ fingerprints: Fingerprints) -> AnalyticsKeyTable.Key {
            let properties = UInt64(kind.rawValue) | AnalyticsWindow.caseNumber(reading.visitClass) << 8
                | AnalyticsWindow.caseNumber(reading.platform) << 16 | AnalyticsWindow.caseNumber(reading.browser) << 24
                | AnalyticsWindow.caseNumber(reading.previewer) << 32 | AnalyticsWindow.caseNumber(trigger) << 40
                | AnalyticsWindow.caseNumber(outcome) << 44 | UInt64(country.letters) << 48
            return AnalyticsKeyTable.Key(a: fingerprints.link, b: fingerprints.route, c: properties,
                                         d: UInt64(UInt32(truncatingIfNeeded: bucket)) << 32 | UInt64(referrer))
        }

        /// Whether it is `other` but for the place and the count.
        func counts(like other: Event) -> Bool {
            bucket == other.bucket && kind == other.kind && reading == other.reading && trigger == other.trigger
                && outcome == other.outcome && country == other.country && referrer == other.referrer
        }
    }

    /// An enum's case number as it is stored (one byte for an enum without payloads, an optional
    /// one's `nil` the number after its last case), for the event key.
    @inline(__always)
    static func caseNumber<T>(_ value: T) -> UInt64 { withUnsafeBytes(of: value) { UInt64($0.first ?? 0) } }

    /// Each enum of the event key, the bits it has there, and its case numbers in declared order.
    static let keyFields: [(name: String, bits: Int, size: Int, numbers: [UInt64])] = [
        ("VisitClass", 8, MemoryLayout<VisitClass>.size, VisitClass.allCases.map { caseNumber($0) }),
        ("VisitPlatform", 8, MemoryLayout<VisitPlatform>.size, VisitPlatform.allCases.map { caseNumber($0) }),
        ("BrowserFamily", 8, MemoryLayout<BrowserFamily>.size, BrowserFamily.allCases.map { caseNumber($0) }),
        ("Previewer?", 8, MemoryLayout<Previewer?>.size, Previewer.allCases.map { caseNumber(Optional($0)) } + [caseNumber(Previewer?.none)]),
        ("VisitTrigger", 4, MemoryLayout<VisitTrigger>.size, VisitTrigger.allCases.map { caseNumber($0) }),
        ("VisitOutcome", 4, MemoryLayout<VisitOutcome>.size, VisitOutcome.allCases.map { caseNumber($0) }),
    ]

    /// Why the event key would not tell two events apart, nil when it tells every two apart: each
    /// enum must be one byte whose case numbers are distinct and fit its bits. A new case or a
    /// payload that breaks this costs speed, never a count (events are compared in full), and
    /// the analytics tests fail on it.
    public static var keyLayoutProblem: String? {
        for field in keyFields {
            guard field.size == 1 else { return "\(field.name) is \(field.size) bytes, not one: its case number is not its first byte." }
            guard Set(field.numbers).count == field.numbers.count else { return "\(field.name)'s cases share numbers." }
            guard let largest = field.numbers.max(), largest < 1 << field.bits else {
                return "\(field.name) has case numbers up to \(field.numbers.max() ?? 0), more than its \(field.bits) bits of the key hold."
            }
        }
        return nil
    }

    /// The distinct events and visitors a window holds at most; past it, new ones are refused
    /// (`add…` answers false) while those already counted still count.
    public let limit: Int

    private var placeTable = AnalyticsKeyTable()
    private var places: [Place] = []
    private var eventTable = AnalyticsKeyTable()
    private var events: [Event] = []
    /// Visitors by their hash and place number (the number stored is unused).
    private var visitorTable = AnalyticsKeyTable()
    private var referrerIndex: [String: UInt32] = [:]
    /// Referrer hosts by number; 0 is `(direct)`, the most common, numbered without a lookup.
    private var referrers: [String] = [VisitReferrer.direct.value]

    /// An empty window holding at most `limit` distinct events and visitors.
    public init(limit: Int) {
        self.limit = limit
    }

    /// How many distinct events and visitors it holds.
    public var size: Int { events.count + visitorTable.count }

    /// Whether nothing is counted.
    public var isEmpty: Bool { size == 0 }

    /// Counts a classified visit, and `visitor` (a person's keyed hash, `AnalyticsSalt`) among
    /// the place's distinct visitors; false when it needed a new entry past `limit`.
    public mutating func addVisit(reading: UserAgentReading, trigger: VisitTrigger, referrer: VisitReferrer,
                                  country: VisitCountry, outcome: VisitOutcome, bucket: Int64, link: ShortCode?,
                                  route: String?, visitor: UInt64?) -> Bool {
        guard let number = referrerNumber(referrer),
              let place = count(Event(place: -1, bucket: bucket, kind: .visit, reading: reading, trigger: trigger, outcome: outcome,
                                      country: country, referrer: number), link: link, route: route) else { return false }
        if let visitor {
            let key = AnalyticsKeyTable.Key(a: visitor, b: UInt64(UInt32(bitPattern: place)), c: 0)
            if visitorTable.value(for: key) == nil, size < limit { visitorTable.insert(0, for: key) }
        }
        return true
    }

    /// Counts a claim made by a link page for `link` or `route`; false when past `limit`.
    public mutating func addClaim(bucket: Int64, link: ShortCode?, route: String?) -> Bool {
        add(.claim, bucket: bucket, link: link, route: route)
    }

    /// Counts an install (a claim redeemed) that came from `link` or `route`; false when past `limit`.
    public mutating func addInstall(bucket: Int64, link: ShortCode?, route: String?) -> Bool {
        add(.install, bucket: bucket, link: link, route: route)
    }

    /// Forgets what is counted for `link` (its analytics are being purged).
    public mutating func forget(link: ShortCode) {
        var kept = AnalyticsWindow(limit: limit)
        kept.referrers = referrers
        kept.referrerIndex = referrerIndex
        var renumbered: [Int32: Int32] = [:]
        for (number, place) in places.enumerated() where place.link != link {
            renumbered[Int32(number)] = kept.placeNumber(link: place.link, route: place.route, day: place.day,
                                                          fingerprints: place.fingerprints)
        }
        for event in events {
            guard let place = renumbered[event.place] else { continue }
            var moved = event
            moved.place = place
            let key = moved.key(kept.places[Int(place)].fingerprints)
            if kept.eventTable.value(for: key) == nil { kept.eventTable.insert(Int32(kept.events.count), for: key) }
            kept.events.append(moved)
        }
        for (key, _) in visitorTable.contents {
            guard let place = renumbered[Int32(truncatingIfNeeded: key.b)] else { continue }
            kept.visitorTable.insert(0, for: AnalyticsKeyTable.Key(a: key.a, b: UInt64(UInt32(bitPattern: place)), c: 0))
        }
        self = kept
    }

    /// Adds the window's events to `tally`, and its visitors to those `seen` before (a visitor
    /// counts once per scope and day, across windows).
    public func tally(into tally: inout AnalyticsTally, seen: inout AnalyticsVisitorSketches) {
        for event in events {
            let place = places[Int(event.place)]
            tally.add(AnalyticsEvent(kind(of: event), bucket: event.bucket, link: place.link, route: place.route), count: event.count)
        }
        for (key, _) in visitorTable.contents {
            let place = places[Int(truncatingIfNeeded: key.b)]
            tally.add(AnalyticsVisitorMark(visitor: key.a, day: place.day, link: place.link, route: place.route), seen: &seen)
        }
    }

    private func kind(of event: Event) -> AnalyticsEvent.Kind {
        switch event.kind {
        case .claim: .claim
        case .install: .install
        case .visit:
            .visit(AnalyticsVisit(reading: event.reading, trigger: event.trigger, referrer: referrers[Int(event.referrer)],
                                  country: event.country.code, outcome: event.outcome))
        }
    }

    private mutating func add(_ kind: Event.Kind, bucket: Int64, link: ShortCode?, route: String?) -> Bool {
        count(Event(place: -1, bucket: bucket, kind: kind, reading: Self.nobody, trigger: .click, outcome: .page, country: .unknown,
                    referrer: 0), link: link, route: route) != nil
    }

    /// Adds one to the count of `event` at the place of `link` and `route` (its `place` is not
    /// read); answers the place's number, or nil when the event is new and past `limit`.
    @inline(__always)
    private mutating func count(_ event: Event, link: ShortCode?, route: String?) -> Int32? {
        let fingerprints = Fingerprints(link: Self.fingerprint(link?.rawValue), route: Self.fingerprint(route))
        let key = event.key(fingerprints)
        if let number = eventTable.value(for: key) {
            let place = events[Int(number)].place
            // Compared in place: copying the place out would retain and release its strings.
            if places[Int(place)].link == link && places[Int(place)].route == route && events[Int(number)].counts(like: event) {
                events[Int(number)].count += 1
                return place
            }
        }
        guard let place = placeNumber(link: link, route: route, bucket: event.bucket, fingerprints: fingerprints) else { return nil }
        // A place whose fingerprints another place has (operators' names that collide in 128 bits
        // do not happen by chance), or an event the key does not tell apart from another (a
        // layout `keyLayoutProblem` would name): its events are found by a scan.
        if eventTable.value(for: key) != nil,
           let number = events.firstIndex(where: { $0.place == place && $0.counts(like: event) }) {
            events[number].count += 1
            return place
        }
        guard size < limit else { return nil }
        var first = event
        first.place = place
        first.count = 1
        if eventTable.value(for: key) == nil { eventTable.insert(Int32(events.count), for: key) }
        events.append(first)
        return place
    }

    /// The number of the place of `link`, `route` (with their `fingerprints`) and `bucket`'s day,
    /// made if new; nil when new and past `limit`.
    private mutating func placeNumber(link: ShortCode?, route: String?, bucket: Int64, fingerprints: Fingerprints) -> Int32? {
        let day = AnalyticsBucket.day(ofBucket: bucket)
        let key = Self.placeKey(fingerprints, day: day)
        if let number = placeTable.value(for: key) {
            // Compared in place: copying the place out would retain and release its strings.
            if places[Int(number)].link == link && places[Int(number)].route == route { return number }
            // Another place with the same fingerprint: look among all of them (operators' names
            // that collide in 128 bits do not happen by chance).
            if let other = places.firstIndex(where: { $0.link == link && $0.route == route && $0.day == day }) {
                return Int32(other)
            }
        }
        guard size < limit else { return nil }
        return placeNumber(link: link, route: route, day: day, fingerprints: fingerprints)
    }

    /// Numbers a new place (or finds it, for one whose fingerprint another place holds).
    private mutating func placeNumber(link: ShortCode?, route: String?, day: Int64, fingerprints: Fingerprints) -> Int32 {
        let number = Int32(places.count)
        let key = Self.placeKey(fingerprints, day: day)
        if placeTable.value(for: key) == nil { placeTable.insert(number, for: key) }
        places.append(Place(link: link, route: route, day: day, fingerprints: fingerprints))
        return number
    }

    /// A place's key: fingerprints of the link's code and of the route's name, and the day.
    private static func placeKey(_ fingerprints: Fingerprints, day: Int64) -> AnalyticsKeyTable.Key {
        AnalyticsKeyTable.Key(a: fingerprints.link, b: fingerprints.route, c: UInt64(bitPattern: day))
    }

    /// 64 bits of a name, 8 bytes at a time (a multiply and xor-shift per word, FNV-style): names
    /// that differ anywhere differ here but for chance, and a collision only costs a scan
    /// (`placeNumber`). 0 stands for no name.
    @inline(__always)
    private static func fingerprint(_ text: String?) -> UInt64 {
        guard let text else { return 0 }
        // A native string's bytes in place; a string without contiguous bytes (bridged) is copied.
        return text.utf8.withContiguousStorageIfAvailable(fingerprint(bytes:)) ?? Array(text.utf8).withUnsafeBufferPointer(fingerprint(bytes:))
    }

    private static func fingerprint(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<raw.count { tail = tail << 8 | UInt64(raw[index]) }
        hash = (hash ^ tail) &* 0x0000_0100_0000_01B3
        return hash ^ hash >> 29 | 1
    }

    /// The number of `referrer`'s host, made if new; nil when new and past `limit`.
    @inline(__always)
    private mutating func referrerNumber(_ referrer: VisitReferrer) -> UInt32? {
        if referrer.isDirect { return 0 }
        if let number = referrerIndex[referrer.value] { return number }
        guard size < limit else { return nil }
        let number = UInt32(referrers.count)
        referrerIndex[referrer.value] = number
        referrers.append(referrer.value)
        return number
    }

    /// What claims and installs carry in a visit's place (they have no visitor properties).
    private static let nobody = UserAgentReading(visitClass: .bot, platform: .other, browser: .other)
}
