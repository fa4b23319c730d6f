import SceneLinkCore
import SceneLinkHTTP

/// What an import did with each data row of its file, in order, and the totals.
package struct ShortLinkImportReport: Sendable {
    package var rows: [ShortLinkImportResult]
    package var format: LinkImportFormat
    /// Whether nothing was written because it was asked not to be.
    package var dryRun: Bool
    /// Whether the import was all or nothing.
    package var atomic: Bool
    /// The header's columns read past (another service's own).
    package var ignoredColumns: [String]

    /// How many rows have `status`.
    package func count(_ status: ShortLinkImportStatus) -> Int { rows.count { $0.status == status } }

    /// The rows that an all-or-nothing import could not take.
    package var refused: Int { rows.count { $0.status.refuses } }

    /// Whether nothing was stored because a row was refused (all or nothing).
    package var nothingStored: Bool { atomic && refused > 0 }

    /// The report as the API answers it and `scenelink import --report` writes it:
    /// `{"format","dryRun","atomic","rows":[…],"created",…,"refused","ignoredColumns"}`, one
    /// item per row with its `row`, `status`, and `code`, `shortLink`, `column`, `problem` or
    /// `existing` where they apply, then a count per status.
    package func json(table: RouteTable) -> JSONValue {
        let items: [JSONValue] = rows.map { result in
            var members: [(key: String, value: JSONValue)] = [("row", .number(String(result.row))), ("status", .string(result.status.rawValue))]
            if let code = result.code {
                members.append(("code", .string(code.rawValue)))
                if result.status == .created || result.status == .unchanged || result.status == .valid {
                    members.append(("shortLink", table.shortLinkURL(of: code).map { .string($0) } ?? .null))
                }
            }
            if let column = result.column { members.append(("column", .string(column))) }
            if let existing = result.existing { members.append(("existing", .string(existing))) }
            if let problem = result.problem { members.append(("problem", problem.jsonValue)) }
            return .object(members)
        }
        var document: [(key: String, value: JSONValue)] = [
            ("format", .string(format.rawValue)), ("dryRun", .bool(dryRun)), ("atomic", .bool(atomic)), ("rows", .array(items)),
        ]
        for status in ShortLinkImportStatus.allCases {
            document.append((Self.totalName(status), .number(String(count(status)))))
        }
        document.append(("refused", .number(String(refused))))
        document.append(("ignoredColumns", .array(ignoredColumns.map { .string($0) })))
        return .object(document)
    }

    /// A status's total as a member name: `noRoute`, `notAllowed`.
    package static func totalName(_ status: ShortLinkImportStatus) -> String {
        switch status {
        case .noRoute: "noRoute"
        case .notAllowed: "notAllowed"
        default: status.rawValue
        }
    }
}
