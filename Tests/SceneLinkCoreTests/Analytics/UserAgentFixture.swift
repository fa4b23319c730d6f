import Foundation
import SceneLinkCore

/// One row of Fixtures/user-agents.json: a real `User-Agent` and how it must read.
struct UserAgentFixture: Decodable, CustomStringConvertible {
    let userAgent: String?
    let `class`: String
    let platform: String
    let browser: String
    let previewer: String?
    /// Where a row's string could not be checked against a public log.
    let note: String?

    var expected: UserAgentReading? {
        guard let visitClass = VisitClass(rawValue: `class`), let platform = VisitPlatform(rawValue: platform),
              let browser = BrowserFamily(rawValue: browser) else { return nil }
        if let previewer {
            guard let named = Previewer(rawValue: previewer) else { return nil }
            return UserAgentReading(visitClass: visitClass, platform: platform, browser: browser, previewer: named)
        }
        return UserAgentReading(visitClass: visitClass, platform: platform, browser: browser)
    }

    var description: String { userAgent.map { "\"\($0)\"" } ?? "no User-Agent" }

    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/user-agents.json")

    static func all() throws -> [UserAgentFixture] {
        try JSONDecoder().decode([UserAgentFixture].self, from: Data(contentsOf: url))
    }
}
