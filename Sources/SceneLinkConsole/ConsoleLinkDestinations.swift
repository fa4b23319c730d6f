import SceneLinkCore
import SceneLinkOperations

/// Where a short link's target takes each kind of visitor, as the server would answer them
/// now: computed with the route table's own resolve, fallback and preview, and the link page's
/// own rule for what a page offers (`LinkPage.outcome(of:platform:table:)`), so the console
/// shows what a visitor gets, not a second guess at it.
///
/// | visitor | what they get |
/// |---|---|
/// | iPhone with the app | the app opens at the stack the link resolves to (its NavigationPath) |
/// | iPhone without the app | the link page, with a claim the app redeems after install, and its iOS fallback |
/// | Android | with the app, the same stack; without, the link page and its Android fallback |
/// | desktop | the link page, its web fallback and the QR code to scan with a phone |
/// | a previewer | the preview card: title, description, image |
package struct ConsoleLinkDestinations: Sendable {
    /// One kind of visitor and what they get.
    package struct Row: Sendable, Equatable {
        package let visitor: String
        package let destination: String
    }

    /// The route the target resolves to (`/` for the root), or nil when it does not resolve.
    package let route: String?
    /// The stack in push order, as the Routes page writes it (`A → B`).
    package let stack: String
    /// The NavigationPath the app restores (its `navigationPath` format), or the resolve
    /// problem's sentence when the target no longer resolves.
    package let navigationPath: String
    package let rows: [Row]

    /// - Parameters:
    ///   - link: the short link's target.
    ///   - table: the route table in force.
    ///   - claimLifetime: how long a claim a phone's page hands out stays redeemable.
    package init(link: String, table: RouteTable, claimLifetime: String) {
        let resolved: ResolvedLink
        do {
            resolved = try table.resolve(link)
        } catch {
            let sentence = ResolveProblems.problem(for: error).detail
            route = nil
            stack = ""
            navigationPath = sentence
            rows = [Row(visitor: "Every visitor", destination: "The link page's 404 notice: the target no longer resolves (\(sentence))")]
            return
        }
        route = resolved.route ?? "/"
        stack = resolved.elements.map(\.description).joined(separator: " → ")
        navigationPath = (try? table.resolve(link, format: .navigationPath)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let fallback = table.fallback(for: resolved)
        let preview = table.preview(for: resolved)
        /// What the link page offers a visitor on `platform` without the app.
        func page(_ platform: LinkPlatform) -> String {
            let target = platform.fallback(in: fallback) ?? ""
            switch LinkPage.outcome(of: resolved, platform: platform, table: table) {
            case .appStore: return "the store button to \(target)"
            case .web: return "a link to the website \(target)"
            default: return "no fallback (the route file sets none for \(platform.rawValue))"
            }
        }
        let opens = stack.isEmpty ? "The app opens at its root (an empty stack)" : "The app opens at \(stack)"
        var rows = [Row(visitor: "iPhone with the app",
                        destination: table.appLinks.apple == nil
                            ? "The route file names no iOS app, so iOS opens the link page as without the app"
                            : "\(opens) (Universal Link); NavigationPath \(navigationPath)")]
        rows.append(Row(visitor: "iPhone without the app",
                        destination: "The link page with \(page(.ios)), and a claim (a code the app redeems after install "
                            + "to open at the same stack; valid \(claimLifetime))"))
        rows.append(Row(visitor: "Android with the app",
                        destination: table.appLinks.android.isEmpty
                            ? "The route file names no Android app, so Android opens the link page"
                            : "\(opens) (App Link)"))
        rows.append(Row(visitor: "Android without the app", destination: "The link page with \(page(.android)), and a claim (install referrer)"))
        rows.append(Row(visitor: "Desktop", destination: "The link page with \(page(.web)), and the link's QR code to scan with a phone"))
        let card = [("title", preview.title ?? "\(table.appName) (no preview title: the app's name)"),
                    ("description", preview.description ?? "(none)"), ("image", preview.image ?? "(none)")]
        rows.append(Row(visitor: "A previewer (chat apps, social sites)",
                        destination: "The preview card: " + card.map { "\($0.0) \($0.1)" }.joined(separator: "; ")))
        self.rows = rows
    }
}
