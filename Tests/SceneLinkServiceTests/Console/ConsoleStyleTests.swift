import Foundation
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
}
