extension RouteTable {
    /// The listed host an HTTP `Host` field names (`host[:port]`, any case), read as
    /// `LinkScanner` reads a link's authority; nil when it is not one of `hosts`.
    ///
    /// ```swift
    /// table.listedHost(inHostField: "FuelMoney.example.com:443")   // "fuelmoney.example.com"
    /// ```
    public func listedHost(inHostField field: String) -> String? {
        LinkScanner.listedHost(inHostField: field, hosts: hosts)
    }

    /// The preview of a resolved link: its route's `preview` (or its parent's) with the
    /// link's parameter values put in. Empty for a route without one and for the root link.
    ///
    /// In `language`, each field is the route's `preview.localized` translation when it has
    /// one, else the preview's own (written in `pages.defaultLanguage`).
    ///
    /// ```swift
    /// let link = try table.resolve("https://recipes.example.com/recipes/42")
    /// table.preview(for: link).title                // "Recipe 42"
    /// table.preview(for: link, in: .ja).title       // "レシピ 42"
    /// ```
    public func preview(for link: ResolvedLink, in language: PageLanguage? = nil) -> LinkPreview {
        guard let (route, values) = routeAndValues(link) else { return LinkPreview() }
        let kinds = route.parameters.map(\.kind)
        let presentation = route.presentation
        let localized = language.flatMap { presentation.localized[$0] }
        return LinkPreview(title: (localized?.title ?? presentation.title)?.render(values, kinds: kinds, encoding: .plain),
                           description: (localized?.description ?? presentation.description)?.render(values, kinds: kinds, encoding: .plain),
                           image: (localized?.image ?? presentation.image)?.render(values, kinds: kinds, encoding: .url))
    }

    /// The app's name in `language`: its `app.localized` name, else `appName`.
    public func appName(in language: PageLanguage) -> String {
        localizedAppNames[language] ?? appName
    }

    /// Where a resolved link goes when the app is not installed, for each platform.
    ///
    /// Each field is the route's own (or its parent's) with the link's values percent-encoded
    /// in, else `app.fallback`'s. Then `ios` falls back to the App Store page (`appStoreID`),
    /// `android` to the Play Store page (`playStoreURL`, or the first package's page), and
    /// both to `web`. Nil where nothing is configured.
    public func fallback(for link: ResolvedLink) -> LinkFallback {
        var fallback = appLinks.fallback
        if let (route, values) = routeAndValues(link) {
            let kinds = route.parameters.map(\.kind)
            let presentation = route.presentation
            if let web = presentation.web { fallback.web = web.render(values, kinds: kinds, encoding: .url) }
            if let ios = presentation.ios { fallback.ios = ios.render(values, kinds: kinds, encoding: .url) }
            if let android = presentation.android { fallback.android = android.render(values, kinds: kinds, encoding: .url) }
        }
        return LinkFallback(web: fallback.web,
                            ios: fallback.ios ?? appLinks.apple?.appStoreURL ?? fallback.web,
                            android: fallback.android ?? appLinks.android.first?.storeURL ?? fallback.web)
    }

    /// The route of a resolved link and its values in the route's parameter order.
    private func routeAndValues(_ link: ResolvedLink) -> (Route, [JSONValue?])? {
        guard let name = link.route, let index = routeIndexByName[name] else { return nil }
        let route = routes[index]
        let values = route.parameters.map { parameter in link.parameters.first { $0.name == parameter.name }?.value }
        return (route, values)
    }
}
