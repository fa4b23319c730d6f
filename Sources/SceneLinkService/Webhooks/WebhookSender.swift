import Foundation
import SceneLinkNetwork
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Makes one HTTP attempt through `URLSession` and answers what came back: the status and the
/// `Retry-After` header, or why there was no answer. Never follows a redirect (a 3xx is the
/// answer), reads at most `maximumResponseBytes` of a body (then stops reading), and gives up
/// after `timeout`, connecting included.
///
/// Where it connects: an `https` attempt goes through `egress`, the process's
/// `WebhookEgressGuard`, which resolves the host once, refuses it when an address is not public
/// (unless `allowPrivate`) and connects to exactly the address it checked; libcurl reaches it
/// through `https_proxy`. An `http` attempt is made only when `allowPrivate` (the only case where
/// registration accepts `http`), and then directly: with private addresses allowed there is no
/// address rule left to pin.
final class WebhookSender: NSObject, URLSessionDataDelegate, Sendable {
    /// What an attempt got.
    struct Answer: Sendable {
        var status: Int?
        var retryAfter: String?
        /// Why there is no status (a timeout, a refused connection); nil when there is one.
        var error: String?
        /// The target was refused (a private address, or `http` without `allowPrivate`): nothing was sent.
        var refused = false
    }

    private struct Pending {
        let completion: @Sendable (Answer) -> Void
        let admission: WebhookEgressGuard.Admission?
        var answer = Answer()
        var received = 0
    }

    private let pending = Mutex<[Int: Pending]>([:])
    private let maximumResponseBytes: Int
    private let session = Mutex<URLSession?>(nil)
    private let egress: Result<WebhookEgressGuard, SocketError>

    /// - Parameter connectionsPerHost: connections the session may open at once to one host: the
    ///   worker's cap on all attempts, so the worker's caps alone decide what is in flight and an
    ///   attempt it starts is sent at once, never queued inside the session where its timeout
    ///   would run before it is sent. (URLSession's default is 6, and libcurl counts receivers on
    ///   one address, and connections through the egress guard, as one host.)
    init(timeout: TimeInterval, maximumResponseBytes: Int, connectionsPerHost: Int,
         egress: Result<WebhookEgressGuard, SocketError> = WebhookEgressGuard.process) {
        self.maximumResponseBytes = maximumResponseBytes
        self.egress = egress
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = max(1, connectionsPerHost)
        let created = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        session.withLock { $0 = created }
    }

    /// Sends `request`; `completion` is called once, on a session thread (or at once when the
    /// target is refused before any connection).
    /// - Parameter allowPrivate: `--webhook-allow-private`: private addresses and `http` are allowed.
    func send(_ request: URLRequest, allowPrivate: Bool, completion: @escaping @Sendable (Answer) -> Void) {
        guard let session = session.withLock({ $0 }) else {
            return completion(Answer(status: nil, retryAfter: nil, error: "the sender was stopped"))
        }
        guard let url = request.url, let host = url.host, !host.isEmpty else {
            return completion(Answer(error: "the endpoint's url is invalid", refused: true))
        }
        var admission: WebhookEgressGuard.Admission?
        switch url.scheme?.lowercased() {
        case "https":
            switch egress {
            case .failure(let failure):
                return completion(Answer(error: "the egress guard is not running: \(failure.description)"))
            case .success(let egress):
                guard egress.routesProcessHTTPS else {
                    return completion(Answer(error: "https_proxy no longer points at the egress guard (or no_proxy is set), "
                                             + "so nothing is sent; restart scenelink without changing them"))
                }
                admission = egress.admit(host: host, port: url.port ?? 443, allowPrivate: allowPrivate)
            }
        case "http" where allowPrivate:
            admission = nil
        default:
            return completion(Answer(error: "The url must be https (http is sent only when scenelink runs with "
                                     + "--webhook-allow-private).", refused: true))
        }
        let task = session.dataTask(with: request)
        pending.withLock { $0[task.taskIdentifier] = Pending(completion: completion, admission: admission) }
        task.resume()
    }

    /// Sessions of stopped senders, kept for the life of the process (see `stop()`).
    private static let retired = Mutex<[URLSession]>([])

    /// Cancels every attempt in flight and refuses new ones.
    ///
    /// The session is not invalidated and never deallocated: on Linux, FoundationNetworking's
    /// teardown of a session (`invalidateAndCancel`, or the last release of its libcurl multi
    /// handle) races the cancellation of the DispatchSources it watches libcurl's sockets with,
    /// and now and then crashes libdispatch's manager thread (swift-corelibs-foundation #4791,
    /// #5469). A process makes one sender per application, so keeping a stopped one's idle session
    /// costs one idle libcurl handle.
    func stop() {
        let stopped = session.withLock { session -> URLSession? in
            defer { session = nil }
            return session
        }
        guard let stopped else { return }
        stopped.getAllTasks { tasks in tasks.forEach { $0.cancel() } }
        Self.retired.withLock { $0.append(stopped) }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // Never follow: the 3xx itself is the answer (Standard Webhooks: redirects are failures).
        record(task, response)
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        record(dataTask, response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooMuch = pending.withLock { pending -> Bool in
            guard var entry = pending[dataTask.taskIdentifier] else { return false }
            entry.received += data.count
            pending[dataTask.taskIdentifier] = entry
            return entry.received > maximumResponseBytes
        }
        // The status is known; the rest of an oversized body is not read.
        if tooMuch { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        var answer = entry.answer
        let outcome = entry.admission.flatMap { admission in try? egress.get().release(admission) }
        if answer.status == nil {
            // The guard knows why a tunnel was not made; libcurl only that its SOCKS5 request failed.
            answer.error = outcome?.refusal ?? outcome?.failure ?? error.map(Self.describe) ?? "no HTTP answer"
            answer.refused = outcome?.refusal != nil
        }
        entry.completion(answer)
    }

    private func record(_ task: URLSessionTask, _ response: URLResponse) {
        guard let http = response as? HTTPURLResponse else { return }
        pending.withLock { pending in
            guard pending[task.taskIdentifier]?.answer.status == nil else { return }
            pending[task.taskIdentifier]?.answer.status = http.statusCode
            pending[task.taskIdentifier]?.answer.retryAfter = http.value(forHTTPHeaderField: "Retry-After")
        }
    }

    /// A short reason for a failed attempt, without the URL (it is the endpoint's, shown beside).
    private static func describe(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return "\(error)" }
        switch urlError.code {
        case .timedOut: return "timed out"
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .networkConnectionLost: return "connection lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "TLS failed"
        case .cancelled: return "cancelled"
        default:
            // FoundationNetworking reports many libcurl failures (certificate name mismatch among
            // them) as code -1, with libcurl's own sentence as the description.
            let said = urlError.userInfo[NSLocalizedDescriptionKey] as? String
            return said.map { "network error \(urlError.code.rawValue): \($0)" } ?? "network error \(urlError.code.rawValue)"
        }
    }
}
