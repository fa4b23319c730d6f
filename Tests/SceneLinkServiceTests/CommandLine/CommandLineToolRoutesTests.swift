import Foundation
import Synchronization
import Testing
@testable import SceneLinkService

/// `scenelink check` on the route file's translations and theme.
@Suite struct CommandLineToolRoutesTests {
    private func run(_ arguments: [String]) -> CommandLineRun { CommandLineRun(arguments) }

    @Test func checkReportsUnknownLanguagesAndTranslatedKeysTheRouteLacks() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("check-l10n-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(##"""
        {"app": {"name": "FuelMoney", "schemes": ["fuelmoney"], "pages": {"defaultLanguage": "jp", "theme": {"accent": "#aaccff", "background": "#ffffff", "text": "#000000"}}},
         "routes": [{"name": "settings", "path": "/settings", "push": [],
                     "preview": {"title": "Settings", "localized": {"zh-TW": {"title": "設定"}, "ja": {"titel": "設定", "image": "https://x.example/a.png"}}}}]}
        """##.utf8).write(to: file)
        let result = run(["check", file.path])
        #expect(result.status == 1)
        let lines = result.err.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0.hasPrefix("app.pages.defaultLanguage: Unknown language tag \"jp\"; did you mean \"ja\"?") })
        #expect(lines.contains { $0.hasPrefix("app.pages.theme.accent: The accent #aaccff and the background #ffffff have a contrast of 1.64:1") })
        #expect(lines.contains { $0.hasPrefix(#"routes[0].preview.localized["zh-TW"]: Unknown language tag "zh-TW"; did you mean "zh-Hant"?"#) })
        #expect(lines.contains(#"routes[0].preview.localized.ja.titel: Unknown key "titel"; did you mean "title"? (Keys starting with "x-" are free for notes.)"#))
        #expect(lines.contains { $0.hasPrefix(#"routes[0].preview.localized.ja.image: The route's preview has no "image" to translate; give "preview" an "image""#) })
    }
}
