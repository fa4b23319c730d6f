import Foundation
import SceneLinkCore
import Testing
@testable import SceneLinkConsole

@Suite struct ConsoleStyleTests {
    @Test func theStyleSheetStaysUnder20KB() {
        #expect(ConsoleStyle.css.utf8.count <= ConsoleStyle.maximumBytes)
    }

    @Test func checkboxesAreNotLaidOutAboveTheirLabels() {
        // Issue 47: every box sat on its own line above its label.
        #expect(ConsoleStyle.css.contains("input[type=checkbox]+label,input[type=radio]+label{display:inline"))
        #expect(!ConsoleStyle.css.contains("main{max-width:70rem"))
    }

    @Test func bothSchemesHaveTheStatusColours() {
        let dark = ConsoleStyle.css.components(separatedBy: "@media (prefers-color-scheme:dark)").dropFirst().first ?? ""
        for name in ["--ok:", "--warn:", "--bad:", "--ok-bg:", "--bad-bg:", "--accent:", "--fg:", "--bg:"] {
            #expect(ConsoleStyle.css.contains(name) && dark.contains(name), "\(name) in light and dark")
        }
    }

    /// The custom properties `--NAME:#RRGGBB` of one `:root{…}` rule.
    private static func colours(in rule: Substring) -> [String: PageColor] {
        var found: [String: PageColor] = [:]
        for declaration in rule.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix("--"), let colour = PageColor(hex: String(parts[1]).trimmingCharacters(in: .whitespaces)) else {
                continue
            }
            found[String(parts[0].dropFirst(2))] = colour
        }
        return found
    }

    @Test func everyTextColourMeetsWCAGAAOnItsBackgroundInLightAndDark() throws {
        let css = ConsoleStyle.css
        let light = try #require(css.range(of: ":root{").map { css[$0.upperBound...].prefix { $0 != "}" } })
        let darkStart = try #require(css.range(of: "@media (prefers-color-scheme:dark){:root{"))
        let dark = css[darkStart.upperBound...].prefix { $0 != "}" }
        // Text on the surface it is drawn on: the page, cards, chips, badges, the banner, buttons.
        let pairs = [("fg", "bg"), ("fg", "card"), ("fg", "card-alt"), ("muted", "bg"), ("muted", "card"), ("muted", "card-alt"),
                     ("accent", "bg"), ("accent", "card"), ("accent", "accent-bg"), ("on-primary", "primary"),
                     ("ok", "ok-bg"), ("warn", "warn-bg"), ("bad", "bad-bg"), ("bad", "card"), ("bad", "bg"),
                     ("fg", "ok-bg"), ("on-ok", "ok"), ("on-bad", "bad")]
        for (scheme, rule) in [("light", light), ("dark", dark)] {
            let colours = Self.colours(in: rule)
            for (text, background) in pairs {
                let a = try #require(colours[text], "--\(text) in \(scheme)"), b = try #require(colours[background], "--\(background) in \(scheme)")
                #expect(a.contrast(with: b) >= PageTheme.minimumContrast, "\(text) on \(background), \(scheme): \(a.contrast(with: b))")
            }
        }
    }
}
