import CLibCurl
import Dispatch
import Foundation
import SceneLinkNetwork
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Makes one HTTP attempt with libcurl and answers what came back: the status and the
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
///
/// libcurl itself rather than `URLSession`: FoundationNetworking (Swift 6.3.1, and its 6.4
/// branch) leaks about 110 to 200 bytes of every task, depending on the URL's length, which are
/// never given back. Each task checks that libcurl reads the URL's host as `URL` does, in
/// `CFURLSessionCurlHostIsEqual`, and frees the `CURLU` handle it parses the URL into with
/// `curl_free` instead of `curl_url_cleanup`, so the URL's parts stay allocated
/// (swift-corelibs-foundation fixed it on main in #5498, July 2026). One thread drives a libcurl
/// multi handle, which keeps connections open for the next attempt to the same host.
final class WebhookSender: Sendable {
    /// What an attempt got.
    struct Answer: Sendable {
        var status: Int?
        var retryAfter: String?
        /// Why there is no status (a timeout, a refused connection); nil when there is one.
        var error: String?
        /// The target was refused (a private address, or `http` without `allowPrivate`): nothing was sent.
        var refused = false
    }

    /// One attempt: its easy handle and what has come back so far. Made by `send`, then touched
    /// only on the sender's thread (hence `@unchecked Sendable`), where libcurl's callbacks run.
    private final class Transfer: @unchecked Sendable {
        let handle: UnsafeMutableRawPointer
        let completion: @Sendable (Answer) -> Void
        let admission: WebhookEgressGuard.Admission?
        let maximumResponseBytes: Int
        /// The request's header lines, which libcurl reads until the transfer is cleaned up.
        var headers: UnsafeMutablePointer<curl_slist>?
        /// libcurl's own sentence for a failure (CURLOPT_ERRORBUFFER).
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        var answer = Answer()
        /// `Retry-After` of the response whose header lines are being read.
        var retryAfter: String?
        var received = 0

        init(handle: UnsafeMutableRawPointer, completion: @escaping @Sendable (Answer) -> Void,
             admission: WebhookEgressGuard.Admission?, maximumResponseBytes: Int) {
            self.handle = handle
            self.completion = completion
            self.admission = admission
            self.maximumResponseBytes = maximumResponseBytes
            errorBuffer.initialize(to: 0)
        }

        deinit {
            curl_easy_cleanup(handle)
            curl_slist_free_all(headers)
            errorBuffer.deallocate()
        }

        /// One header line, CRLF included. The first final (not 1xx) response's status is the
        /// answer, known when its header lines end, with the `Retry-After` it carried.
        func header(_ line: String) {
            if line.hasPrefix("HTTP/") {
                retryAfter = nil
            } else if line == "\r\n" || line == "\n" {
                var code = 0
                guard answer.status == nil, clibcurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK,
                      code >= 200 else { return }
                answer.status = code
                answer.retryAfter = retryAfter
            } else if let colon = line.firstIndex(of: ":"),
                      line[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == "retry-after" {
                retryAfter = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
    }

    /// The libcurl multi handle. Used on the sender's thread only, except `curl_multi_wakeup`
    /// (which libcurl allows from any thread) under `state`'s lock; hence `@unchecked Sendable`.
    private struct Multi: @unchecked Sendable {
        let handle: UnsafeMutableRawPointer
    }

    private struct State {
        /// Attempts `send` made, for the sender's thread to start.
        var incoming: [Transfer] = []
        var stopped = false
    }

    /// libcurl's global set-up, done once before the first handle (never cleaned up: other
    /// libcurl users in the process, FoundationNetworking among them, share it).
    private static let globalInit = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    private let state = Mutex(State())
    /// Nil when libcurl could not make one: then every attempt fails saying so.
    private let multi: Multi?
    private let timeout: TimeInterval
    private let maximumResponseBytes: Int
    private let egress: Result<WebhookEgressGuard, SocketError>
    /// Where completions run, one at a time, so a slow one never holds up the transfers.
    private let completions = DispatchQueue(label: "scenelink.webhooks.sender")

    /// Starts the sender's thread, which runs until `stop()`.
    /// - Parameter connectionsPerHost: connections libcurl may open at once to one host: the
    ///   worker's cap on all attempts, so the worker's caps alone decide what is in flight and an
    ///   attempt it starts is sent at once, never queued inside libcurl where its timeout would
    ///   run before it is sent. (libcurl counts receivers on one address, and connections through
    ///   the egress guard, as one host.)
    init(timeout: TimeInterval, maximumResponseBytes: Int, connectionsPerHost: Int,
         egress: Result<WebhookEgressGuard, SocketError> = WebhookEgressGuard.process) {
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
        self.egress = egress
        if Self.globalInit == CURLE_OK, let handle = curl_multi_init() {
            if clibcurl_multi_setopt_long(handle, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, connectionsPerHost)) == CURLM_OK {
                multi = Multi(handle: handle)
            } else {
                // Without the cap attempts could wait inside libcurl past their timeout: none is made.
                _ = curl_multi_cleanup(handle)
                multi = nil
            }
        } else {
            multi = nil
        }
        guard let multi else { return }
        let thread = Thread { [self] in run(multi) }
        thread.name = "scenelink.webhooks.sender"
        thread.start()
    }

    /// Sends `request` (its method, POST unless it names another, its header fields and its body;
    /// the sender's `timeout` applies, not the request's); `completion` is called once, on the
    /// sender's completion queue (or at once when the target is refused before any connection).
    /// - Parameter allowPrivate: `--webhook-allow-private`: private addresses and `http` are allowed.
    func send(_ request: URLRequest, allowPrivate: Bool, completion: @escaping @Sendable (Answer) -> Void) {
        guard !state.withLock({ $0.stopped }) else {
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
        guard let transfer = makeTransfer(request, url: url, admission: admission, completion: completion) else {
            release(admission)
            return completion(Answer(error: "libcurl could not make the request"))
        }
        let started = state.withLock { state -> Bool in
            guard !state.stopped, let multi else { return false }
            state.incoming.append(transfer)
            // Should the wake-up fail, the thread's poll still ends within its second.
            _ = curl_multi_wakeup(multi.handle)
            return true
        }
        if !started {
            release(admission)
            completion(Answer(status: nil, retryAfter: nil, error: "the sender was stopped"))
        }
    }

    /// Cancels every attempt in flight (each answers "cancelled") and refuses new ones; the
    /// sender's thread then ends and cleans up its libcurl handles.
    func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            // Should the wake-up fail, the thread's poll still ends within its second.
            if let multi { _ = curl_multi_wakeup(multi.handle) }
        }
    }

    // MARK: libcurl

    /// An easy handle set up for `request`, or nil when libcurl refuses it.
    private func makeTransfer(_ request: URLRequest, url: URL, admission: WebhookEgressGuard.Admission?,
                              completion: @escaping @Sendable (Answer) -> Void) -> Transfer? {
        guard let handle = curl_easy_init() else { return nil }
        let transfer = Transfer(handle: handle, completion: completion, admission: admission,
                                maximumResponseBytes: maximumResponseBytes)
        var lines = (request.allHTTPHeaderFields ?? [:]).map { "\($0.key): \($0.value)" }
        // Without this libcurl asks for 100 Continue before a body over 1 KB and waits up to a second for it.
        lines.append("Expect:")
        for line in lines {
            guard let appended = curl_slist_append(transfer.headers, line) else { return nil }
            transfer.headers = appended
        }
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        // NUL-terminated, so an empty body has a pointer too; the size excludes the NUL.
        let body = Array(request.httpBody ?? Data()) + [0]
        let method = request.httpMethod ?? "POST"
        var results = [
            clibcurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
            // Never follow: the 3xx itself is the answer (Standard Webhooks: redirects are failures).
            clibcurl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            clibcurl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(timeout * 1000))),
            clibcurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, transfer.errorBuffer),
            clibcurl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, transfer.headers),
            clibcurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context),
            clibcurl_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
                guard let data, let context else { return size * count }
                let line = UnsafeRawBufferPointer(start: data, count: size * count)
                Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().header(String(decoding: line, as: UTF8.self))
                return size * count
            },
            clibcurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context),
            clibcurl_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION) { _, size, count, context in
                guard let context else { return size * count }
                let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
                transfer.received += size * count
                // The status is known; the rest of an oversized body is not read (taking less ends the transfer).
                return transfer.received > transfer.maximumResponseBytes ? 0 : size * count
            },
            clibcurl_easy_setopt_long(handle, CURLOPT_POST, 1),
            clibcurl_easy_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count - 1)),
            body.withUnsafeBytes { clibcurl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) },
            url.absoluteString.withCString { clibcurl_easy_setopt_pointer(handle, CURLOPT_URL, $0) },
        ]
        if method != "POST" {
            results.append(method.withCString { clibcurl_easy_setopt_pointer(handle, CURLOPT_CUSTOMREQUEST, $0) })
        }
        return results.allSatisfy { $0 == CURLE_OK } ? transfer : nil
    }

    /// The sender's thread: starts what `send` handed over, moves every transfer on, finishes
    /// those that are done, and sleeps until a socket or timer of libcurl's is due or `send` or
    /// `stop` wakes it.
    private func run(_ multi: Multi) {
        var active: [UnsafeMutableRawPointer: Transfer] = [:]
        while true {
            let (incoming, stopped) = state.withLock { state in
                defer { state.incoming.removeAll() }
                return (state.incoming, state.stopped)
            }
            for transfer in incoming {
                if curl_multi_add_handle(multi.handle, transfer.handle) == CURLM_OK {
                    active[transfer.handle] = transfer
                } else {
                    finish(transfer, CURLE_FAILED_INIT)
                }
            }
            if stopped { break }
            var running: Int32 = 0
            let performed = curl_multi_perform(multi.handle, &running)
            if performed != CURLM_OK {
                // The multi handle itself failed (out of memory): every attempt in it ends with why.
                let why = "libcurl failed: " + (curl_multi_strerror(performed).map { String(cString: $0) } ?? "\(performed.rawValue)")
                for transfer in active.values { end(transfer, in: multi, result: CURLE_FAILED_INIT, reason: why) }
                active.removeAll()
            }
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi.handle, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                      let transfer = active.removeValue(forKey: handle) else { continue }
                // Read before the handle is removed, which frees the message.
                end(transfer, in: multi, result: clibcurl_message_result(message))
            }
            if curl_multi_poll(multi.handle, nil, 0, 1000, nil) != CURLM_OK {
                // Nothing to wait on was usable: wait a little rather than spin.
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        for transfer in active.values { end(transfer, in: multi, result: CURLE_ABORTED_BY_CALLBACK) }
        active.removeAll()
        // It answers an error only for a handle that is not a multi handle; there is nothing to undo.
        _ = curl_multi_cleanup(multi.handle)
    }

    /// Takes a transfer out of the multi handle and answers it. A removal that fails leaves the
    /// handle attached, and `curl_easy_cleanup` (when the transfer goes) detaches it then.
    private func end(_ transfer: Transfer, in multi: Multi, result: CURLcode, reason: String? = nil) {
        _ = curl_multi_remove_handle(multi.handle, transfer.handle)
        finish(transfer, result, reason: reason)
    }

    /// Answers a transfer that ended with `result` (`reason`, when given, says why instead of libcurl).
    private func finish(_ transfer: Transfer, _ result: CURLcode, reason: String? = nil) {
        var answer = transfer.answer
        let outcome = release(transfer.admission)
        if answer.status == nil {
            // The guard knows why a tunnel was not made; libcurl only that its SOCKS5 request failed.
            answer.error = outcome?.refusal ?? outcome?.failure
                ?? reason ?? (result == CURLE_OK ? "no HTTP answer" : Self.describe(result, String(cString: transfer.errorBuffer)))
            answer.refused = outcome?.refusal != nil
        }
        let completion = transfer.completion, answered = answer
        completions.async { completion(answered) }
    }

    /// Ends an attempt's admission to the egress guard, answering what became of its tunnels.
    @discardableResult
    private func release(_ admission: WebhookEgressGuard.Admission?) -> WebhookEgressGuard.Outcome? {
        admission.flatMap { admission in try? egress.get().release(admission) }
    }

    /// A short reason for a failed attempt, without the URL (it is the endpoint's, shown beside):
    /// libcurl's result, and its own sentence (`detail`) for the rest.
    private static func describe(_ result: CURLcode, _ detail: String) -> String {
        switch result {
        case CURLE_OPERATION_TIMEDOUT: return "timed out"
        case CURLE_COULDNT_CONNECT: return "connection refused"
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return "host not found"
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: return "connection lost"
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE,
             CURLE_SSL_ISSUER_ERROR:
            return "TLS failed"
        case CURLE_ABORTED_BY_CALLBACK: return "cancelled"
        default:
            let said = detail.isEmpty ? curl_easy_strerror(result).map { String(cString: $0) } ?? "" : detail
            return said.isEmpty ? "network error \(result.rawValue)" : "network error \(result.rawValue): \(said)"
        }
    }
}
