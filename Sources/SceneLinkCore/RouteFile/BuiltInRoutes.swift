/// Route files that ship inside the binary.
public enum BuiltInRoutes {
    /// The FuelMoney app (examples/fuelmoney.json, byte for byte): the table `scenelink serve`
    /// uses when no route file is given, so the first start already resolves links.
    public static let fuelMoney: String = #"""
{
  "app": {
    "name": "FuelMoney",
    "schemes": ["fuelmoney"],
    "hosts": ["fuelmoney.example.com"],
    "apple": { "teamID": "A1B2C3D4E5", "bundleIDs": ["com.example.fuelmoney"], "appStoreID": "1234567890" },
    "android": { "package": "com.example.fuelmoney",
                 "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"] },
    "fallback": { "web": "https://www.fuelmoney.example.com/" }
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
      "preview": { "title": "Settings", "description": "Your FuelMoney settings.",
                   "image": "https://fuelmoney.example.com/images/settings.png",
                   "localized": { "ja": { "title": "設定", "description": "FuelMoneyの設定です。" } } },
      "push": [ { "type": "HomePath", "value": "setting" } ],
      "routes": [
        { "name": "account", "path": "account",
          "preview": { "title": "Account", "description": "Your FuelMoney account.",
                       "localized": { "ja": { "title": "アカウント", "description": "FuelMoneyのアカウントです。" } } },
          "push": [ { "type": "HomePath", "value": "account" } ] },
        { "name": "variable", "path": "variable",
          "push": [ { "type": "HomePath", "value": "variable" } ] },
        { "name": "fixed", "path": "fixed",
          "push": [ { "type": "HomePath", "value": "fixed" } ] },
        { "name": "premium", "path": "premium",
          "preview": { "title": "FuelMoney Premium", "description": "Every fuel price, no ads.",
                       "localized": { "ja": { "title": "FuelMoney プレミアム", "description": "すべての燃料価格を、広告なしで。" } } },
          "fallback": { "web": "https://www.fuelmoney.example.com/premium" },
          "push": [ { "type": "HomePath", "value": "premium" } ] }
      ] },
    { "name": "explain", "path": "/explain",
      "preview": { "title": "How FuelMoney works", "localized": { "ja": { "title": "FuelMoneyのしくみ" } } },
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
