import Foundation
import Testing

@Suite("README prerequisites")
struct ReadmePrerequisitesTests {
    /// The packages of every `providers: [.apt([...])]` in Package.swift (`.brew([` for Homebrew's).
    static func aptProviders(in manifest: String, manager: String = "apt") -> Set<String> {
        var packages = Set<String>()
        var rest = manifest[...]
        while let start = rest.range(of: ".\(manager)([") {
            rest = rest[start.upperBound...]
            guard let end = rest.range(of: "])") else { break }
            for item in rest[..<end.lowerBound].split(separator: ",") {
                let name = item.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                if !name.isEmpty { packages.insert(name) }
            }
            rest = rest[end.upperBound...]
        }
        return packages
    }

    /// The packages of the README's install line (`apt-get install` or `brew install`) under "## Quick start".
    static func installLine(in readme: String, command: String = "apt-get install") -> Set<String>? {
        guard let section = readme.range(of: "## Quick start") else { return nil }
        let lines = readme[section.upperBound...].split(separator: "\n")
        guard let line = lines.first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(command) }) else {
            return nil
        }
        return Set(line.split(separator: " ").dropFirst(2).map(String.init).filter { !$0.hasPrefix("-") })
    }

    @Test("the README's install lines name exactly the apt and Homebrew packages Package.swift's system libraries need")
    func installLineMatchesThePackage() throws {
        let root = SceneLinkApplicationTests.repositoryRoot
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let needed = Self.aptProviders(in: manifest)
        #expect(needed.contains("libsqlite3-dev") && needed.contains("libpq-dev") && needed.contains("libcurl4-openssl-dev"))
        #expect(Self.installLine(in: readme) == needed, "README.md's 'apt-get install' line under '## Quick start' must list \(needed.sorted())")
        let brewed = Self.aptProviders(in: manifest, manager: "brew")
        #expect(brewed == ["sqlite", "libpq", "curl"])
        // pkg-config is how SwiftPM finds them, so the Mac line installs it too.
        #expect(Self.installLine(in: readme, command: "brew install") == brewed.union(["pkg-config"]),
                "README.md's 'brew install' line under '## Quick start' must list pkg-config and \(brewed.sorted())")
    }

    @Test("LICENSE is the Apache License 2.0, and Package.swift and the README name it by its SPDX id")
    func license() throws {
        let root = SceneLinkApplicationTests.repositoryRoot
        let license = try String(contentsOf: root.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(license.contains("END OF TERMS AND CONDITIONS"))
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("// SPDX-License-Identifier: Apache-2.0"))
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("Apache-2.0") && readme.contains("[LICENSE](LICENSE)"))
    }

    @Test("the comparison notices a package missing from the README")
    func noticesDrift() {
        let manifest = #"providers: [.apt(["libsqlite3-dev"])] … providers: [.apt(["libpq-dev", "zlib1g-dev"])]"#
        #expect(Self.aptProviders(in: manifest) == ["libsqlite3-dev", "libpq-dev", "zlib1g-dev"])
        let readme = "## Quick start\n\n```sh\napt-get install libsqlite3-dev libpq-dev\n```\n"
        #expect(Self.installLine(in: readme) == ["libsqlite3-dev", "libpq-dev"])
        #expect(Self.installLine(in: readme) != Self.aptProviders(in: manifest))
    }
}
