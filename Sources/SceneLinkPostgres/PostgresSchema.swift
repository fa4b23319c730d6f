/// The PostgreSQL schema and its migrations, numbered like the SQLite ones: migration N
/// (1-based) brings a database from version N-1 to N in one transaction, together with the
/// version row, so a crash mid-migration leaves the old version.
///
/// Instances that start together all call `migrate`; an advisory lock makes them take turns,
/// so the first migrates and the others find the work done. A database whose version is newer
/// than this build knows is refused rather than misread.
enum PostgresSchema {
    /// The advisory lock key every SceneLink instance takes to migrate ("SLNK" in ASCII).
    static let migrationLockKey: Int64 = 0x534C_4E4B

    static let migrations: [String] = [
        // 1: sessions, scenes, values, and the write functions. Times are milliseconds since 1970
        // (UTC). `scene_count` and `value_count` are kept by the writes so that limit checks cost
        // O(1). Revisions come from one sequence: store-wide, never going back, never repeated
        // (a committed transaction's WAL covers the sequence values it used).
        #"""
        CREATE SEQUENCE scenelink_revisions;
        CREATE TABLE sessions (
            id text PRIMARY KEY,
            token_hash bytea NOT NULL UNIQUE,
            created_at bigint NOT NULL,
            expires_at bigint NOT NULL,
            scene_count integer NOT NULL DEFAULT 0
        );
        CREATE INDEX sessions_by_expiry ON sessions (expires_at);
        CREATE TABLE scenes (
            session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
            scene text NOT NULL,
            revision bigint NOT NULL,
            value_count integer NOT NULL DEFAULT 0,
            PRIMARY KEY (session_id, scene)
        );
        CREATE TABLE scene_values (
            session_id text NOT NULL,
            scene text NOT NULL,
            value_key text NOT NULL,
            content_type text NOT NULL,
            revision bigint NOT NULL,
            bytes bytea NOT NULL,
            PRIMARY KEY (session_id, scene, value_key),
            FOREIGN KEY (session_id, scene) REFERENCES scenes (session_id, scene) ON DELETE CASCADE
        );

        -- If-Match, then If-None-Match (RFC 9110 §13.2.2) against the current revision (NULL:
        -- nothing stored). Modes: 0 no header, 1 "*", 2 a list of revisions (see Precondition+Postgres).
        CREATE FUNCTION scenelink_condition_holds(current_revision bigint, match_mode integer, match_revisions bigint[],
                                                  none_match_mode integer, none_match_revisions bigint[])
        RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
            SELECT (CASE match_mode WHEN 0 THEN true WHEN 1 THEN current_revision IS NOT NULL
                        ELSE current_revision IS NOT NULL AND current_revision = ANY (match_revisions) END)
               AND (CASE none_match_mode WHEN 0 THEN true WHEN 1 THEN current_revision IS NULL
                        ELSE current_revision IS NULL OR NOT (current_revision = ANY (none_match_revisions)) END)
        $$;

        -- Every write function locks the session's row first: writes to one session take turns,
        -- whichever instance runs them, and each reads what is committed after it got the lock.
        -- Status: 0 done, 1 no session, 2 precondition failed (o_revision: the current one),
        -- 3 too many keys, 4 too many scenes, 5 value too large (o_revision: its bytes), 7 missing.
        CREATE FUNCTION scenelink_put_value(
            p_session text, p_scene text, p_key text, p_content_type text, p_bytes bytea,
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            p_maximum_keys integer, p_maximum_scenes integer,
            OUT o_status integer, OUT o_revision bigint, OUT o_created boolean)
        LANGUAGE plpgsql AS $$
        DECLARE
            session_scene_count integer;
            scene_value_count integer;
            current_revision bigint;
        BEGIN
            SELECT scene_count INTO session_scene_count FROM sessions WHERE id = p_session FOR NO KEY UPDATE;
            IF FOUND THEN
                SELECT value_count INTO scene_value_count FROM scenes WHERE session_id = p_session AND scene = p_scene;
                IF FOUND THEN
                    SELECT revision INTO current_revision FROM scene_values
                    WHERE session_id = p_session AND scene = p_scene AND value_key = p_key;
                END IF;
            END IF;
            IF NOT scenelink_condition_holds(current_revision, p_match_mode, p_match, p_none_match_mode, p_none_match) THEN
                o_status := 2; o_revision := current_revision; RETURN;
            END IF;
            IF session_scene_count IS NULL THEN o_status := 1; RETURN; END IF;
            IF scene_value_count IS NULL THEN
                IF session_scene_count >= p_maximum_scenes THEN o_status := 4; RETURN; END IF;
                o_revision := nextval('scenelink_revisions');
                INSERT INTO scenes (session_id, scene, revision, value_count) VALUES (p_session, p_scene, o_revision, 1);
                UPDATE sessions SET scene_count = scene_count + 1 WHERE id = p_session;
            ELSE
                IF current_revision IS NULL AND scene_value_count >= p_maximum_keys THEN o_status := 3; RETURN; END IF;
                o_revision := nextval('scenelink_revisions');
                UPDATE scenes SET revision = o_revision,
                                  value_count = value_count + (CASE WHEN current_revision IS NULL THEN 1 ELSE 0 END)
                WHERE session_id = p_session AND scene = p_scene;
            END IF;
            INSERT INTO scene_values (session_id, scene, value_key, content_type, revision, bytes)
            VALUES (p_session, p_scene, p_key, p_content_type, o_revision, p_bytes)
            ON CONFLICT (session_id, scene, value_key)
            DO UPDATE SET content_type = excluded.content_type, revision = excluded.revision, bytes = excluded.bytes;
            o_status := 0; o_created := current_revision IS NULL;
        END $$;

        CREATE FUNCTION scenelink_delete_value(
            p_session text, p_scene text, p_key text,
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            OUT o_status integer, OUT o_revision bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
            current_revision bigint;
        BEGIN
            PERFORM 1 FROM sessions WHERE id = p_session FOR NO KEY UPDATE;
            IF NOT FOUND THEN o_status := 7; RETURN; END IF;
            SELECT revision INTO current_revision FROM scene_values
            WHERE session_id = p_session AND scene = p_scene AND value_key = p_key;
            IF current_revision IS NULL THEN o_status := 7; RETURN; END IF;
            IF NOT scenelink_condition_holds(current_revision, p_match_mode, p_match, p_none_match_mode, p_none_match) THEN
                o_status := 2; o_revision := current_revision; RETURN;
            END IF;
            DELETE FROM scene_values WHERE session_id = p_session AND scene = p_scene AND value_key = p_key;
            UPDATE scenes SET revision = nextval('scenelink_revisions'), value_count = greatest(value_count - 1, 0)
            WHERE session_id = p_session AND scene = p_scene;
            o_status := 0;
        END $$;

        CREATE FUNCTION scenelink_replace_scene(
            p_session text, p_scene text, p_keys text[], p_content_types text[], p_values bytea[],
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            p_maximum_value_bytes integer, p_maximum_keys integer, p_maximum_scenes integer,
            OUT o_status integer, OUT o_revision bigint, OUT o_created boolean)
        LANGUAGE plpgsql AS $$
        DECLARE
            session_scene_count integer;
            current_revision bigint;
            largest integer;
        BEGIN
            SELECT scene_count INTO session_scene_count FROM sessions WHERE id = p_session FOR NO KEY UPDATE;
            IF FOUND THEN
                SELECT revision INTO current_revision FROM scenes WHERE session_id = p_session AND scene = p_scene;
            END IF;
            IF NOT scenelink_condition_holds(current_revision, p_match_mode, p_match, p_none_match_mode, p_none_match) THEN
                o_status := 2; o_revision := current_revision; RETURN;
            END IF;
            SELECT max(octet_length(v)) INTO largest FROM unnest(p_values) AS v WHERE octet_length(v) > p_maximum_value_bytes;
            IF largest IS NOT NULL THEN o_status := 5; o_revision := largest; RETURN; END IF;
            IF cardinality(p_keys) > p_maximum_keys THEN o_status := 3; RETURN; END IF;
            IF session_scene_count IS NULL THEN o_status := 1; RETURN; END IF;
            IF current_revision IS NULL AND session_scene_count >= p_maximum_scenes THEN o_status := 4; RETURN; END IF;
            o_revision := nextval('scenelink_revisions');
            IF current_revision IS NULL THEN
                INSERT INTO scenes (session_id, scene, revision, value_count)
                VALUES (p_session, p_scene, o_revision, cardinality(p_keys));
                UPDATE sessions SET scene_count = scene_count + 1 WHERE id = p_session;
            ELSE
                UPDATE scenes SET revision = o_revision, value_count = cardinality(p_keys)
                WHERE session_id = p_session AND scene = p_scene;
                DELETE FROM scene_values WHERE session_id = p_session AND scene = p_scene;
            END IF;
            INSERT INTO scene_values (session_id, scene, value_key, content_type, revision, bytes)
            SELECT p_session, p_scene, k, t, o_revision, b FROM unnest(p_keys, p_content_types, p_values) AS u (k, t, b);
            o_status := 0; o_created := current_revision IS NULL;
        END $$;

        CREATE FUNCTION scenelink_delete_scene(
            p_session text, p_scene text,
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            OUT o_status integer, OUT o_revision bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
            current_revision bigint;
        BEGIN
            PERFORM 1 FROM sessions WHERE id = p_session FOR NO KEY UPDATE;
            IF NOT FOUND THEN o_status := 7; RETURN; END IF;
            SELECT revision INTO current_revision FROM scenes WHERE session_id = p_session AND scene = p_scene;
            IF current_revision IS NULL THEN o_status := 7; RETURN; END IF;
            IF NOT scenelink_condition_holds(current_revision, p_match_mode, p_match, p_none_match_mode, p_none_match) THEN
                o_status := 2; o_revision := current_revision; RETURN;
            END IF;
            DELETE FROM scenes WHERE session_id = p_session AND scene = p_scene;
            UPDATE sessions SET scene_count = greatest(scene_count - 1, 0) WHERE id = p_session;
            o_status := 0;
        END $$;
        """#,
        // 2: short links, as SQLite's migration 2. `code_hash` (SHA-256 of the code) is what
        // lookups use, so the time an index search takes depends on a hash, not on how much of a
        // guess matched a stored code. `sequence` is creation order and the listing's cursor.
        // `expires_at` is NULL for a link that never expires.
        """
        CREATE TABLE short_links (
            sequence bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            code_hash bytea NOT NULL UNIQUE,
            code text NOT NULL,
            link text NOT NULL,
            created_at bigint NOT NULL,
            expires_at bigint,
            clicks bigint NOT NULL DEFAULT 0
        );
        CREATE INDEX short_links_by_expiry ON short_links (expires_at) WHERE expires_at IS NOT NULL;
        """,
        // 3: deleting a value or a scene of a session that is gone answers status 1 (no session)
        // rather than 7 (missing): an instance that cached the session before another instance
        // deleted it then answers as an instance without the cache would.
        #"""
        CREATE OR REPLACE FUNCTION scenelink_delete_value(
            p_session text, p_scene text, p_key text,
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            OUT o_status integer, OUT o_revision bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
            current_revision bigint;
        BEGIN
            PERFORM 1 FROM sessions WHERE id = p_session FOR NO KEY UPDATE;
            IF NOT FOUND THEN o_status := 1; RETURN; END IF;
            SELECT revision INTO current_revision FROM scene_values
            WHERE session_id = p_session AND scene = p_scene AND value_key = p_key;
            IF current_revision IS NULL THEN o_status := 7; RETURN; END IF;
            IF NOT scenelink_condition_holds(current_revision, p_match_mode, p_match, p_none_match_mode, p_none_match) THEN
                o_status := 2; o_revision := current_revision; RETURN;
            END IF;
            DELETE FROM scene_values WHERE session_id = p_session AND scene = p_scene AND value_key = p_key;
            UPDATE scenes SET revision = nextval('scenelink_revisions'), value_count = greatest(value_count - 1, 0)
            WHERE session_id = p_session AND scene = p_scene;
            o_status := 0;
        END $$;

        CREATE OR REPLACE FUNCTION scenelink_delete_scene(
            p_session text, p_scene text,
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            OUT o_status integer, OUT o_revision bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
            current_revision bigint;
        BEGIN
            PERFORM 1 FROM sessions WHERE id = p_session FOR NO KEY UPDATE;
            IF NOT FOUND THEN o_status := 1; RETURN; END IF;
            SELECT revision INTO current_revision FROM scenes WHERE session_id = p_session AND scene = p_scene;
            IF current_revision IS NULL THEN o_status := 7; RETURN; END IF;
            IF NOT scenelink_condition_holds(current_revision, p_match_mode, p_match, p_none_match_mode, p_none_match) THEN
                o_status := 2; o_revision := current_revision; RETURN;
            END IF;
            DELETE FROM scenes WHERE session_id = p_session AND scene = p_scene;
            UPDATE sessions SET scene_count = greatest(scene_count - 1, 0) WHERE id = p_session;
            o_status := 0;
        END $$;
        """#,
        // 4: a quota on the bytes one session stores. `sessions.value_bytes` (the bytes of all its
        // values) is kept by every write, like `scene_count`, so the check costs O(1). The put and
        // replace functions take the limit as one more parameter and answer status 8 (o_revision:
        // the total the write would make) when a write would take the session past it; a session
        // already past a lowered limit may still shrink. The previous put and replace overloads stay,
        // as calls to the new ones without a limit, so an instance of the previous version keeps
        // working (and keeps the counter right) while a cluster is upgraded one instance at a time.
        #"""
        ALTER TABLE sessions ADD COLUMN value_bytes bigint NOT NULL DEFAULT 0;
        UPDATE sessions SET value_bytes = coalesce(
            (SELECT sum(octet_length(v.bytes)) FROM scene_values v WHERE v.session_id = sessions.id), 0);
        CREATE FUNCTION scenelink_put_value(
            p_session text, p_scene text, p_key text, p_content_type text, p_bytes bytea,
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            p_maximum_keys integer, p_maximum_scenes integer, p_maximum_session_bytes bigint,
            OUT o_status integer, OUT o_revision bigint, OUT o_created boolean)
        LANGUAGE plpgsql AS $$
        DECLARE
            session_scene_count integer;
            session_bytes bigint;
            scene_value_count integer;
            current_revision bigint;
            current_bytes bigint := 0;
            proposed bigint;
        BEGIN
            SELECT scene_count, value_bytes INTO session_scene_count, session_bytes
            FROM sessions WHERE id = p_session FOR NO KEY UPDATE;
            IF FOUND THEN
                SELECT value_count INTO scene_value_count FROM scenes WHERE session_id = p_session AND scene = p_scene;
                IF FOUND THEN
                    SELECT revision, octet_length(bytes) INTO current_revision, current_bytes FROM scene_values
                    WHERE session_id = p_session AND scene = p_scene AND value_key = p_key;
                    current_bytes := coalesce(current_bytes, 0);
                END IF;
            END IF;
            IF NOT scenelink_condition_holds(current_revision, p_match_mode, p_match, p_none_match_mode, p_none_match) THEN
                o_status := 2; o_revision := current_revision; RETURN;
            END IF;
            IF session_scene_count IS NULL THEN o_status := 1; RETURN; END IF;
            IF scene_value_count IS NULL AND session_scene_count >= p_maximum_scenes THEN o_status := 4; RETURN; END IF;
            IF scene_value_count IS NOT NULL AND current_revision IS NULL AND scene_value_count >= p_maximum_keys THEN
                o_status := 3; RETURN;
            END IF;
            proposed := session_bytes - current_bytes + octet_length(p_bytes);
            IF proposed > greatest(p_maximum_session_bytes, session_bytes) THEN
                o_status := 8; o_revision := proposed; RETURN;
            END IF;
            o_revision := nextval('scenelink_revisions');
            IF scene_value_count IS NULL THEN
                INSERT INTO scenes (session_id, scene, revision, value_count) VALUES (p_session, p_scene, o_revision, 1);
                UPDATE sessions SET scene_count = scene_count + 1, value_bytes = proposed WHERE id = p_session;
            ELSE
                UPDATE scenes SET revision = o_revision,
                                  value_count = value_count + (CASE WHEN current_revision IS NULL THEN 1 ELSE 0 END)
                WHERE session_id = p_session AND scene = p_scene;
                IF proposed <> session_bytes THEN
                    UPDATE sessions SET value_bytes = proposed WHERE id = p_session;
                END IF;
            END IF;
            INSERT INTO scene_values (session_id, scene, value_key, content_type, revision, bytes)
            VALUES (p_session, p_scene, p_key, p_content_type, o_revision, p_bytes)
            ON CONFLICT (session_id, scene, value_key)
            DO UPDATE SET content_type = excluded.content_type, revision = excluded.revision, bytes = excluded.bytes;
            o_status := 0; o_created := current_revision IS NULL;
        END $$;
        CREATE OR REPLACE FUNCTION scenelink_put_value(
            p_session text, p_scene text, p_key text, p_content_type text, p_bytes bytea,
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            p_maximum_keys integer, p_maximum_scenes integer,
            OUT o_status integer, OUT o_revision bigint, OUT o_created boolean)
        LANGUAGE sql AS $$
            SELECT * FROM scenelink_put_value($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 9223372036854775807)
        $$;
        CREATE FUNCTION scenelink_replace_scene(
            p_session text, p_scene text, p_keys text[], p_content_types text[], p_values bytea[],
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            p_maximum_value_bytes integer, p_maximum_keys integer, p_maximum_scenes integer, p_maximum_session_bytes bigint,
            OUT o_status integer, OUT o_revision bigint, OUT o_created boolean)
        LANGUAGE plpgsql AS $$
        DECLARE
            session_scene_count integer;
            session_bytes bigint;
            current_revision bigint;
            largest integer;
            proposed bigint;
        BEGIN
            SELECT scene_count, value_bytes INTO session_scene_count, session_bytes
            FROM sessions WHERE id = p_session FOR NO KEY UPDATE;
            IF FOUND THEN
                SELECT revision INTO current_revision FROM scenes WHERE session_id = p_session AND scene = p_scene;
            END IF;
            IF NOT scenelink_condition_holds(current_revision, p_match_mode, p_match, p_none_match_mode, p_none_match) THEN
                o_status := 2; o_revision := current_revision; RETURN;
            END IF;
            SELECT max(octet_length(v)) INTO largest FROM unnest(p_values) AS v WHERE octet_length(v) > p_maximum_value_bytes;
            IF largest IS NOT NULL THEN o_status := 5; o_revision := largest; RETURN; END IF;
            IF cardinality(p_keys) > p_maximum_keys THEN o_status := 3; RETURN; END IF;
            IF session_scene_count IS NULL THEN o_status := 1; RETURN; END IF;
            IF current_revision IS NULL AND session_scene_count >= p_maximum_scenes THEN o_status := 4; RETURN; END IF;
            -- The scene's own values (at most the keys limit) are replaced: their bytes leave the total.
            SELECT session_bytes - coalesce(sum(octet_length(bytes)), 0) INTO proposed
            FROM scene_values WHERE session_id = p_session AND scene = p_scene;
            SELECT proposed + coalesce(sum(octet_length(v)), 0) INTO proposed FROM unnest(p_values) AS v;
            IF proposed > greatest(p_maximum_session_bytes, session_bytes) THEN
                o_status := 8; o_revision := proposed; RETURN;
            END IF;
            o_revision := nextval('scenelink_revisions');
            IF current_revision IS NULL THEN
                INSERT INTO scenes (session_id, scene, revision, value_count)
                VALUES (p_session, p_scene, o_revision, cardinality(p_keys));
                UPDATE sessions SET scene_count = scene_count + 1, value_bytes = proposed WHERE id = p_session;
            ELSE
                UPDATE scenes SET revision = o_revision, value_count = cardinality(p_keys)
                WHERE session_id = p_session AND scene = p_scene;
                DELETE FROM scene_values WHERE session_id = p_session AND scene = p_scene;
                UPDATE sessions SET value_bytes = proposed WHERE id = p_session;
            END IF;
            INSERT INTO scene_values (session_id, scene, value_key, content_type, revision, bytes)
            SELECT p_session, p_scene, k, t, o_revision, b FROM unnest(p_keys, p_content_types, p_values) AS u (k, t, b);
            o_status := 0; o_created := current_revision IS NULL;
        END $$;
        CREATE OR REPLACE FUNCTION scenelink_replace_scene(
            p_session text, p_scene text, p_keys text[], p_content_types text[], p_values bytea[],
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            p_maximum_value_bytes integer, p_maximum_keys integer, p_maximum_scenes integer,
            OUT o_status integer, OUT o_revision bigint, OUT o_created boolean)
        LANGUAGE sql AS $$
            SELECT * FROM scenelink_replace_scene($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 9223372036854775807)
        $$;
        CREATE OR REPLACE FUNCTION scenelink_delete_value(
            p_session text, p_scene text, p_key text,
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            OUT o_status integer, OUT o_revision bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
            current_revision bigint;
            current_bytes bigint;
        BEGIN
            PERFORM 1 FROM sessions WHERE id = p_session FOR NO KEY UPDATE;
            IF NOT FOUND THEN o_status := 1; RETURN; END IF;
            SELECT revision, octet_length(bytes) INTO current_revision, current_bytes FROM scene_values
            WHERE session_id = p_session AND scene = p_scene AND value_key = p_key;
            IF current_revision IS NULL THEN o_status := 7; RETURN; END IF;
            IF NOT scenelink_condition_holds(current_revision, p_match_mode, p_match, p_none_match_mode, p_none_match) THEN
                o_status := 2; o_revision := current_revision; RETURN;
            END IF;
            DELETE FROM scene_values WHERE session_id = p_session AND scene = p_scene AND value_key = p_key;
            UPDATE scenes SET revision = nextval('scenelink_revisions'), value_count = greatest(value_count - 1, 0)
            WHERE session_id = p_session AND scene = p_scene;
            UPDATE sessions SET value_bytes = greatest(value_bytes - current_bytes, 0) WHERE id = p_session;
            o_status := 0;
        END $$;
        CREATE OR REPLACE FUNCTION scenelink_delete_scene(
            p_session text, p_scene text,
            p_match_mode integer, p_match bigint[], p_none_match_mode integer, p_none_match bigint[],
            OUT o_status integer, OUT o_revision bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
            current_revision bigint;
            scene_bytes bigint;
        BEGIN
            PERFORM 1 FROM sessions WHERE id = p_session FOR NO KEY UPDATE;
            IF NOT FOUND THEN o_status := 1; RETURN; END IF;
            SELECT revision INTO current_revision FROM scenes WHERE session_id = p_session AND scene = p_scene;
            IF current_revision IS NULL THEN o_status := 7; RETURN; END IF;
            IF NOT scenelink_condition_holds(current_revision, p_match_mode, p_match, p_none_match_mode, p_none_match) THEN
                o_status := 2; o_revision := current_revision; RETURN;
            END IF;
            SELECT coalesce(sum(octet_length(bytes)), 0) INTO scene_bytes
            FROM scene_values WHERE session_id = p_session AND scene = p_scene;
            DELETE FROM scenes WHERE session_id = p_session AND scene = p_scene;
            UPDATE sessions SET scene_count = greatest(scene_count - 1, 0),
                                value_bytes = greatest(value_bytes - scene_bytes, 0) WHERE id = p_session;
            o_status := 0;
        END $$;
        """#,
        // 5: webhook endpoints and the outbox of their deliveries, as SQLite's migration 4: one row
        // per event and endpoint, written by the statement of the change that caused the event.
        // Workers on every instance claim due rows with FOR UPDATE SKIP LOCKED.
        #"""
        CREATE TABLE webhook_endpoints (
            sequence bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id text NOT NULL UNIQUE,
            url text NOT NULL,
            events text NOT NULL,
            description text,
            created_at bigint NOT NULL,
            secret bytea NOT NULL,
            previous_secret bytea,
            previous_secret_expires_at bigint,
            disabled_at bigint,
            disabled_reason text
        );
        CREATE TABLE webhook_deliveries (
            sequence bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            endpoint_id text NOT NULL,
            message_id text NOT NULL,
            event_type text NOT NULL,
            event_timestamp bigint NOT NULL,
            payload text NOT NULL,
            state text NOT NULL DEFAULT 'pending',
            attempts integer NOT NULL DEFAULT 0,
            next_attempt_at bigint,
            last_attempt_at bigint,
            last_status integer,
            last_error text
        );
        CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
        CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, sequence);
        -- The route name the target resolved to at creation, for the events.
        ALTER TABLE short_links ADD COLUMN route text;
        """#,
        // 6: claims (deferred deep links), as SQLite's migration 5. Looked up by the SHA-256 of
        // the token or of the short code; the redemption is the install UUID the app sent, how it
        // found the claim, and when. By design there is no column for the visitor's address,
        // User-Agent or any device trait.
        """
        CREATE TABLE claims (
            token_hash bytea PRIMARY KEY,
            code_hash bytea NOT NULL UNIQUE,
            link text NOT NULL,
            created_at bigint NOT NULL,
            expires_at bigint NOT NULL,
            code_expires_at bigint NOT NULL,
            redeemed_install text,
            redeemed_source text,
            redeemed_at bigint
        );
        CREATE INDEX claims_by_expiry ON claims (expires_at);
        """,
        // 7: the route name a claim's link resolved to when the link page made it, as SQLite's
        // migration 6, for the `claim.redeemed` event (NULL for claims made before it was kept).
        // Pending deliveries by endpoint and due time, for the per-endpoint cap of a delivery claim.
        """
        ALTER TABLE claims ADD COLUMN route text;
        CREATE INDEX webhook_deliveries_due_by_endpoint ON webhook_deliveries (endpoint_id, next_attempt_at, sequence)
            WHERE state = 'pending';
        """,
        // 8: claims by id, as SQLite's migration 7: a token carries its claim's id, which grows
        // with time, so new claims go to the end of the primary key's index; only the code's
        // index is keyed by a hash. Claims made before this version (tokens without an id) cannot
        // be read by this one: the table is made anew (claims were not yet released then).
        """
        DROP TABLE claims;
        CREATE TABLE claims (
            id bigint PRIMARY KEY,
            secret_hash bytea NOT NULL,
            code_key bigint NOT NULL UNIQUE,
            link text NOT NULL,
            created_at bigint NOT NULL,
            expires_at bigint NOT NULL,
            code_expires_at bigint NOT NULL,
            redeemed_install text,
            redeemed_source text,
            redeemed_at bigint,
            route text
        );
        CREATE INDEX claims_by_expiry ON claims (expires_at);
        """,
        // 9: codes are claim ids encrypted with a key the database keeps (`ClaimCodeCipher`),
        // as SQLite's migration 8: claims lose the code's hash and its unique index, where every
        // new claim landed on a random page. Claims are kept and their tokens still redeem; codes
        // handed out before this version (they live an hour) no longer read.
        """
        CREATE TABLE store_keys (
            name text PRIMARY KEY,
            value bytea NOT NULL
        );
        ALTER TABLE claims DROP COLUMN code_key;
        """,
        // 10: Idempotency-Key records, as SQLite's migration 9.
        """
        CREATE TABLE idempotency_keys (
            key_hash bytea PRIMARY KEY,
            fingerprint bytea NOT NULL,
            created_at bigint NOT NULL,
            lease_until bigint,
            status bigint,
            location text,
            answer bytea
        );
        CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
        """,
        // 11: click analytics, aggregates only, and the claim's short link, as SQLite's migration 10.
        """
        ALTER TABLE claims ADD COLUMN short_link text;
        CREATE TABLE analytics_visits (
            scope text NOT NULL,
            bucket bigint NOT NULL,
            human bigint NOT NULL, qr bigint NOT NULL, preview bigint NOT NULL, bot bigint NOT NULL,
            claims bigint NOT NULL, installs bigint NOT NULL,
            PRIMARY KEY (scope, bucket)
        );
        CREATE INDEX analytics_visits_by_bucket ON analytics_visits (bucket);
        CREATE TABLE analytics_totals (
            scope text PRIMARY KEY,
            human bigint NOT NULL, qr bigint NOT NULL, preview bigint NOT NULL, bot bigint NOT NULL,
            claims bigint NOT NULL, installs bigint NOT NULL
        );
        CREATE TABLE analytics_marginals (
            scope text NOT NULL,
            dimension text NOT NULL,
            hour bigint NOT NULL,
            value text NOT NULL,
            visits bigint NOT NULL,
            PRIMARY KEY (scope, dimension, hour, value)
        );
        CREATE INDEX analytics_marginals_by_hour ON analytics_marginals (hour);
        CREATE TABLE analytics_marginal_days (
            scope text NOT NULL,
            dimension text NOT NULL,
            day bigint NOT NULL,
            value text NOT NULL,
            visits bigint NOT NULL,
            PRIMARY KEY (scope, dimension, day, value)
        );
        CREATE TABLE analytics_visitors (
            scope text NOT NULL,
            day bigint NOT NULL,
            visitors bigint NOT NULL,
            PRIMARY KEY (scope, day)
        );
        """,
        // 12: named API keys and the audit log,
        // as SQLite's migration 11. `audit_log.sequence` is an identity column: entries written
        // by several instances at once may commit out of order, so a page read meanwhile may
        // miss one that reading again shows.
        """
        CREATE TABLE api_keys (
            id text PRIMARY KEY,
            name text NOT NULL,
            scopes text NOT NULL,
            secret_hash bytea NOT NULL,
            created_at bigint NOT NULL,
            revoked_at bigint
        );
        CREATE UNIQUE INDEX api_keys_by_live_name ON api_keys (name) WHERE revoked_at IS NULL;
        CREATE TABLE audit_log (
            sequence bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            at bigint NOT NULL,
            actor text NOT NULL,
            action text NOT NULL,
            subject text NOT NULL,
            detail text NOT NULL
        );
        CREATE INDEX audit_log_by_time ON audit_log (at);
        CREATE INDEX audit_log_by_subject ON audit_log (subject, sequence);
        CREATE INDEX audit_log_by_actor ON audit_log (actor, sequence);
        """,
        // 13: a short link's title, tags and revision, as SQLite's migration 12. The index by tag
        // and sequence is what `?tag=` pages through.
        """
        ALTER TABLE short_links ADD COLUMN title text;
        ALTER TABLE short_links ADD COLUMN revision bigint NOT NULL DEFAULT 1;
        CREATE TABLE short_link_tags (
            sequence bigint NOT NULL REFERENCES short_links (sequence) ON DELETE CASCADE,
            tag text NOT NULL,
            PRIMARY KEY (sequence, tag)
        );
        CREATE INDEX short_link_tags_by_tag ON short_link_tags (tag, sequence);
        """,
        // 14: visits per scope per UTC day, as SQLite's migration 13.
        """
        CREATE TABLE analytics_visit_days (
            scope text NOT NULL,
            day bigint NOT NULL,
            human bigint NOT NULL, qr bigint NOT NULL, preview bigint NOT NULL, bot bigint NOT NULL,
            claims bigint NOT NULL, installs bigint NOT NULL,
            PRIMARY KEY (scope, day)
        );
        CREATE INDEX analytics_visit_days_by_day ON analytics_visit_days (day, scope, human);
        INSERT INTO analytics_visit_days (scope, day, human, qr, preview, bot, claims, installs)
            SELECT scope, bucket / 96, sum(human), sum(qr), sum(preview), sum(bot), sum(claims), sum(installs)
            FROM analytics_visits GROUP BY scope, bucket / 96;
        """,
        // 15: claims expired unredeemed per UTC day, as SQLite's migration 14.
        """
        CREATE TABLE claim_expiries (
            day bigint PRIMARY KEY,
            expired bigint NOT NULL
        );
        """,
        // 16: each analytics table's row count, kept by triggers as rows come and go, so the privacy
        // receipt sums a few numbers instead of counting every row. A log of changes rather than one
        // row per table, so that instances writing at once never wait on (or deadlock over) a
        // shared counter: each statement adds one row per table it changed (its transition table
        // holds only the rows it inserted or deleted; an upsert's updates are not in it), and the
        // analytics compaction folds the log into one row per table.
        """
        CREATE TABLE analytics_table_rows (
            table_name text NOT NULL,
            row_count bigint NOT NULL
        );
        CREATE INDEX analytics_table_rows_by_table ON analytics_table_rows (table_name);
        CREATE FUNCTION analytics_table_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO analytics_table_rows SELECT TG_TABLE_NAME, count(*) FROM added HAVING count(*) > 0;
            RETURN NULL;
        END
        $$;
        CREATE FUNCTION analytics_table_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO analytics_table_rows SELECT TG_TABLE_NAME, -count(*) FROM removed HAVING count(*) > 0;
            RETURN NULL;
        END
        $$;
        INSERT INTO analytics_table_rows SELECT 'analytics_visits', count(*) FROM analytics_visits;
        CREATE TRIGGER analytics_visits_rows_added AFTER INSERT ON analytics_visits REFERENCING NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_added();
        CREATE TRIGGER analytics_visits_rows_removed AFTER DELETE ON analytics_visits REFERENCING OLD TABLE AS removed
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_removed();
        INSERT INTO analytics_table_rows SELECT 'analytics_visit_days', count(*) FROM analytics_visit_days;
        CREATE TRIGGER analytics_visit_days_rows_added AFTER INSERT ON analytics_visit_days REFERENCING NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_added();
        CREATE TRIGGER analytics_visit_days_rows_removed AFTER DELETE ON analytics_visit_days REFERENCING OLD TABLE AS removed
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_removed();
        INSERT INTO analytics_table_rows SELECT 'analytics_totals', count(*) FROM analytics_totals;
        CREATE TRIGGER analytics_totals_rows_added AFTER INSERT ON analytics_totals REFERENCING NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_added();
        CREATE TRIGGER analytics_totals_rows_removed AFTER DELETE ON analytics_totals REFERENCING OLD TABLE AS removed
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_removed();
        INSERT INTO analytics_table_rows SELECT 'analytics_marginals', count(*) FROM analytics_marginals;
        CREATE TRIGGER analytics_marginals_rows_added AFTER INSERT ON analytics_marginals REFERENCING NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_added();
        CREATE TRIGGER analytics_marginals_rows_removed AFTER DELETE ON analytics_marginals REFERENCING OLD TABLE AS removed
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_removed();
        INSERT INTO analytics_table_rows SELECT 'analytics_marginal_days', count(*) FROM analytics_marginal_days;
        CREATE TRIGGER analytics_marginal_days_rows_added AFTER INSERT ON analytics_marginal_days REFERENCING NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_added();
        CREATE TRIGGER analytics_marginal_days_rows_removed AFTER DELETE ON analytics_marginal_days REFERENCING OLD TABLE AS removed
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_removed();
        INSERT INTO analytics_table_rows SELECT 'analytics_visitors', count(*) FROM analytics_visitors;
        CREATE TRIGGER analytics_visitors_rows_added AFTER INSERT ON analytics_visitors REFERENCING NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_added();
        CREATE TRIGGER analytics_visitors_rows_removed AFTER DELETE ON analytics_visitors REFERENCING OLD TABLE AS removed
            FOR EACH STATEMENT EXECUTE FUNCTION analytics_table_rows_removed();
        """,
        // 17: delivered and failed webhook deliveries by their last attempt, for the retention
        // sweep, as SQLite's migration 16; pending ones are not in it and never swept.
        """
        CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (last_attempt_at) WHERE state <> 'pending';
        """,
        // 18: the events each endpoint lost to a full outbox, as SQLite's migration 17.
        """
        ALTER TABLE webhook_endpoints ADD COLUMN dropped_events bigint NOT NULL DEFAULT 0;
        """,
        // 19: what a short link sets over its route's page, as SQLite's migration 18.
        """
        ALTER TABLE short_links ADD COLUMN settings text;
        """,
    ]

    /// Creates the schema when one is configured, then brings the database to the latest
    /// version, holding the advisory lock so that instances starting together migrate once.
    /// - Throws: `PostgresError` when a migration fails or the database is newer than this build.
    static func migrate(_ connection: PostgresConnection, schema: String?) throws(PostgresError) {
        try connection.execute("SELECT pg_advisory_lock(\(migrationLockKey))")
        do throws(PostgresError) {
            if let schema {
                try connection.execute("CREATE SCHEMA IF NOT EXISTS \(PostgresSessionSettings.quotedIdentifier(schema))")
            }
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS scenelink_schema_version (
                    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
                    version integer NOT NULL)
                """)
            let stored = try connection.execute("SELECT version FROM scenelink_schema_version").first?.first ?? nil
            let version = stored.flatMap { Int($0) } ?? 0
            guard version <= migrations.count else {
                throw PostgresError(
                    context: "checking the schema of \(connection.address)",
                    message: "the database has schema version \(version), newer than the \(migrations.count) this "
                        + "scenelink knows; run a newer scenelink or point --store at another database")
            }
            for next in version..<migrations.count {
                // The version number comes from this code, not from input.
                try connection.execute("""
                    BEGIN;
                    \(migrations[next])
                    INSERT INTO scenelink_schema_version (version) VALUES (\(next + 1))
                    ON CONFLICT (only_row) DO UPDATE SET version = excluded.version;
                    COMMIT;
                    """)
            }
        } catch {
            _ = try? connection.execute("ROLLBACK")
            _ = try? connection.execute("SELECT pg_advisory_unlock(\(migrationLockKey))")
            throw error
        }
        try connection.execute("SELECT pg_advisory_unlock(\(migrationLockKey))")
    }
}
