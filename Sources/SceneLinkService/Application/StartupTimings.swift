import SceneLinkNetwork
import SceneLinkOperations

/// How long each stage of start-up, or of a route-file reload, took: the route file (read, checked,
/// indexed, and its association documents written), the store, the association files' answers, the
/// link pages. The `startup` and `routes-reloaded` log lines carry them as `route_file_ms`,
/// `store_ms`, `association_files_ms` and `link_pages_ms`, so an operator whose server starts
/// slowly sees which stage it is.
///
/// ```swift
/// var timings = StartupTimings()
/// let table = try timings.measure(.routeFile) { try RouteTableLoader.load(path: path, example: example) }
/// logger.log(.info, "routes-reloaded", timings.logFields)
/// ```
struct StartupTimings: Sendable {
    /// A stage, named as its log field is.
    enum Stage: String, Sendable, CaseIterable {
        case routeFile = "route_file_ms"
        case store = "store_ms"
        case associationFiles = "association_files_ms"
        case linkPages = "link_pages_ms"
    }

    /// The stages measured, in order, each in microseconds of the monotonic clock.
    private(set) var stages: [(stage: Stage, microseconds: Int64)] = []

    /// Runs `work` and records how long it took as `stage`, whether it returns or throws.
    mutating func measure<Value, Failure: Error>(_ stage: Stage, _ work: () throws(Failure) -> Value) throws(Failure) -> Value {
        let start = Self.now
        defer { record(stage, since: start) }
        return try work()
    }

    /// The monotonic clock now, for a stage that `record(_:since:)` ends.
    static var now: Int64 { MonotonicClock.microseconds(.fine) }

    /// Records `stage` as lasting from `start` (`now` when it began) until now.
    mutating func record(_ stage: Stage, since start: Int64) {
        stages.append((stage, Self.now - start))
    }

    /// One field per stage measured: its name and milliseconds, to a tenth.
    var logFields: [(String, LogValue)] {
        stages.map { ($0.stage.rawValue, .double(Double($0.microseconds / 100) / 10)) }
    }
}
