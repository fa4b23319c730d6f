#!/usr/bin/env python3
"""Commit-in-doubt proof: every write endpoint answers a commit whose outcome is unknown with
503 commit-indeterminate and Retry-After, never 2xx and never 500; and a create retried with its
Idempotency-Key afterwards makes one row, not two.

Usage: scripts/commit_in_doubt_proof.py   (SCENELINK_BIN: the binary, default .build/release/scenelink)

A throwaway PostgreSQL (scripts/postgres.sh) and one SceneLink instance with
--store-statement-timeout 300ms (so its response timeout is 1.3 s). Everything the writes need is
made while commits return at once: a session with a value and a scene, a short link, a webhook
endpoint with a queued test message, a claim from an iPhone's link page. Then the server is told
that a synchronous standby must confirm every commit (synchronous_standby_names = 'ANY 1 (s1, s2)',
and neither exists), so every COMMIT waits, and SceneLink gives up on its answer after the
response timeout: the commit may have landed (it has, on this primary) but was never confirmed.
Each write endpoint is sent once and must answer 503 commit-indeterminate with Retry-After; then
the backend still waiting is cancelled (as a failover manager would), so the next write meets no
lock of it.
Finally the standbys are no longer required, POST /v1/short-links is retried with the key its
in-doubt attempt carried (409 while its 30 s hold lasts, then created), and exactly one link for
that target exists. (With every commit stalled, that attempt's in-doubt answer comes from taking
its key, which is a write too; that a create's own record lands or fails with it is proved by
the store suites, IdempotencyStoreBehaviourTests, on PostgreSQL as on SQLite.)

PostgreSQL refuses to run as root: scripts/postgres.sh runs it as `postgres` under root.
"""
import json
import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slclient  # noqa: E402
from proof_support import check, fail, free_port  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOKEN = secrets.token_urlsafe(32)  # as `scenelink token` makes one: serve refuses a guessable token
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")


def call(port, method, path, body=None, headers=None, raw=None):
    """(status, headers, parsed JSON or raw bytes, seconds) of one request."""
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    fields = {"Accept": "application/json", **(headers or {})}
    if data is not None:
        fields.setdefault("Content-Type", "application/json")
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method, headers=fields)
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, answer_headers, text = response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        status, answer_headers, text = error.code, dict(error.headers), error.read()
    seconds = time.monotonic() - started
    try:
        parsed = json.loads(text) if text else None
    except ValueError:
        parsed = text
    return status, {k.lower(): v for k, v in answer_headers.items()}, parsed, seconds


def psql(port, sql):
    subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(port), "-U", "scenelink", "-d", "scenelink", "-Atc", sql],
                   check=True, capture_output=True, text=True)


def main():
    binary = slclient.binary_path(ROOT)
    pg_port = free_port()
    url = subprocess.run([os.path.join(ROOT, "scripts", "postgres.sh"), "start", str(pg_port)],
                         check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    server = None
    try:
        port = free_port()
        server = slclient.start_server(binary, port, ":memory:", extra=[
            "--store", url, "--store-statement-timeout", "300ms", "--store-connections", "4", "--admin-token", TOKEN,
            # Deliveries wait an hour before their first attempt: the delivery worker's own writes
            # (which would wait for a standby too, holding their rows) start only with the replay.
            "--webhook-allow-private", "on", "--webhook-retry-schedule", "1h"])
        admin = {"Authorization": f"Bearer {TOKEN}"}

        # Everything the writes need, while commits still return at once.
        status, _, session, _ = call(port, "POST", "/v1/sessions")
        check(status == 201, "a session opens")
        bearer = {"Authorization": f"Bearer {session['token']}"}
        base = f"/v1/sessions/{session['id']}/scenes"
        check(call(port, "PUT", f"{base}/main/values/tab", raw=b'"home"', headers=bearer)[0] == 201, "a value is saved")
        scene = {"values": {"tab": {"text": "home"}}}
        check(call(port, "PUT", f"{base}/other", body=scene, headers=bearer)[0] in (200, 201), "a scene is saved")
        status, _, link, _ = call(port, "POST", "/v1/short-links", body={"link": "fuelmoney://settings"}, headers=admin)
        check(status == 201, "a short link is made")
        status, _, hook, _ = call(port, "POST", "/v1/webhooks", headers=admin,
                                  body={"url": "http://127.0.0.1:9/hook", "events": ["short_link.created"]})
        check(status == 201, "a webhook endpoint is registered")
        status, _, queued, _ = call(port, "POST", f"/v1/webhooks/{hook['id']}/test", headers=admin)
        check(status == 202, "a test message is queued")
        # A second endpoint to delete last: the replay makes the first one's delivery due, and the
        # worker's attempt then holds that endpoint's rows while its commit waits.
        status, _, doomed, _ = call(port, "POST", "/v1/webhooks", headers=admin,
                                    body={"url": "http://127.0.0.1:9/doomed", "events": ["short_link.created"]})
        check(status == 201, "a second webhook endpoint is registered")
        page = urllib.request.urlopen(urllib.request.Request(
            f"http://127.0.0.1:{port}/settings/account", headers={"User-Agent": IPHONE, "Accept": "text/html"}), timeout=10).read()
        marker = b'data-copy="'
        start = page.find(marker)
        check(start >= 0, "an iPhone's link page carries a claim")
        claim_url = page[start + len(marker):page.index(b'"', start + len(marker))].decode()

        # From now on every COMMIT waits for a standby that never comes.
        psql(pg_port, "ALTER SYSTEM SET synchronous_standby_names = 'ANY 1 (s1, s2)'")
        psql(pg_port, "SELECT pg_reload_conf()")
        time.sleep(1.5)

        key = str(uuid.uuid4())
        writes = [
            ("POST", "/v1/sessions", None, None, {}),
            ("PUT", f"{base}/main/values/tab", None, b'"settings"', bearer),
            ("PUT", f"{base}/other", scene, None, bearer),
            ("DELETE", f"{base}/main/values/tab", None, None, bearer),
            ("DELETE", f"{base}/other", None, None, bearer),
            ("POST", "/v1/short-links", {"link": "fuelmoney://explain"}, None, {**admin, "Idempotency-Key": key}),
            ("DELETE", f"/v1/short-links/{link['code']}", None, None, admin),
            ("POST", "/v1/webhooks", {"url": "http://127.0.0.1:9/other", "events": ["short_link.deleted"]}, None, admin),
            ("PATCH", f"/v1/webhooks/{hook['id']}", {"events": ["short_link.created", "short_link.deleted"]}, None, admin),
            ("POST", f"/v1/webhooks/{hook['id']}/rotate-secret", None, None, admin),
            ("POST", f"/v1/webhooks/{hook['id']}/test", None, None, admin),
            ("POST", f"/v1/webhooks/{hook['id']}/deliveries/{queued['messageId']}/replay", None, None, admin),
            ("DELETE", f"/v1/webhooks/{doomed['id']}", None, None, admin),
            ("POST", "/v1/claims/redeem", {"claim": claim_url, "install": str(uuid.uuid4())}, None, {}),
            ("DELETE", f"/v1/sessions/{session['id']}", None, None, bearer),
        ]
        for method, path, body, raw, headers in writes:
            # No backend left waiting for a standby (the delivery worker's, once the replay made a
            # delivery due) holds a row this write needs.
            psql(pg_port, "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE wait_event = 'SyncRep'")
            status, answer_headers, problem, seconds = call(port, method, path, body=body, raw=raw, headers=headers)
            kind = problem.get("type", "") if isinstance(problem, dict) else ""
            name = f"{method} {path.replace(session['id'], '{id}')}"
            if status != 503 or not kind.endswith("/commit-indeterminate") or answer_headers.get("retry-after") != "1":
                fail(f"{name} answered {status} {kind or problem!r} after {seconds:.1f} s, not 503 commit-indeterminate "
                     "with Retry-After: 1")
            print(f"ok: {name} answered 503 commit-indeterminate with Retry-After after {seconds:.1f} s")
            # The backend still waits for a standby and holds its row locks; a failover manager
            # would cancel it, and PostgreSQL then commits it locally. Done here so the next write
            # meets no lock of this one (it would time out on it: 503 store-unavailable, nothing stored).
            psql(pg_port, "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE wait_event = 'SyncRep'")

        # The standbys are no longer required; the in-doubt create is retried with its key once
        # its hold ran out, and the target has one link, not two.
        psql(pg_port, "ALTER SYSTEM RESET synchronous_standby_names")
        psql(pg_port, "SELECT pg_reload_conf()")
        deadline = time.monotonic() + 60
        while True:
            status, answer_headers, answer, _ = call(port, "POST", "/v1/short-links", body={"link": "fuelmoney://explain"},
                                                     headers={**admin, "Idempotency-Key": key})
            if status != 409 or time.monotonic() > deadline:
                break
            time.sleep(float(answer_headers.get("retry-after", "1")))
        check(status == 201, f"the retried create with its Idempotency-Key succeeds ({status})")
        replayed = answer_headers.get("idempotent-replayed") == "true"
        status, _, listing, _ = call(port, "GET", "/v1/short-links?limit=500", headers=admin)
        made = [item for item in listing["shortLinks"] if item["link"] == "fuelmoney://explain"]
        check(len(made) == 1, f"exactly one link for the target exists after the in-doubt create and its retry "
                              f"({'replayed: the first commit had landed' if replayed else 'created once'})")
        print("commit-in-doubt proof: passed")
    finally:
        if server is not None:
            slclient.stop_server(server)
        subprocess.run([os.path.join(ROOT, "scripts", "postgres.sh"), "stop", str(pg_port)], capture_output=True)


if __name__ == "__main__":
    main()
