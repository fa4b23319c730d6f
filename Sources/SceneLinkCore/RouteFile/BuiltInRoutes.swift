/// Route files that ship inside the binary: the example apps of `examples/`, embedded by
/// `scripts/embed-examples.sh` (`ExampleRouteFiles`), so `scenelink serve --example NAME` works
/// from any folder with no file beside the binary.
public enum BuiltInRoutes {
    /// The example `scenelink serve` uses when no route file is named: the FuelMoney app, so the
    /// first start already resolves links.
    public static let defaultExample = "fuelmoney"

    /// Every bundled example's name (its file name in `examples/` without `.json`), sorted.
    public static var exampleNames: [String] { ExampleRouteFiles.files.map(\.name) }

    /// The route file of the example `name`, byte for byte as `examples/NAME.json`; nil for
    /// a name no example has.
    public static func example(named name: String) -> String? {
        ExampleRouteFiles.files.first { $0.name == name }?.json
    }

    /// The FuelMoney app (examples/fuelmoney.json, byte for byte).
    public static var fuelMoney: String { example(named: defaultExample) ?? "" }

    /// `fuelMoney`, loaded.
    /// - Throws: `RouteFileError` (never for the shipped text; tests load it).
    public static func fuelMoneyTable() throws(RouteFileError) -> RouteTable {
        try RouteTable(routeFile: Array(fuelMoney.utf8))
    }
}
