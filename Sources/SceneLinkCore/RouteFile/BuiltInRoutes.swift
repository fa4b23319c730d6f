/// Route files that ship inside the binary.
public enum BuiltInRoutes {
    /// The FuelMoney app (examples/fuelmoney.json, byte for byte): the table `scenelink serve`
    /// uses when no route file is given, so the first start already resolves links.
    public static let fuelMoney: String = #"""
{
  "app": {
    "name": "FuelMoney",
    "schemes": ["fuelmoney"],
    "hosts": ["fuelmoney.example.com"]
  },
  "types": {
    "HomePath": {
      "tag": "FuelMoney.HomePath",
      "rawValue": "Int",
      "cases": { "root": 0, "setting": 1, "account": 2, "variable": 3,
                 "fixed": 4, "premium": 5, "explain": 6, "information": 7 }
    }
  },
  "routes": [
    { "name": "settings", "path": "/settings",
      "push": [ { "type": "HomePath", "value": "setting" } ],
      "routes": [
        { "name": "account", "path": "account",
          "push": [ { "type": "HomePath", "value": "account" } ] },
        { "name": "variable", "path": "variable",
          "push": [ { "type": "HomePath", "value": "variable" } ] },
        { "name": "fixed", "path": "fixed",
          "push": [ { "type": "HomePath", "value": "fixed" } ] },
        { "name": "premium", "path": "premium",
          "push": [ { "type": "HomePath", "value": "premium" } ] }
      ] },
    { "name": "explain", "path": "/explain",
      "push": [ { "type": "HomePath", "value": "explain" } ] },
    { "name": "information", "path": "/information",
      "push": [ { "type": "HomePath", "value": "information" } ] }
  ]
}

"""#

    /// `fuelMoney`, loaded.
    /// - Throws: `RouteFileError` (never for the shipped text; tests load it).
    public static func fuelMoneyTable() throws(RouteFileError) -> RouteTable {
        try RouteTable(routeFile: Array(fuelMoney.utf8))
    }
}
