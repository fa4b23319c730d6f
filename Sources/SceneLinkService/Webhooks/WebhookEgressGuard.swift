import Dispatch
import Foundation
import SceneLinkNetwork
import Synchronization
#if canImport(Glibc)
import Glibc
import SceneLinkOperations
#endif

/// The one way webhook attempts over https leave the process: a SOCKS5 proxy on `127.0.0.1`
/// (RFC 1928, `socks5h`: the client sends the host name, the guard resolves it) that resolves the
/// name once, refuses it when any address is not public (unless the attempt allows private ones),
/// and connects to exactly one of the addresses it checked. So the address checked is the address
/// connected to, and a name that answers a public address first and `127.0.0.1` next (DNS
/// rebinding) cannot reach the server's own network.
///
/// libcurl, which sends the attempts (`WebhookSender`), reads its proxy from the `https_proxy`
/// environment variable, so the guard is the process's (`WebhookEgressGuard.process`, which sets it). Only destinations an attempt in flight
/// has admitted (`admit(host:port:allowPrivate:)`) are served: any other CONNECT is refused.
///
/// TLS stays end to end: the guard relays bytes, and libcurl verifies the receiver's certificate
/// against the URL's host name through the tunnel. Each tunnel has its own thread, buffers of
/// `bufferBytes` each way, and is closed after `idleTimeout` without a byte either way.
///
/// ```swift
/// let egress = try WebhookEgressGuard(resolver: SystemHostResolver())
/// let admission = egress.admit(host: "hooks.example.com", port: 443, allowPrivate: false)
/// // … libcurl sends through socks5h://127.0.0.1:\(egress.port) …
/// let outcome = egress.release(admission)  // why a tunnel was refused or failed, if it was
/// ```
final class WebhookEgressGuard: Sendable {
    /// Limits of the guard; the defaults are the service's.
    struct Configuration: Sendable {
        /// How long a client may take to ask, and a destination to accept the connection.
        var connectTimeout: TimeInterval = 15
        /// A tunnel with no byte either way for this long is closed.
        var idleTimeout: TimeInterval = 30
        /// Bytes buffered in each direction of a tunnel.
        var bufferBytes = 16 * 1024
        /// Tunnels open at once; further connections are closed at once.
        var maximumTunnels = 512
    }

    /// A destination one attempt may reach, until it is released.
    struct Admission: Hashable, Sendable {
        fileprivate let id: UInt64
        fileprivate let key: String
    }

    /// What became of an admission's tunnels.
    struct Outcome: Equatable, Sendable {
        /// Why the guard refused the destination (a private address), as a sentence; nil if it did not.
        var refusal: String?
        /// Why a tunnel could not be made (no such host, connection refused), as a sentence.
        var failure: String?
    }

    private struct Entry {
        var allowPrivate: Bool
        var outcome = Outcome()
    }

    private struct State {
        var nextID: UInt64 = 0
        var admissions: [String: [UInt64: Entry]] = [:]
        var tunnels = 0
        var listener: DispatchSourceBox?
    }

    /// The port the guard listens on, at 127.0.0.1.
    let port: Int
    let configuration: Configuration
    private let resolver: any HostResolver
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "scenelink.webhooks.egress")

    /// Listens on 127.0.0.1 at a port the kernel chooses.
    /// - Throws: `SocketError` when the listener cannot be made.
    init(resolver: any HostResolver, configuration: Configuration = Configuration()) throws(SocketError) {
        self.resolver = resolver
        self.configuration = configuration
        let listener = try Socket.listen(host: "127.0.0.1", port: 0, backlog: 128)
        port = try listener.localPort()
        let source = DispatchSource.makeReadSource(fileDescriptor: listener.fd, queue: queue)
        source.setEventHandler { [weak self] in self?.acceptWaiting(on: listener) }
        source.setCancelHandler { listener.close() }
        state.withLock { $0.listener = DispatchSourceBox(source: source) }
        source.resume()
    }

    deinit {
        stop()
    }

    /// Stops listening; tunnels already open run to their end.
    func stop() {
        state.withLock { state in
            state.listener?.source.cancel()
            state.listener = nil
        }
    }

    /// Lets one attempt reach `host` and `port` until `release`: a CONNECT to them is served,
    /// private addresses only if `allowPrivate` (and every other attempt admitted to the same
    /// destination allows them too).
    func admit(host: String, port: Int, allowPrivate: Bool) -> Admission {
        let key = Self.key(host: host, port: port)
        return state.withLock { state in
            state.nextID += 1
            state.admissions[key, default: [:]][state.nextID] = Entry(allowPrivate: allowPrivate)
            return Admission(id: state.nextID, key: key)
        }
    }

    /// Ends an admission and answers what became of its tunnels.
    @discardableResult
    func release(_ admission: Admission) -> Outcome {
        state.withLock { state in
            let entry = state.admissions[admission.key]?.removeValue(forKey: admission.id)
            if state.admissions[admission.key]?.isEmpty == true { state.admissions[admission.key] = nil }
            return entry?.outcome ?? Outcome()
        }
    }

    /// The sentence for a refused private destination (the one registration uses too).
    static func privateMessage(_ host: String, _ address: IPAddress) -> String {
        "The host \(host) resolves to \(address), a loopback, private, link-local or multicast address; webhooks go to "
            + "public addresses only (run scenelink with --webhook-allow-private to allow private ones)."
    }

    /// Admissions and CONNECTs meet on this: an IP literal in its canonical text, a name in lower case.
    static func key(host: String, port: Int) -> String {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if let address = IPAddress(name) { return "\(address) \(port)" }
        return "\(name.lowercased()) \(port)"
    }

    // MARK: - Tunnels

    private func acceptWaiting(on listener: Socket) {
        while true {
            let client: Socket
            switch listener.accept() {
            case .accepted(let socket, _):
                client = socket
            case .retry:
                continue
            case .outOfDescriptors:
                // The connection stays queued and the source fires again at once, so pause rather than spin.
                Thread.sleep(forTimeInterval: 0.05)
                return
            case .wouldBlock, .failed:
                return
            }
            let admitted = state.withLock { state -> Bool in
                guard state.tunnels < configuration.maximumTunnels else { return false }
                state.tunnels += 1
                return true
            }
            guard admitted else { continue }  // closed by deinit: the client sees the connection end
            let thread = Thread { [self] in
                serve(client)
                client.close()
                state.withLock { $0.tunnels -= 1 }
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
    }

    /// Reads the greeting and the CONNECT, checks and connects, answers, then relays.
    private func serve(_ client: Socket) {
        let deadline = Deadline.after(.milliseconds(Int64(configuration.connectTimeout * 1000)))
        let target: Socket
        do throws(SocketError) {
            var greeting = try client.read(exactly: 2, before: deadline)
            guard greeting[0] == 5 else { return }  // not SOCKS5: nothing to answer in its language
            greeting += try client.read(exactly: Int(greeting[1]), before: deadline)
            guard SOCKS5Request.offersNoAuthentication(greeting) else {
                return try client.write([5, 0xff], before: deadline)
            }
            try client.write([5, 0], before: deadline)
            var bytes = try client.read(exactly: 5, before: deadline)
            if let length = SOCKS5Request.length(of: bytes) {
                bytes += try client.read(exactly: length - 5, before: deadline)
            }
            let request: SOCKS5Request
            do throws(SOCKS5Request.Failure) {
                request = try SOCKS5Request(bytes: bytes)
            } catch {
                return try client.write(error.reply.bytes, before: deadline)
            }
            switch connect(request, deadline: deadline, client: client) {
            case .success(let connected):
                target = connected
            case .failure(let refusal):
                return try client.write(refusal.reply.bytes, before: deadline)
            }
            try client.write(SOCKS5Reply.succeeded.bytes, before: deadline)
        } catch {
            return
        }
        Socket.relay(between: client, and: target, bufferBytes: configuration.bufferBytes,
                     idleTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000)))
        target.close()
    }

    /// Why a CONNECT is not served: a sentence for the admissions' outcome, and the SOCKS5 reply.
    private struct Refusal: Error {
        let description: String
        let reply: SOCKS5Reply
    }

    /// Resolves, checks and connects, recording a refusal or failure on the destination's admissions.
    private func connect(_ request: SOCKS5Request, deadline: Deadline, client: Socket) -> Result<Socket, Refusal> {
        let host: String = switch request.destination {
        case .address(let address): address.description
        case .name(let name): name
        }
        let key = Self.key(host: host, port: request.port)
        let allowPrivate: Bool? = state.withLock { state in
            guard let entries = state.admissions[key], !entries.isEmpty else { return nil }
            return entries.values.allSatisfy(\.allowPrivate)
        }
        guard let allowPrivate else {
            return .failure(Refusal(description: "No webhook attempt in flight asked for \(host) port \(request.port).", reply: .notAllowed))
        }
        let addresses: [IPAddress] = switch request.destination {
        case .address(let address): [address]
        case .name(let name): (try? resolver.addresses(of: name)) ?? []
        }
        guard !addresses.isEmpty else {
            return record(key, Refusal(description: "The host \(host) does not resolve.", reply: .hostUnreachable), refused: false)
        }
        if !allowPrivate, let address = addresses.first(where: { !$0.isPublic }) {
            return record(key, Refusal(description: Self.privateMessage(host, address), reply: .notAllowed), refused: true)
        }
        var last = Refusal(description: "The host \(host) has no address to connect to.", reply: .hostUnreachable)
        for address in addresses {
            do throws(SocketError) {
                return .success(try Socket.connect(to: address, port: request.port, before: deadline, watching: client))
            } catch {
                last = Self.refusal(connecting: address, port: request.port, error)
                if error.isTimeout || deadline.hasPassed { break }
            }
        }
        return record(key, last, refused: false)
    }

    /// The outcome's sentence and the SOCKS5 reply for a connection that could not be made.
    private static func refusal(connecting address: IPAddress, port: Int, _ error: SocketError) -> Refusal {
        if error.code == ETIMEDOUT {
            return Refusal(description: "\(address) port \(port) did not accept a connection in time.", reply: .timedOut)
        }
        if error.code == ECONNABORTED {
            return Refusal(description: "The client left before the connection was made.", reply: .generalFailure)
        }
        let reply: SOCKS5Reply = switch error.code {
        case ECONNREFUSED: .connectionRefused
        case EHOSTUNREACH, ENETUNREACH: .hostUnreachable
        default: .generalFailure
        }
        return Refusal(description: "Connecting to \(address) port \(port) failed: \(error.message).", reply: reply)
    }

    private func record(_ key: String, _ refusal: Refusal, refused: Bool) -> Result<Socket, Refusal> {
        state.withLock { state in
            for id in state.admissions[key]?.keys.map({ $0 }) ?? [] {
                if refused {
                    state.admissions[key]?[id]?.outcome.refusal = refusal.description
                } else {
                    state.admissions[key]?[id]?.outcome.failure = refusal.description
                }
            }
        }
        return .failure(refusal)
    }
}
