import CSQLite

/// The database schema and its migrations, versioned by `PRAGMA user_version`.
///
/// Migration N (1-based) brings a database from version N-1 to N inside one transaction,
/// together with the new `user_version`, so a crash mid-migration leaves the old version.
/// A file with a version newer than this build knows is refused rather than misread.
enum Schema {
    static let migrations: [String] = [
        // 1: sessions, scenes, values. Times are milliseconds since 1970 (UTC). `scene_count` and
        // `value_count` are kept by the writer so that limit checks cost O(1), not a count(*).
        """
        CREATE TABLE meta (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            revision INTEGER NOT NULL
        );
        INSERT INTO meta (id, revision) VALUES (1, 0);
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            token_hash BLOB NOT NULL UNIQUE,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            scene_count INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
        CREATE INDEX sessions_by_expiry ON sessions (expires_at);
        CREATE TABLE scenes (
            session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
            scene TEXT NOT NULL,
            revision INTEGER NOT NULL,
            value_count INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (session_id, scene)
        ) WITHOUT ROWID;
        CREATE TABLE scene_values (
            session_id TEXT NOT NULL,
            scene TEXT NOT NULL,
            value_key TEXT NOT NULL,
            content_type TEXT NOT NULL,
            revision INTEGER NOT NULL,
            bytes BLOB NOT NULL,
            PRIMARY KEY (session_id, scene, value_key),
            FOREIGN KEY (session_id, scene) REFERENCES scenes (session_id, scene) ON DELETE CASCADE
        );
        """,
        // 2: short links. `code_hash` (SHA-256 of the code) is what lookups use, so the time an
        // index search takes depends on a hash, not on how much of a guess matched a stored code.
        // `sequence` is the rowid: creation order and the listing's cursor. `expires_at` is NULL
        // for a link that never expires.
        """
        CREATE TABLE short_links (
            sequence INTEGER PRIMARY KEY,
            code_hash BLOB NOT NULL UNIQUE,
            code TEXT NOT NULL,
            link TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            expires_at INTEGER,
            clicks INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX short_links_by_expiry ON short_links (expires_at) WHERE expires_at IS NOT NULL;
        """,
        // 3: the bytes of all a session's values, kept by the writer like `scene_count`, so the
        // session quota (`maximumSessionBytes`) costs O(1) per write.
        """
        ALTER TABLE sessions ADD COLUMN value_bytes INTEGER NOT NULL DEFAULT 0;
        UPDATE sessions SET value_bytes = coalesce(
            (SELECT sum(length(bytes)) FROM scene_values WHERE scene_values.session_id = sessions.id), 0);
        """,
        // 4: webhook endpoints and the outbox of their deliveries (one row per event and endpoint,
        // written in the transaction of the change that caused the event). `events` is `,a,b,`.
        // `secret` and `previous_secret` are the HMAC keys: signing needs them as they are.
        // `short_links.route`: the route name the target resolved to at creation, for the events.
        """
        CREATE TABLE webhook_endpoints (
            sequence INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            url TEXT NOT NULL,
            events TEXT NOT NULL,
            description TEXT,
            created_at INTEGER NOT NULL,
            secret BLOB NOT NULL,
            previous_secret BLOB,
            previous_secret_expires_at INTEGER,
            disabled_at INTEGER,
            disabled_reason TEXT
        );
        CREATE TABLE webhook_deliveries (
            sequence INTEGER PRIMARY KEY,
            endpoint_id TEXT NOT NULL,
            message_id TEXT NOT NULL,
            event_type TEXT NOT NULL,
            event_timestamp INTEGER NOT NULL,
            payload TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'pending',
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at INTEGER,
            last_attempt_at INTEGER,
            last_status INTEGER,
            last_error TEXT
        );
        CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
        CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, sequence);
        ALTER TABLE short_links ADD COLUMN route TEXT;
        """,
        // 5: claims (deferred deep links). Looked up by the SHA-256 of the token or of the short
        // code; the redemption is the install UUID the app sent, how it found the claim, and when.
        // By design there is no column for the visitor's address, User-Agent or any device trait.
        """
        CREATE TABLE claims (
            token_hash BLOB PRIMARY KEY,
            code_hash BLOB NOT NULL UNIQUE,
            link TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            code_expires_at INTEGER NOT NULL,
            redeemed_install TEXT,
            redeemed_source TEXT,
            redeemed_at INTEGER
        ) WITHOUT ROWID;
        CREATE INDEX claims_by_expiry ON claims (expires_at);
        """,
        // 6: the route name a claim's link resolved to when the link page made it, for the
        // `claim.redeemed` event (NULL for claims made before it was kept). Pending deliveries by
        // endpoint and due time, for the per-endpoint cap of a delivery claim.
        """
        ALTER TABLE claims ADD COLUMN route TEXT;
        CREATE INDEX webhook_deliveries_due_by_endpoint ON webhook_deliveries (endpoint_id, next_attempt_at, sequence)
            WHERE state = 'pending';
        """,
        // 7: claims by id. A claim's token carries its id, which grows with time, so a new claim
        // is appended at the end of the table instead of at a random place of a hash-keyed tree;
        // only the code's index is keyed by a hash. Claims made before this version had tokens
        // without an id and cannot be read by this one: the table is made anew (claims were
        // not yet released when this changed).
        """
        DROP TABLE claims;
        CREATE TABLE claims (
            id INTEGER PRIMARY KEY,
            secret_hash BLOB NOT NULL,
            code_key INTEGER NOT NULL UNIQUE,
            link TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            code_expires_at INTEGER NOT NULL,
            redeemed_install TEXT,
            redeemed_source TEXT,
            redeemed_at INTEGER,
            route TEXT
        );
        CREATE INDEX claims_by_expiry ON claims (expires_at);
        """,
        // 8: codes are claim ids encrypted with a key the store keeps (`ClaimCodeCipher`), so
        // claims lose the code's hash and its index, where every new claim landed on a random
        // page. Claims are kept and their tokens still redeem; codes handed out before this
        // version (they live an hour) no longer read.
        """
        CREATE TABLE store_keys (
            name TEXT PRIMARY KEY,
            value BLOB NOT NULL
        );
        CREATE TABLE claims_by_id (
            id INTEGER PRIMARY KEY,
            secret_hash BLOB NOT NULL,
            link TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            code_expires_at INTEGER NOT NULL,
            redeemed_install TEXT,
            redeemed_source TEXT,
            redeemed_at INTEGER,
            route TEXT
        );
        INSERT INTO claims_by_id
            SELECT id, secret_hash, link, created_at, expires_at, code_expires_at, redeemed_install, redeemed_source,
                   redeemed_at, route
            FROM claims;
        DROP TABLE claims;
        ALTER TABLE claims_by_id RENAME TO claims;
        CREATE INDEX claims_by_expiry ON claims (expires_at);
        """,
        // 9: Idempotency-Key records of the creates that are safe to retry (`IdempotencyStore`):
        // a hash of the caller's key, of the body, and once finished the first answer, sealed.
        // A row without a status is held by a request in flight until lease_until.
        """
        CREATE TABLE idempotency_keys (
            key_hash BLOB PRIMARY KEY,
            fingerprint BLOB NOT NULL,
            created_at INTEGER NOT NULL,
            lease_until INTEGER,
            status INTEGER,
            location TEXT,
            answer BLOB
        );
        CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
        """,
        // 10: click analytics, aggregates only (`AnalyticsStore`): counts per scope per 15-minute
        // bucket and since the first visit, human visits per hour per value of one dimension
        // (folded into UTC days later), distinct visitors per UTC day. No address, User-Agent,
        // full referrer or visitor hash is ever a column. A claim keeps the short link whose page
        // made it, so its install counts under the code too.
        """
        ALTER TABLE claims ADD COLUMN short_link TEXT;
        CREATE TABLE analytics_visits (
            scope TEXT NOT NULL,
            bucket INTEGER NOT NULL,
            human INTEGER NOT NULL, qr INTEGER NOT NULL, preview INTEGER NOT NULL, bot INTEGER NOT NULL,
            claims INTEGER NOT NULL, installs INTEGER NOT NULL,
            PRIMARY KEY (scope, bucket)
        ) WITHOUT ROWID;
        CREATE INDEX analytics_visits_by_bucket ON analytics_visits (bucket);
        CREATE TABLE analytics_totals (
            scope TEXT PRIMARY KEY,
            human INTEGER NOT NULL, qr INTEGER NOT NULL, preview INTEGER NOT NULL, bot INTEGER NOT NULL,
            claims INTEGER NOT NULL, installs INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE analytics_marginals (
            scope TEXT NOT NULL,
            dimension TEXT NOT NULL,
            hour INTEGER NOT NULL,
            value TEXT NOT NULL,
            visits INTEGER NOT NULL,
            PRIMARY KEY (scope, dimension, hour, value)
        ) WITHOUT ROWID;
        CREATE INDEX analytics_marginals_by_hour ON analytics_marginals (hour);
        CREATE TABLE analytics_marginal_days (
            scope TEXT NOT NULL,
            dimension TEXT NOT NULL,
            day INTEGER NOT NULL,
            value TEXT NOT NULL,
            visits INTEGER NOT NULL,
            PRIMARY KEY (scope, dimension, day, value)
        ) WITHOUT ROWID;
        CREATE TABLE analytics_visitors (
            scope TEXT NOT NULL,
            day INTEGER NOT NULL,
            visitors INTEGER NOT NULL,
            PRIMARY KEY (scope, day)
        ) WITHOUT ROWID;
        """,
        // 11: named API keys and the audit log.
        // A key keeps the SHA-256 of its secret, never its text; names are unique among keys that
        // are not revoked. `scopes` is the comma-separated list (`links:read,webhooks:admin`).
        // `audit_log.sequence` is the rowid: the order of entries and the cursor of a page;
        // `detail` is a JSON object of public facts, never a secret.
        """
        CREATE TABLE api_keys (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            scopes TEXT NOT NULL,
            secret_hash BLOB NOT NULL,
            created_at INTEGER NOT NULL,
            revoked_at INTEGER
        ) WITHOUT ROWID;
        CREATE UNIQUE INDEX api_keys_by_live_name ON api_keys (name) WHERE revoked_at IS NULL;
        CREATE TABLE audit_log (
            sequence INTEGER PRIMARY KEY,
            at INTEGER NOT NULL,
            actor TEXT NOT NULL,
            action TEXT NOT NULL,
            subject TEXT NOT NULL,
            detail TEXT NOT NULL
        );
        CREATE INDEX audit_log_by_time ON audit_log (at);
        CREATE INDEX audit_log_by_subject ON audit_log (subject, sequence);
        CREATE INDEX audit_log_by_actor ON audit_log (actor, sequence);
        """,
        // 12: a short link's title and tags, and its revision (the `ETag` of `PATCH`, one more at
        // each change). Tags are rows of their own keyed by the link's sequence; the index by tag
        // and sequence is what `?tag=` pages through, so a tag's page costs its own rows.
        """
        ALTER TABLE short_links ADD COLUMN title TEXT;
        ALTER TABLE short_links ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
        CREATE TABLE short_link_tags (
            sequence INTEGER NOT NULL REFERENCES short_links (sequence) ON DELETE CASCADE,
            tag TEXT NOT NULL,
            PRIMARY KEY (sequence, tag)
        ) WITHOUT ROWID;
        CREATE INDEX short_link_tags_by_tag ON short_link_tags (tag, sequence);
        """,
        // 13: visits per scope per UTC day, beside the 15-minute rows and written by the same
        // flush, so that every link's days (the export) read 96 times fewer rows; the index by
        // day covers the console's top links of a few days (and retention). Filled from the
        // 15-minute rows already stored.
        """
        CREATE TABLE analytics_visit_days (
            scope TEXT NOT NULL,
            day INTEGER NOT NULL,
            human INTEGER NOT NULL, qr INTEGER NOT NULL, preview INTEGER NOT NULL, bot INTEGER NOT NULL,
            claims INTEGER NOT NULL, installs INTEGER NOT NULL,
            PRIMARY KEY (scope, day)
        ) WITHOUT ROWID;
        CREATE INDEX analytics_visit_days_by_day ON analytics_visit_days (day, scope, human);
        INSERT INTO analytics_visit_days (scope, day, human, qr, preview, bot, claims, installs)
            SELECT scope, bucket / 96, sum(human), sum(qr), sum(preview), sum(bot), sum(claims), sum(installs)
            FROM analytics_visits GROUP BY scope, bucket / 96;
        """,
        // 14: how many claims expired unredeemed per UTC day of their expiry, counted by the sweep
        // as it deletes them (the claims themselves are gone after it). One row per day.
        """
        CREATE TABLE claim_expiries (
            day INTEGER PRIMARY KEY,
            expired INTEGER NOT NULL
        );
        """,
        // 15: each analytics table's row count, kept by triggers as rows come and go, so the
        // privacy receipt reads six numbers instead of counting every row (a count of the
        // 15-minute rows at 10^8 visits took about 300 ms).
        """
        CREATE TABLE analytics_table_rows (
            table_name TEXT PRIMARY KEY,
            row_count INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO analytics_table_rows SELECT 'analytics_visits', count(*) FROM analytics_visits;
        CREATE TRIGGER analytics_visits_row_added AFTER INSERT ON analytics_visits
            BEGIN UPDATE analytics_table_rows SET row_count = row_count + 1 WHERE table_name = 'analytics_visits'; END;
        CREATE TRIGGER analytics_visits_row_removed AFTER DELETE ON analytics_visits
            BEGIN UPDATE analytics_table_rows SET row_count = row_count - 1 WHERE table_name = 'analytics_visits'; END;
        INSERT INTO analytics_table_rows SELECT 'analytics_visit_days', count(*) FROM analytics_visit_days;
        CREATE TRIGGER analytics_visit_days_row_added AFTER INSERT ON analytics_visit_days
            BEGIN UPDATE analytics_table_rows SET row_count = row_count + 1 WHERE table_name = 'analytics_visit_days'; END;
        CREATE TRIGGER analytics_visit_days_row_removed AFTER DELETE ON analytics_visit_days
            BEGIN UPDATE analytics_table_rows SET row_count = row_count - 1 WHERE table_name = 'analytics_visit_days'; END;
        INSERT INTO analytics_table_rows SELECT 'analytics_totals', count(*) FROM analytics_totals;
        CREATE TRIGGER analytics_totals_row_added AFTER INSERT ON analytics_totals
            BEGIN UPDATE analytics_table_rows SET row_count = row_count + 1 WHERE table_name = 'analytics_totals'; END;
        CREATE TRIGGER analytics_totals_row_removed AFTER DELETE ON analytics_totals
            BEGIN UPDATE analytics_table_rows SET row_count = row_count - 1 WHERE table_name = 'analytics_totals'; END;
        INSERT INTO analytics_table_rows SELECT 'analytics_marginals', count(*) FROM analytics_marginals;
        CREATE TRIGGER analytics_marginals_row_added AFTER INSERT ON analytics_marginals
            BEGIN UPDATE analytics_table_rows SET row_count = row_count + 1 WHERE table_name = 'analytics_marginals'; END;
        CREATE TRIGGER analytics_marginals_row_removed AFTER DELETE ON analytics_marginals
            BEGIN UPDATE analytics_table_rows SET row_count = row_count - 1 WHERE table_name = 'analytics_marginals'; END;
        INSERT INTO analytics_table_rows SELECT 'analytics_marginal_days', count(*) FROM analytics_marginal_days;
        CREATE TRIGGER analytics_marginal_days_row_added AFTER INSERT ON analytics_marginal_days
            BEGIN UPDATE analytics_table_rows SET row_count = row_count + 1 WHERE table_name = 'analytics_marginal_days'; END;
        CREATE TRIGGER analytics_marginal_days_row_removed AFTER DELETE ON analytics_marginal_days
            BEGIN UPDATE analytics_table_rows SET row_count = row_count - 1 WHERE table_name = 'analytics_marginal_days'; END;
        INSERT INTO analytics_table_rows SELECT 'analytics_visitors', count(*) FROM analytics_visitors;
        CREATE TRIGGER analytics_visitors_row_added AFTER INSERT ON analytics_visitors
            BEGIN UPDATE analytics_table_rows SET row_count = row_count + 1 WHERE table_name = 'analytics_visitors'; END;
        CREATE TRIGGER analytics_visitors_row_removed AFTER DELETE ON analytics_visitors
            BEGIN UPDATE analytics_table_rows SET row_count = row_count - 1 WHERE table_name = 'analytics_visitors'; END;
        """,
        // 16: delivered and failed webhook deliveries by their last attempt, for the retention
        // sweep (`--webhook-retention`); pending ones are not in it and never swept.
        """
        CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (last_attempt_at) WHERE state <> 'pending';
        """,
        // 17: the events each endpoint lost to a full outbox (`--webhook-outbox-limit`), so a
        // receiver's owner sees that its backlog was cut, and by how much.
        """
        ALTER TABLE webhook_endpoints ADD COLUMN dropped_events INTEGER NOT NULL DEFAULT 0;
        """,
        // 18: what a short link sets over its route's page (`ShortLinkSettings.storedText`: its
        // card, fallbacks, redirect and campaign as one JSON object); NULL for none.
        """
        ALTER TABLE short_links ADD COLUMN settings TEXT;
        """,
    ]

    /// Brings the database on `connection` to the latest version.
    static func migrate(_ connection: Connection) throws(SQLiteError) {
        let version = try userVersion(connection)
        guard version <= migrations.count else {
            throw SQLiteError(code: SQLITE_ERROR,
                              message: "the database \(connection.path) has schema version \(version), newer than the "
                                  + "\(migrations.count) this scenelink knows; run a newer scenelink or use another file")
        }
        for next in Int(version)..<migrations.count {
            try connection.execute("BEGIN IMMEDIATE")
            do throws(SQLiteError) {
                try connection.execute(migrations[next])
                // user_version cannot be bound; the number comes from this code, not from input.
                try connection.execute("PRAGMA user_version = \(next + 1)")
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    static func userVersion(_ connection: Connection) throws(SQLiteError) -> Int64 {
        let statement = try connection.prepare("PRAGMA user_version")
        defer { statement.reset() }
        guard try statement.step() else { return 0 }
        return statement.int64(at: 0)
    }

    /// Runs `PRAGMA quick_check` and refuses a damaged file (or one that is not SQLite).
    static func quickCheck(_ connection: Connection) throws(SQLiteError) {
        let findings: [String]
        do throws(SQLiteError) {
            let statement = try connection.prepare("PRAGMA quick_check")
            defer { statement.reset() }
            var rows: [String] = []
            while try statement.step() { rows.append(statement.text(at: 0)) }
            findings = rows
        } catch {
            switch error.primaryCode {
            case SQLITE_CORRUPT, SQLITE_NOTADB:
                throw SQLiteError.corrupt(path: connection.path, findings: error.message)
            default:
                throw error
            }
        }
        guard findings == ["ok"] else {
            throw SQLiteError.corrupt(path: connection.path, findings: findings.prefix(3).joined(separator: "; "))
        }
    }
}
