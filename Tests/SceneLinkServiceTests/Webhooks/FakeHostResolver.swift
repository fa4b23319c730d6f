import SceneLinkNetwork
import Synchronization
@testable import SceneLinkService

/// Answers names from a table, as a DNS server under test's control would, and records each question.
final class FakeHostResolver: HostResolver {
    private let answers: [String: [IPAddress]]
    private let asked = Mutex<[String]>([])

    init(_ answers: [String: [String]]) {
        self.answers = answers.mapValues { $0.compactMap({ IPAddress($0) }) }
    }

    /// Every name asked so far, in order.
    var questions: [String] { asked.withLock { $0 } }

    func addresses(of name: String) -> [IPAddress] {
        asked.withLock { $0.append(name) }
        return answers[name] ?? []
    }
}
