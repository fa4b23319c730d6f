import Dispatch
import Foundation
import SceneLinkCore
import SceneLinkNetwork
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
import SceneLinkOperations
#endif

/// Sends the outbox's due deliveries, signed the Standard Webhooks way, and records each
/// attempt in the store, so delivery keeps going across restarts and instances.
///
/// Every `pollInterval` it claims due deliveries (up to `maximumInFlight` attempts at once, over
/// all endpoints, and `maximumInFlightPerEndpoint` to any one endpoint) and starts each at once,
/// concurrently: a slow endpoint holds only its own attempts, each for at most `timeout`, and
/// never more than its share of the slots, so its backlog cannot delay other endpoints. The
/// per-endpoint count is passed into the claim, so a delivery is leased only when it is sent now.
/// Both caps are per instance. An https attempt connects through the process's
/// `WebhookEgressGuard`, which resolves the host, refuses it if any address is private (unless
/// `allowPrivate`) and connects to exactly the address it checked. Outcomes:
///
/// - 2xx: delivered.
/// - 410 Gone: failed, and the endpoint is disabled.
/// - anything else (another status, a redirect, a timeout, no answer): the next attempt per
///   `WebhookRetrySchedule` (a 429, 502 or 504 with `Retry-After` waits at least that long); after
///   the last attempt, failed and the endpoint disabled.
///
/// Every attempt carries the same `webhook-id` (the message id), a fresh `webhook-timestamp`
/// and a `webhook-signature` with every secret that signs at that moment.
public final class WebhookDeliveryWorker: Sendable {
    private struct State {
        var inFlight = 0
        /// Attempts in flight by endpoint id (endpoints with none are absent).
        var inFlightByEndpoint: [String: Int] = [:]
        var polling = false
        var trimming = false
        /// The poll's timer and the outbox trim's, until `stop()`.
        var timers: [DispatchSourceBox] = []
        var stopped = false
    }

    private let store: any WebhookStore
    private let configuration: WebhookConfiguration
    private let metrics: WebhookMetrics
    private let logger: Logger?
    private let sender: WebhookSender
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "scenelink.webhooks")

    public init(store: any WebhookStore, configuration: WebhookConfiguration, metrics: WebhookMetrics,
                logger: Logger? = nil) {
        self.store = store
        self.configuration = configuration
        self.metrics = metrics
        self.logger = logger
        sender = WebhookSender(timeout: configuration.timeout.seconds,
                               maximumResponseBytes: configuration.maximumResponseBytes,
                               connectionsPerHost: configuration.maximumInFlight)
        if case .failure(let failure) = WebhookEgressGuard.process {
            // No https attempt can be made (each fails with this sentence); say so once, at startup.
            logger?.log(.error, "webhook-egress-guard-failed", [("error", .string(failure.description))])
        }
    }

    /// Starts polling.
    public func start() {
        let timers = [
            timer(every: configuration.pollInterval, firstNow: true, leeway: .milliseconds(20)) { [weak self] in self?.poll() },
            timer(every: configuration.trimInterval, firstNow: false, leeway: .milliseconds(100)) { [weak self] in self?.trim() },
        ]
        state.withLock { $0.timers = timers }
        for timer in timers { timer.source.resume() }
    }

    /// A suspended timer on the worker's queue calling `handler` every `interval` (at least 10 ms),
    /// the first time at once when `firstNow`, else after one interval.
    private func timer(every interval: Duration, firstNow: Bool, leeway: DispatchTimeInterval,
                       _ handler: @escaping @Sendable () -> Void) -> DispatchSourceBox {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let repeating = DispatchTimeInterval.milliseconds(max(10, Int(interval.milliseconds)))
        timer.schedule(deadline: firstNow ? .now() : .now() + repeating, repeating: repeating, leeway: leeway)
        timer.setEventHandler(handler: handler)
        return DispatchSourceBox(source: timer)
    }

    /// Stops claiming and cancels attempts in flight; their deliveries stay leased and are
    /// attempted again (same id) once the lease ends, by this instance after a restart or by another.
    public func stop() {
        let timers = state.withLock { state -> [DispatchSourceBox] in
            state.stopped = true
            defer { state.timers = [] }
            return state.timers
        }
        for timer in timers { timer.source.cancel() }
        sender.stop()
    }

    private func poll() {
        let claim: (limit: Int, cap: WebhookEndpointCap)? = state.withLock { state in
            guard !state.stopped, !state.polling, state.inFlight < configuration.maximumInFlight else { return nil }
            state.polling = true
            return (configuration.maximumInFlight - state.inFlight,
                    WebhookEndpointCap(maximumPerEndpoint: configuration.maximumInFlightPerEndpoint,
                                       inFlight: state.inFlightByEndpoint))
        }
        guard let (limit, cap) = claim else { return }
        let now = Date()
        store.claimWebhookDeliveries(now: now, leaseUntil: now.addingTimeInterval(configuration.lease), limit: limit,
                                     cap: cap) { result in
            let claimed: [WebhookDispatch]
            switch result {
            case .success(let found): claimed = found
            case .failure(let error):
                claimed = []
                self.logger?.log(.warning, "webhook-claim-failed", [("error", .string(error.description))])
            }
            self.state.withLock { state in
                state.polling = false
                state.inFlight += claimed.count
                for dispatch in claimed { state.inFlightByEndpoint[dispatch.endpoint.id, default: 0] += 1 }
            }
            for dispatch in claimed { self.attempt(dispatch) }
            // A full batch: more may be due; look again without waiting for the timer.
            if claimed.count == limit { self.queue.async { self.poll() } }
        }
    }

    /// Keeps every endpoint's outbox within `outboxLimit`; says so when events were dropped.
    private func trim() {
        let start = state.withLock { state -> Bool in
            guard !state.stopped, !state.trimming else { return false }
            state.trimming = true
            return true
        }
        guard start else { return }
        store.trimWebhookOutbox(limit: configuration.outboxLimit) { result in
            self.state.withLock { $0.trimming = false }
            switch result {
            case .success(let trim):
                self.metrics.recordDropped(trim.droppedTotal)
                for (endpoint, dropped) in trim.dropped.sorted(by: { $0.key < $1.key }) {
                    self.logger?.log(.warning, "webhook-events-dropped", [
                        ("endpoint", .string(endpoint)), ("dropped", .int(dropped)),
                        ("outbox_limit", .int(self.configuration.outboxLimit)),
                    ])
                }
            case .failure(let error):
                self.logger?.log(.warning, "webhook-trim-failed", [("error", .string(error.description))])
            }
        }
    }

    private func attempt(_ dispatch: WebhookDispatch) {
        DispatchQueue.global().async {
            guard let url = URL(string: dispatch.endpoint.url), url.host != nil else {
                return self.finish(dispatch, .init(status: nil, retryAfter: nil, error: "the endpoint's url is invalid"), refused: true)
            }
            let now = Date()
            let body = Array(dispatch.delivery.event.payload.utf8)
            let timestamp = Int64(now.timeIntervalSince1970)
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("SceneLink-Webhooks/\(SceneLinkVersion.current)", forHTTPHeaderField: "User-Agent")
            request.setValue(dispatch.delivery.event.id, forHTTPHeaderField: "webhook-id")
            request.setValue(String(timestamp), forHTTPHeaderField: "webhook-timestamp")
            request.setValue(WebhookSignature.header(id: dispatch.delivery.event.id, timestamp: timestamp, body: body,
                                                     secrets: dispatch.endpoint.signingSecrets(at: now)),
                             forHTTPHeaderField: "webhook-signature")
            request.httpBody = Data(body)
            self.sender.send(request, allowPrivate: self.configuration.allowPrivate) { answer in
                self.finish(dispatch, answer, refused: answer.refused)
            }
        }
    }

    /// Records the attempt's outcome and frees its slot.
    private func finish(_ dispatch: WebhookDispatch, _ answer: WebhookSender.Answer, refused: Bool) {
        let now = Date()
        let outcome = Self.outcome(of: answer, attempts: dispatch.delivery.attempts, schedule: configuration.retrySchedule, now: now)
        switch outcome {
        case .delivered: metrics.record(.delivered)
        case .retry: metrics.record(refused ? .refused : .retried)
        case .failed: metrics.record(refused ? .refused : .failed)
        }
        if case .failed(_, let error, true) = outcome {
            logger?.log(.warning, "webhook-endpoint-disabled", [("endpoint", .string(dispatch.endpoint.id)),
                                                                ("reason", .string(error))])
        }
        store.recordWebhookAttempt(sequence: dispatch.delivery.sequence, outcome: outcome, at: now) { result in
            if case .failure(let error) = result {
                self.logger?.log(.warning, "webhook-record-failed", [("error", .string(error.description))])
            }
            let room = self.state.withLock { state in
                state.inFlight -= 1
                let endpointID = dispatch.endpoint.id
                let left = (state.inFlightByEndpoint[endpointID] ?? 1) - 1
                state.inFlightByEndpoint[endpointID] = left > 0 ? left : nil
                return state.inFlight <= self.configuration.maximumInFlight / 2
            }
            // Half the slots free: claim more now rather than at the next tick, so a backlog
            // drains at the receivers' pace, not at maximumInFlight per poll interval.
            if room { self.queue.async { self.poll() } }
        }
    }

    /// What to record for an attempt that got `answer`, the `attempts`-th of its delivery.
    static func outcome(of answer: WebhookSender.Answer, attempts: Int, schedule: WebhookRetrySchedule,
                        now: Date) -> WebhookAttemptOutcome {
        if let status = answer.status, (200..<300).contains(status) { return .delivered(status: status) }
        if answer.status == 410 {
            return .failed(status: 410, error: "HTTP 410 Gone: the receiver asked for no more deliveries", disableEndpoint: true)
        }
        let error = answer.status.map { "HTTP \($0)" } ?? answer.error ?? "no HTTP answer"
        var retryAfter: TimeInterval?
        if let status = answer.status, [429, 502, 504].contains(status), let text = answer.retryAfter {
            retryAfter = Self.retryAfterSeconds(text, now: now)
        }
        guard let next = schedule.nextAttempt(after: attempts, at: now, retryAfter: retryAfter) else {
            // One sentence: the reason's own full stop gives way to the attempt count.
            let reason = error.hasSuffix(".") ? String(error.dropLast()) : error
            return .failed(status: answer.status, error: "\(reason) on the last of \(schedule.delays.count) attempts",
                           disableEndpoint: true)
        }
        return .retry(nextAttemptAt: next, status: answer.status, error: error)
    }

    /// `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date; nil when neither.
    static func retryAfterSeconds(_ text: String, now: Date) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return TimeInterval(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
