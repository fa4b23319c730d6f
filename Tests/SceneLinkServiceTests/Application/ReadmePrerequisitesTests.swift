import Foundation
import Testing

@Suite("README prerequisites")
struct ReadmePrerequisitesTests {
    /// The packages of every `providers: [.apt([...])]` in Package.swift.
    static func aptProviders(in manifest: String) -> Set<String> {
        var packages = Set<String>()
        var rest = manifest[...]
        while let start = rest.range(of: ".apt([") {
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

    /// The packages of the README's `apt-get install` line under "## Set up".
    static func installLine(in readme: String) -> Set<String>? {
        guard let section = readme.range(of: "## Set up") else { return nil }
        let lines = readme[section.upperBound...].split(separator: "\n")
        guard let line = lines.first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("apt-get install") }) else {
            return nil
        }
        return Set(line.split(separator: " ").dropFirst(2).map(String.init).filter { !$0.hasPrefix("-") })
    }

    @Test("the README's install line names exactly the apt packages Package.swift's system libraries need")
    func installLineMatchesThePackage() throws {
        let root = SceneLinkApplicationTests.repositoryRoot
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let needed = Self.aptProviders(in: manifest)
        #expect(needed.contains("libsqlite3-dev") && needed.contains("libpq-dev"))
        #expect(Self.installLine(in: readme) == needed, "README.md's 'apt-get install' line under '## Set up' must list \(needed.sorted())")
    }

    @Test("the comparison notices a package missing from the README")
    func noticesDrift() {
        let manifest = #"providers: [.apt(["libsqlite3-dev"])] … providers: [.apt(["libpq-dev", "zlib1g-dev"])]"#
        #expect(Self.aptProviders(in: manifest) == ["libsqlite3-dev", "libpq-dev", "zlib1g-dev"])
        let readme = "## Set up\n\n```sh\napt-get install libsqlite3-dev libpq-dev\n```\n"
        #expect(Self.installLine(in: readme) == ["libsqlite3-dev", "libpq-dev"])
        #expect(Self.installLine(in: readme) != Self.aptProviders(in: manifest))
    }
}
