import CLibPQ
import Dispatch
import Foundation

/// One libpq connection, owned by one pool thread (or by the migration at start). It is
/// closed in `deinit`, so a connection that failed to open or to prepare cannot leak.
///
/// Every libpq call's result is checked where it is made; a failure becomes a
/// `PostgresError` that says what was being done and whether the connection is gone.
final class PostgresConnection {
    private let handle: OpaquePointer
    // Parameter buffers reused by every statement this connection sends (`withParameters`);
    // separate properties, so that one can be read while another is written.
    private var parameterBytes: [UInt8] = []
    private var parameterStarts: [Int] = []
    private var parameterLengths: [Int32] = []
    private var parameterFormats: [Int32] = []
    private var parameterPointers: [UnsafePointer<CChar>?] = []
    /// `postgres://host:port/database`, for messages: no user, no password.
    let address: String
    /// See `PostgresSessionSettings.responseTimeoutMilliseconds`; nil waits for as long as it takes.
    private let responseTimeoutMilliseconds: Int?

    /// Connects (blocking: call it on a pool thread, never on an HTTP I/O queue) and sets the
    /// session up: `synchronous_commit = on`, the statement timeout, the schema.
    ///
    /// - Parameters:
    ///   - url: a libpq connection URI or `key=value` string; libpq's `PG*` variables fill what it leaves out.
    ///   - settings: statement timeout, schema, connect timeout.
    /// - Throws: `PostgresError` (a connection failure) when the server cannot be reached or refuses.
    init(url: String, settings: PostgresSessionSettings) throws(PostgresError) {
        var keywords: [String] = ["fallback_application_name"]
        var values: [String] = ["scenelink"]
        // A server that does not answer must not hold a pool thread forever; the URL or
        // PGCONNECT_TIMEOUT still win when they say otherwise (the URL is expanded last).
        if ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] == nil {
            keywords.append("connect_timeout")
            values.append(String(settings.connectTimeoutSeconds))
        }
        keywords.append("dbname")
        values.append(url)
        let cKeywords = keywords.map { strdup($0) }
        let cValues = values.map { strdup($0) }
        defer {
            cKeywords.forEach { free($0) }
            cValues.forEach { free($0) }
        }
        var keywordPointers = cKeywords.map { UnsafePointer($0) } + [nil]
        var valuePointers = cValues.map { UnsafePointer($0) } + [nil]
        let fallbackAddress = PostgresAddress.redacted(url)
        guard let handle = PQconnectdbParams(&keywordPointers, &valuePointers, 1) else {
            throw PostgresError(context: "connecting to \(fallbackAddress)", message: "libpq could not allocate a connection",
                                isConnectionFailure: true)
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = PostgresConnection.errorMessage(handle)
            PQfinish(handle)
            throw PostgresError(context: "connecting to \(fallbackAddress)", message: message, isConnectionFailure: true)
        }
        self.handle = handle
        address = PostgresConnection.address(of: handle)
        responseTimeoutMilliseconds = settings.responseTimeoutMilliseconds
        // Notices come to `noticeReceived` instead of libpq's default, which prints them raw on
        // stderr between the JSON log lines. Unretained: the handle never outlives `self`.
        PQsetNoticeReceiver(handle, { context, result in
            guard let context, let result else { return }
            Unmanaged<PostgresConnection>.fromOpaque(context).takeUnretainedValue().noticeReceived(result)
        }, Unmanaged.passUnretained(self).toOpaque())
        try execute(settings.sessionSQL)
    }

    /// The first warning the server sent since `runPipelined` began (nil: none). A commit that
    /// comes with one is in doubt (see `PostgresNotice.isWarning`).
    private var warning: PostgresNotice?

    /// Keeps the first warning; every other notice is dropped (what they announce, a server
    /// shutting down for one, reaches the caller as an error anyway).
    private func noticeReceived(_ result: OpaquePointer) {
        guard warning == nil, let notice = PostgresNotice(result: result), notice.isWarning else { return }
        warning = notice
    }

    deinit { PQfinish(handle) }

    /// False once libpq has seen the connection break.
    var isUsable: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Prepares `statement` under its name.
    func prepare(_ statement: PostgresStatement) throws(PostgresError) {
        let types = statement.parameterTypes
        let result = PQprepare(handle, statement.rawValue, statement.sql, Int32(types.count), types)
        _ = try consume(result, context: "preparing \(statement.rawValue)")
    }

    /// Runs SQL text with the simple query protocol (several statements allowed): migrations,
    /// `SET`, advisory locks. Returns the last statement's rows as text.
    @discardableResult
    func execute(_ sql: String) throws(PostgresError) -> [[String?]] {
        let rows = try consume(PQexec(handle, sql), context: "running \(sql.prefix(40))…")
        return rows.map { $0.columns.map { $0.map { String(decoding: $0, as: UTF8.self) } } }
    }

    /// Runs `calls` pipelined: all sent, then one sync, then every answer read, so the group
    /// costs one round trip. With `inTransaction`, inside `BEGIN … COMMIT`: one commit for the
    /// whole group. Without, as one implicit transaction (reads: one snapshot for all). All or
    /// nothing: when any statement fails, everything is rolled back and the first failure is thrown.
    ///
    /// A transaction whose `COMMIT` succeeded but came with a server warning (its wait for a
    /// synchronous standby was cancelled, so it is committed here and maybe nowhere else) throws
    /// a `PostgresError` with `isCommitInDoubt`: it must not be acknowledged as saved.
    /// - Returns: each call's rows, in order, once the sync (and so any `COMMIT`) has returned.
    func runPipelined(_ calls: [(PostgresStatement, [PostgresParameter])],
                      inTransaction: Bool) throws(PostgresError) -> [[PostgresRow]] {
        warning = nil
        guard PQenterPipelineMode(handle) == 1 else { throw failure("entering pipeline mode") }
        if inTransaction { try send("BEGIN") }
        for (statement, parameters) in calls {
            let sent = withParameters(parameters) { count, values, lengths, formats in
                PQsendQueryPrepared(handle, statement.rawValue, count, values, lengths, formats, 1)
            }
            guard sent == 1 else { throw failure("sending \(statement.rawValue)") }
        }
        if inTransaction { try send("COMMIT") }
        guard PQpipelineSync(handle) == 1 else { throw failure("sending a pipeline sync") }
        // What each result answers, for messages only (built when one is needed).
        let offset = inTransaction ? 1 : 0
        func context(_ index: Int) -> String {
            if index < offset { return "beginning a transaction" }
            if index - offset < calls.count { return "running \(calls[index - offset].0.rawValue)" }
            return "committing"
        }
        var rows: [[PostgresRow]] = []
        rows.reserveCapacity(calls.count)
        var firstError: (index: Int, error: PostgresError)?
        do throws(PostgresError) {
            try readPipelineResults(count: calls.count + 2 * offset, context: context, offset: offset, calls: calls.count,
                                    rows: &rows, firstError: &firstError)
        } catch where inTransaction && firstError == nil && error.isConnectionFailure {
            // Everything up to the COMMIT was sent and nothing had failed: the server may have
            // committed before the connection failed or went silent. Answered in doubt, never as
            // "nothing was stored", which a retried create would turn into a second row.
            throw Self.commitInDoubt(error)
        }
        // The pool drops a connection after any failure, so nothing needs restoring here.
        if let firstError {
            // The COMMIT itself ended by the server going away (an operator terminated the backend
            // while it waited for a standby, a shutdown): it has already committed locally.
            // A COMMIT refused for a reason of its own (a serialization failure) committed nothing.
            if inTransaction, firstError.index == calls.count + offset, firstError.error.endsTheSession {
                throw Self.commitInDoubt(firstError.error)
            }
            throw firstError.error
        }
        // The warning is sent before the COMMIT's own answer, so it has been read by now.
        if inTransaction, let warning {
            let what = warning.isCancelledReplicationWait
                ? "its wait for a synchronous standby was cancelled" : "the server warned while it committed"
            throw PostgresError(
                context: "committing", sqlState: warning.sqlState,
                message: "the commit returned, but \(what) (\(warning.message)): it is committed on this server and may "
                    + "not be on any standby, so it may be lost in a failover; the writes are answered as indeterminate",
                isCommitInDoubt: true)
        }
        return rows
    }

    /// `error`, which ended a transaction after its COMMIT was sent, as a commit in doubt.
    private static func commitInDoubt(_ error: PostgresError) -> PostgresError {
        PostgresError(context: "committing", sqlState: error.sqlState,
                      message: "the commit was sent but its answer never came (\(error.message)), so the writes may "
                          + "or may not be stored; they are answered as indeterminate",
                      isConnectionFailure: true, isCommitInDoubt: true)
    }

    /// Reads a pipeline's `count` results, then its sync: each statement's rows into `rows` (the
    /// `calls` after `offset`), the first failed result and its index into `firstError`.
    /// - Throws: a connection failure (the server went silent, closed, or answered out of order).
    private func readPipelineResults(count: Int, context: (Int) -> String, offset: Int, calls: Int,
                                     rows: inout [[PostgresRow]],
                                     firstError: inout (index: Int, error: PostgresError)?) throws(PostgresError) {
        for index in 0..<count {
            try awaitResult(context(index))
            guard let result = PQgetResult(handle) else { throw failure(context(index)) }
            do throws(PostgresError) {
                let resultRows = try consume(result, context: context(index))
                if index >= offset && index < offset + calls { rows.append(resultRows) }
            } catch {
                if firstError == nil { firstError = (index, error) }
            }
            // Each command's results end with a NULL.
            try awaitResult(context(index))
            if let extra = PQgetResult(handle) {
                PQclear(extra)
                throw PostgresError(context: context(index), message: "the server sent more results than expected",
                                    isConnectionFailure: true)
            }
        }
        try awaitResult("waiting for the pipeline sync")
        guard let sync = PQgetResult(handle) else { throw failure("waiting for the pipeline sync") }
        let syncStatus = PQresultStatus(sync)
        PQclear(sync)
        guard syncStatus == PGRES_PIPELINE_SYNC else {
            throw PostgresError(context: "waiting for the pipeline sync", message: "the server answered out of order",
                                isConnectionFailure: true)
        }
        guard PQexitPipelineMode(handle) == 1 else { throw failure("leaving pipeline mode") }
    }

    /// Runs one SQL statement with binary parameters (their types come from casts in the SQL,
    /// `$1::bigint`) and answers its rows in binary: for `scenelink store copy`, not the hot path.
    func run(_ sql: String, _ parameters: [PostgresParameter]) throws(PostgresError) -> [PostgresRow] {
        let result = withParameters(parameters) { count, values, lengths, formats in
            PQexecParams(handle, sql, count, nil, values, lengths, formats, 1)
        }
        return try consume(result, context: "running \(sql.prefix(40))…")
    }

    // MARK: Helpers

    /// Waits until `PQgetResult` can answer without blocking, at most `responseTimeoutMilliseconds`
    /// (its own wait, without the deadline, ends only when the server answers or closes).
    /// - Throws: a connection failure when the server sent nothing for that long, or the socket failed.
    private func awaitResult(_ context: @autoclosure () -> String) throws(PostgresError) {
        guard let timeout = responseTimeoutMilliseconds else { return }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout) * 1_000_000
        while PQisBusy(handle) == 1 {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                throw PostgresError(context: context(), message: "the server sent nothing for \(timeout) ms, so the connection "
                                    + "counts as lost (a frozen server or a network dropping packets)", isConnectionFailure: true)
            }
            let socket = PQsocket(handle)
            guard socket >= 0 else { throw failure(context()) }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(clamping: (deadline - now + 999_999) / 1_000_000))
            let pollError = errno
            if ready < 0 && pollError != EINTR {
                throw PostgresError(context: context(), message: "poll failed: \(String(cString: strerror(pollError)))",
                                    isConnectionFailure: true)
            }
            if ready > 0 && PQconsumeInput(handle) != 1 { throw failure(context()) }
        }
    }

    private func send(_ sql: String) throws(PostgresError) {
        guard PQsendQueryParams(handle, sql, 0, nil, nil, nil, nil, 1) == 1 else { throw failure("sending \(sql)") }
    }

    /// Reads a result's rows (binary for prepared statements, text for `execute`) and clears it.
    private func consume(_ result: OpaquePointer?, context: @autoclosure () -> String) throws(PostgresError) -> [PostgresRow] {
        guard let result else { throw failure(context()) }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return []
        case PGRES_TUPLES_OK:
            var rows: [PostgresRow] = []
            let rowCount = PQntuples(result), columnCount = PQnfields(result)
            rows.reserveCapacity(Int(rowCount))
            for row in 0..<rowCount {
                var columns: [[UInt8]?] = []
                columns.reserveCapacity(Int(columnCount))
                for column in 0..<columnCount {
                    if PQgetisnull(result, row, column) == 1 {
                        columns.append(nil)
                    } else if let value = PQgetvalue(result, row, column) {
                        let length = Int(PQgetlength(result, row, column))
                        columns.append(value.withMemoryRebound(to: UInt8.self, capacity: length) {
                            Array(UnsafeBufferPointer(start: $0, count: length))
                        })
                    } else {
                        columns.append([])
                    }
                }
                rows.append(PostgresRow(columns: columns))
            }
            return rows
        case PGRES_PIPELINE_ABORTED:
            throw PostgresError(context: context(), message: "skipped because an earlier statement of the transaction failed")
        default:
            let sqlState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let message = PQresultErrorMessage(result).map { String(cString: $0) } ?? ""
            throw PostgresError(context: context(), sqlState: sqlState,
                                message: message.isEmpty ? PostgresConnection.errorMessage(handle) : message,
                                isConnectionFailure: !isUsable)
        }
    }

    /// The connection's last error after a libpq call itself failed: the connection cannot be
    /// trusted any more (a half-sent pipeline, a dropped socket), so it counts as a connection failure.
    private func failure(_ context: String) -> PostgresError {
        PostgresError(context: context, message: PostgresConnection.errorMessage(handle), isConnectionFailure: true)
    }

    /// Encodes binary parameters into the connection's reusable buffers for the length of one
    /// libpq call (which copies them into its output buffer): no allocation once they have grown.
    private func withParameters<T>(
        _ parameters: [PostgresParameter],
        _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T
    ) -> T {
        parameterBytes.removeAll(keepingCapacity: true)
        parameterStarts.removeAll(keepingCapacity: true)
        parameterLengths.removeAll(keepingCapacity: true)
        for parameter in parameters {
            let start = parameterBytes.count
            // A null pointer is how libpq sends SQL NULL (its length and format are ignored).
            parameterStarts.append(parameter.append(to: &parameterBytes) ? start : -1)
            parameterLengths.append(Int32(clamping: parameterBytes.count - start))
        }
        // One byte more, so the buffer has an address even when every value is empty.
        parameterBytes.append(0)
        while parameterFormats.count < parameters.count { parameterFormats.append(1) }
        return parameterBytes.withUnsafeBufferPointer { bytes in
            parameterPointers.removeAll(keepingCapacity: true)
            for start in parameterStarts {
                parameterPointers.append(start < 0 ? nil : bytes.baseAddress.map { UnsafeRawPointer($0 + start).assumingMemoryBound(to: CChar.self) })
            }
            return parameterPointers.withUnsafeBufferPointer { pointers in
                parameterLengths.withUnsafeBufferPointer { lengths in
                    parameterFormats.withUnsafeBufferPointer { formats in
                        body(Int32(parameters.count), pointers.baseAddress, lengths.baseAddress, formats.baseAddress)
                    }
                }
            }
        }
    }

    private static func errorMessage(_ handle: OpaquePointer) -> String {
        let message = PQerrorMessage(handle).map { String(cString: $0) } ?? ""
        return message.isEmpty ? "libpq gave no reason" : message
    }

    private static func address(of handle: OpaquePointer) -> String {
        let host = PQhost(handle).map { String(cString: $0) } ?? "?"
        let port = PQport(handle).map { String(cString: $0) } ?? "?"
        let database = PQdb(handle).map { String(cString: $0) } ?? "?"
        return "postgres://\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
    }
}
