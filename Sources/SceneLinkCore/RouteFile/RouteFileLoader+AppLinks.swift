/// `app.apple`, `app.android`, `app.fallback`, and each route's `preview` and `fallback`:
/// what association files and link pages are made of.
extension RouteFileLoader {
    /// Schemes a fallback URL must not have: a link page puts fallbacks in `href`, where these
    /// would run script or reach the visitor's own files.
    static let refusedFallbackSchemes: Set<String> = ["javascript", "vbscript", "data", "file", "blob", "about", "filesystem"]

    mutating func readAppLinks(_ app: JSONValue) {
        if let apple = app["apple"] { appLinks.apple = readApple(apple, at: "app.apple") }
        if let android = app["android"] {
            if let list = android.arrayValue {
                if list.isEmpty { problem("app.android", "\"android\" lists no app; give one { \"package\", \"sha256CertFingerprints\" } object or leave it out.") }
                for (index, item) in list.enumerated() {
                    if let read = readAndroid(item, at: "app.android[\(index)]") {
                        if appLinks.android.contains(where: { $0.package == read.package }) {
                            problem("app.android[\(index)].package", "The package \"\(read.package)\" is listed twice; put all its fingerprints in one entry.")
                        } else {
                            appLinks.android.append(read)
                        }
                    }
                }
            } else if let read = readAndroid(android, at: "app.android") {
                appLinks.android = [read]
            }
        }
        if let fallback = app["fallback"] {
            guard members(of: fallback, at: "app.fallback", known: RouteFileKeys.fallback,
                          shape: "an object with \"web\" and optionally \"ios\" and \"android\" URLs") != nil else { return }
            let web = fallbackTemplate(fallback["web"], at: "app.fallback.web", web: true, scope: [:])
            let ios = fallbackTemplate(fallback["ios"], at: "app.fallback.ios", web: false, scope: [:])
            let android = fallbackTemplate(fallback["android"], at: "app.fallback.android", web: false, scope: [:])
            if fallback["web"] == nil {
                problem("app.fallback", "The fallback needs \"web\": the page for visitors without the app on other platforms (and on iOS and Android when they have no page of their own).")
            }
            appLinks.fallback = LinkFallback(web: web?.prefix, ios: ios?.prefix, android: android?.prefix)
        }
    }

    private mutating func readApple(_ value: JSONValue, at location: String) -> AppleApp? {
        guard members(of: value, at: location, known: RouteFileKeys.apple, shape: "an object with \"teamID\" and \"bundleIDs\"") != nil else {
            return nil
        }
        let before = problems.count
        var teamID = ""
        if let team = value["teamID"] {
            let teamLocation = Self.join(location, "teamID")
            if let text = team.stringValue, text.utf8.count == 10, text.utf8.allSatisfy(Self.isUpperAlphanumeric) {
                teamID = text
            } else if let text = team.stringValue, text.utf8.count == 10,
                      text.uppercased().utf8.allSatisfy(Self.isUpperAlphanumeric) {
                problem(teamLocation, "The team ID \"\(text)\" must be upper case, as the developer account shows it: write \"\(text.uppercased())\".")
            } else {
                let shown = team.stringValue.map { "\"\($0)\"" } ?? team.kindDescription
                problem(teamLocation, "The team ID \(shown) is not 10 upper-case letters and digits; copy it from the developer account's Membership page (like \"A1B2C3D4E5\").")
            }
        } else {
            problem(location, "\"apple\" needs \"teamID\": the 10-character team ID of the developer account.")
        }
        if value["bundleIDs"] == nil {
            problem(location, "\"apple\" needs \"bundleIDs\": the app's bundle IDs, like [\"com.example.app\"].")
        }
        let listed = stringList(value["bundleIDs"], at: Self.join(location, "bundleIDs"))
        if value["bundleIDs"]?.arrayValue?.isEmpty == true {
            problem(Self.join(location, "bundleIDs"), "\"bundleIDs\" lists no bundle ID; give at least one, like \"com.example.app\".")
        }
        let bundleIDs = uniqueStrings(listed, at: Self.join(location, "bundleIDs"), noun: "bundle ID") { bundleID in
            Self.isBundleID(bundleID) ? nil : "\"\(bundleID)\" is not a bundle ID; write letters, digits, '-' and '.', like \"com.example.app\"."
        }
        var appStoreID: String?
        if let store = value["appStoreID"] {
            if let text = store.stringValue, !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
                appStoreID = text
            } else if case .number(let digits) = store, !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
                appStoreID = digits
            } else {
                problem(Self.join(location, "appStoreID"), "The App Store ID must be the app's digits (\"id123456789\" in its App Store URL gives \"123456789\").")
            }
        }
        var appClip: String?
        if let clip = value["appClip"] {
            if let text = clip.stringValue, Self.isBundleID(text) {
                appClip = text
            } else {
                let shown = clip.stringValue.map { "\"\($0)\"" } ?? clip.kindDescription
                problem(Self.join(location, "appClip"), "The App Clip \(shown) is not a bundle ID; write the Clip target's bundle ID, like \"com.example.app.Clip\".")
            }
        }
        guard problems.count == before else { return nil }
        return AppleApp(teamID: teamID, bundleIDs: bundleIDs, appStoreID: appStoreID, appClip: appClip)
    }

    private mutating func readAndroid(_ value: JSONValue, at location: String) -> AndroidApp? {
        guard members(of: value, at: location, known: RouteFileKeys.android,
                      shape: "an object with \"package\" and \"sha256CertFingerprints\" (or an array of them)") != nil else { return nil }
        let before = problems.count
        var package = ""
        if let packageValue = value["package"] {
            if let text = packageValue.stringValue, Self.isAndroidPackage(text) {
                package = text
            } else {
                let shown = packageValue.stringValue.map { "\"\($0)\"" } ?? packageValue.kindDescription
                problem(Self.join(location, "package"), "The package \(shown) is not an application ID; write dot-separated names that start with a letter, like \"com.example.app\".")
            }
        } else {
            problem(location, "\"android\" needs \"package\": the application ID from the app's build.gradle.")
        }
        let fingerprintsLocation = Self.join(location, "sha256CertFingerprints")
        if value["sha256CertFingerprints"] == nil {
            problem(location, "\"android\" needs \"sha256CertFingerprints\": the SHA-256 fingerprints of the signing certificates (keytool -list -v, or Play Console's App signing page).")
        } else if value["sha256CertFingerprints"]?.arrayValue?.isEmpty == true {
            problem(fingerprintsLocation, "\"sha256CertFingerprints\" lists no fingerprint; give at least one.")
        }
        let listedFingerprints = stringList(value["sha256CertFingerprints"], at: fingerprintsLocation)
        let fingerprints = uniqueStrings(listedFingerprints, at: fingerprintsLocation, noun: "fingerprint") { fingerprint in
            if Self.isFingerprint(fingerprint) { return nil }
            if Self.isFingerprint(fingerprint.uppercased()) {
                return "Fingerprints are upper-case hex, as Android compares them: write \"\(fingerprint.uppercased())\"."
            }
            return "\"\(fingerprint)\" is not a SHA-256 fingerprint; write 32 upper-case hex pairs joined by ':', like \"14:6D:E9:...:D5\" as keytool prints it."
        }
        var playStoreURL: String?
        if let store = value["playStoreURL"] {
            playStoreURL = fallbackTemplate(store, at: Self.join(location, "playStoreURL"), web: true, scope: [:])?.prefix
        }
        guard problems.count == before else { return nil }
        return AndroidApp(package: package, sha256CertFingerprints: fingerprints, playStoreURL: playStoreURL)
    }

    /// A route's `preview` and `fallback`, over the parent's.
    mutating func readPresentation(_ value: JSONValue, at location: String, draft: inout RouteDraft) {
        var scope: [String: Int] = [:]
        for (local, tree) in draft.visible.enumerated() { scope[treeParameters[tree].name] = local }
        if let preview = value["preview"] {
            let previewLocation = Self.join(location, "preview")
            if let members = members(of: preview, at: previewLocation, known: RouteFileKeys.preview,
                                     shape: "an object with \"title\", \"description\" and \"image\"") {
                if members.isEmpty { problem(previewLocation, "\"preview\" is empty; give \"title\", \"description\" or \"image\".") }
                // A field the route sets replaces the parent's, translations and all.
                if preview["title"] != nil { draft.presentation.dropLocalized(\.title) }
                if preview["description"] != nil { draft.presentation.dropLocalized(\.description) }
                if preview["image"] != nil { draft.presentation.dropLocalized(\.image) }
                if let title = textTemplate(preview["title"], at: Self.join(previewLocation, "title"), scope: scope) {
                    draft.presentation.title = title
                }
                if let description = textTemplate(preview["description"], at: Self.join(previewLocation, "description"), scope: scope) {
                    draft.presentation.description = description
                }
                if let image = previewImage(preview["image"], at: Self.join(previewLocation, "image"), scope: scope) {
                    draft.presentation.image = image
                }
                if let localized = preview["localized"] {
                    readLocalizedPreview(localized, at: Self.join(previewLocation, "localized"), scope: scope,
                                         presentation: &draft.presentation)
                }
            }
        }
        if let fallback = value["fallback"] {
            let fallbackLocation = Self.join(location, "fallback")
            guard let members = members(of: fallback, at: fallbackLocation, known: RouteFileKeys.fallback,
                                        shape: "an object with \"web\", \"ios\" or \"android\" URLs") else { return }
            if members.isEmpty { problem(fallbackLocation, "\"fallback\" is empty; give \"web\", \"ios\" or \"android\", or leave it out.") }
            if let web = fallbackTemplate(fallback["web"], at: Self.join(fallbackLocation, "web"), web: true, scope: scope) {
                draft.presentation.web = web
            }
            if let ios = fallbackTemplate(fallback["ios"], at: Self.join(fallbackLocation, "ios"), web: false, scope: scope) {
                draft.presentation.ios = ios
            }
            if let android = fallbackTemplate(fallback["android"], at: Self.join(fallbackLocation, "android"), web: false, scope: scope) {
                draft.presentation.android = android
            }
            if fallback["web"] == nil && draft.presentation.web == nil && appLinks.fallback.web == nil {
                problem(fallbackLocation, "A fallback needs a \"web\" page, here or in \"app.fallback\", for visitors on other platforms.")
            }
        }
    }

    /// The members of an object of the route file, its duplicate and unknown keys reported;
    /// nil, reported, when `value` is not an object.
    mutating func members(of value: JSONValue, at location: String, known: [String],
                                  shape: String) -> [(key: String, value: JSONValue)]? {
        guard let members = value.objectMembers else {
            let key = location.split(separator: ".").last.map(String.init) ?? location
            problem(location, "\"\(key)\" must be \(shape); found \(value.kindDescription).")
            return nil
        }
        reportDuplicateKeys(members, at: location)
        reportUnknownKeys(members, known: known, at: location)
        return members
    }

    mutating func textTemplate(_ value: JSONValue?, at location: String, scope: [String: Int]) -> TextTemplate? {
        guard let value else { return nil }
        guard let text = value.stringValue else {
            problem(location, "This must be a string (it may use the route's parameters, like \"Recipe {id}\"); found \(value.kindDescription).")
            return nil
        }
        switch TextTemplate.parse(text, scope: scope) {
        case .success(let template):
            return template
        case .failure(.unknownParameter(let name)):
            let known = scope.keys.sorted().map { "{\($0)}" }.joined(separator: ", ")
            problem(location, "\"{\(name)}\" names no parameter of this route; its parameters are \(known.isEmpty ? "none" : known).")
        case .failure(.notAName(let name)):
            problem(location, "\"{\(name)}\" is not a parameter name; write {name}, or {{ and }} for literal braces.")
        case .failure(.unclosed):
            problem(location, "A '{' is not closed; write {name} for a parameter, or {{ for a literal brace.")
        case .failure(.strayClosingBrace):
            problem(location, "A '}' closes nothing; write }} for a literal brace.")
        }
        return nil
    }

    /// A fallback URL: any absolute URL (an App Store or `market:` link too), or http(s) only
    /// for `web`; parameters only after the scheme and host, so a link cannot choose the site.
    private mutating func fallbackTemplate(_ value: JSONValue?, at location: String, web: Bool,
                                           scope: [String: Int]) -> TextTemplate? {
        guard let template = textTemplate(value, at: location, scope: scope) else { return nil }
        if let reason = Self.urlProblem(template, allowedSchemes: web ? ["https", "http"] : nil) {
            problem(location, "This must be \(web ? "an http or https" : "an absolute") URL: \(reason).")
            return nil
        }
        return template
    }

    /// Why a URL template is not an acceptable URL, or nil.
    static func urlProblem(_ template: TextTemplate, allowedSchemes: Set<String>?) -> String? {
        let prefix = template.prefix
        let hasParameters = template.chunks.contains { if case .parameter = $0 { true } else { false } }
        let literals = template.chunks.compactMap { chunk -> String? in if case .text(let text) = chunk { text } else { nil } }
        if literals.contains(where: { $0.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F || "\"<>\\`{}|^".unicodeScalars.contains($0) } }) {
            return "it holds a space, a control character or one of \" < > \\ ` { } | ^; percent-encode them"
        }
        guard let colon = prefix.firstIndex(of: ":"), RouteFileLoader.isSchemeSyntax(prefix[..<colon].utf8) else {
            return "write the whole URL with its scheme, like https://example.com/page\(hasParameters ? ", with parameters after the host" : "")"
        }
        let scheme = prefix[..<colon].lowercased()
        if let allowedSchemes, !allowedSchemes.contains(scheme) {
            return "\"\(scheme):\" is not allowed here; use \(allowedSchemes.sorted().reversed().joined(separator: " or "))"
        }
        if refusedFallbackSchemes.contains(scheme) { return "\"\(scheme):\" URLs are refused, since a page would run or reveal them" }
        let rest = prefix[prefix.index(after: colon)...]
        if rest.hasPrefix("//") {
            let authority = rest.dropFirst(2)
            let end = authority.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" }
            if hasParameters && end == nil { return "a parameter may appear only after the host, in the path, query or fragment" }
            if (end.map { authority[..<$0] } ?? authority).isEmpty { return "it has no host after \(scheme)://" }
            if scheme == "http" || scheme == "https" { return webAuthorityProblem(String(end.map { authority[..<$0] } ?? authority)) }
        } else if scheme == "http" || scheme == "https" {
            return "write \(scheme)://host/path"
        } else if hasParameters && rest.isEmpty {
            return "a parameter may not follow the scheme directly"
        }
        return nil
    }

    /// Why a browser would read an http(s) URL's authority differently from its text, so that
    /// the site a visitor is sent to is not the one the route file seems to name: credentials, a
    /// port out of range, or an ambiguous host (`HostAmbiguity`); nil when it reads as written.
    static func webAuthorityProblem(_ authority: String) -> String? {
        var authority = authority
        return authority.withUTF8 { bytes -> String? in
            if case .invalid(let reason) = LinkScanner.authorityAmbiguity(bytes[...]) { return reason }
            // The host as links are read (`LinkScanner.host(inAuthority:of:)`); an IPv6 literal is never ambiguous.
            let host = bytes[LinkScanner.host(inAuthority: 0..<bytes.count, of: bytes)]
            guard host.first != UInt8(ascii: "[") else { return nil }
            return HostAmbiguity.reason(host: String(decoding: host, as: UTF8.self)).map { "its " + $0 }
        }
    }

    static func isUpperAlphanumeric(_ byte: UInt8) -> Bool { (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) }

    static func isBundleID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 155 && text.first != "." && text.last != "." && !text.contains("..")
            && text.utf8.allSatisfy { isAlpha($0) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// An Android application ID: two or more dot-separated names, each a letter then letters, digits or `_`.
    static func isAndroidPackage(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { part in
            guard let first = part.utf8.first, isAlpha(first) else { return false }
            return part.utf8.allSatisfy { isAlpha($0) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "_") }
        }
    }

    /// 32 upper-case hex pairs joined by `:` (`AB:01:...`).
    static func isFingerprint(_ text: String) -> Bool {
        let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
        return pairs.count == 32 && pairs.allSatisfy { pair in
            pair.utf8.count == 2 && pair.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) }
        }
    }
}
