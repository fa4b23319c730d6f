import Foundation
import SceneLinkCore
import SceneLinkNetwork

extension SceneStateEndpoints {
    /// Session lifetime and storage limits, filled from `scenelink serve` flags.
    public struct Configuration: Sendable, Equatable {
        /// Idle time after which a session and its data are gone (default 30 days; `--session-ttl`).
        public var sessionTimeToLive: Duration
        /// Value size, keys per scene and scenes per session.
        public var limits: SceneStateLimits

        public init(sessionTimeToLive: Duration = .seconds(30 * 24 * 60 * 60), limits: SceneStateLimits = .default) {
            self.sessionTimeToLive = sessionTimeToLive
            self.limits = limits
        }

        /// The TTL in seconds.
        var timeToLiveSeconds: Double { sessionTimeToLive.seconds }

        /// An expiry is rewritten only when it would move forward by more than this: one
        /// minute, or 1% of a TTL shorter than 100 minutes.
        var refreshGranularitySeconds: Double { min(60, timeToLiveSeconds / 100) }

        /// True when renewing the session now would move its expiry forward by more than the granularity.
        func refreshIsDue(_ session: SessionRecord, now: Date) -> Bool {
            now.addingTimeInterval(timeToLiveSeconds).timeIntervalSince(session.expiresAt) > refreshGranularitySeconds
        }

        /// The largest scene document a PUT may send: every key at the size limit in base64
        /// (4/3), with room for keys, content types and JSON punctuation.
        var maximumSceneDocumentBytes: Int {
            let perValue = limits.maximumValueBytes / 3 * 4 + 4 + 512
            let (product, overflow) = perValue.multipliedReportingOverflow(by: max(1, limits.maximumKeysPerScene))
            return overflow ? Int.max / 2 : product + 1_024
        }
    }
}
