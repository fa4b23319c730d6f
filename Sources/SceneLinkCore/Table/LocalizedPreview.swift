/// A route's `preview.localized` entry for one language: the fields translated, each a
/// template over the route's parameters like the preview's own. A field left out is the
/// preview's own, in the route file's default language.
struct LocalizedPreview: Sendable, Equatable {
    var title: TextTemplate?
    var description: TextTemplate?
    var image: TextTemplate?
}
