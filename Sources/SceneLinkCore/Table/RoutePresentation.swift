/// What a route adds for its link page: its `preview` and `fallback` templates, each field
/// inherited from the parent route when the route does not set it.
struct RoutePresentation: Sendable, Equatable {
    var title: TextTemplate?
    var description: TextTemplate?
    var image: TextTemplate?
    var web: TextTemplate?
    var ios: TextTemplate?
    var android: TextTemplate?
    /// `preview.localized`: by language, the preview's fields translated.
    var localized: [PageLanguage: LocalizedPreview] = [:]

    static let none = RoutePresentation()

    /// Forgets every language's translation of one field (a route that sets the field
    /// replaces its parent's, whose translations say something else).
    mutating func dropLocalized(_ field: WritableKeyPath<LocalizedPreview, TextTemplate?>) {
        for language in localized.keys { localized[language]?[keyPath: field] = nil }
    }
}
