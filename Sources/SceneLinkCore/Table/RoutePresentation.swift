/// What a route adds for its link page: its `preview` and `fallback` templates, each field
/// inherited from the parent route when the route does not set it.
struct RoutePresentation: Sendable, Equatable {
    var title: TextTemplate?
    var description: TextTemplate?
    var image: TextTemplate?
    var web: TextTemplate?
    var ios: TextTemplate?
    var android: TextTemplate?

    static let none = RoutePresentation()
}
