#!/usr/bin/env python3
"""Webhook proofs against a live SceneLink: every event arrives and verifies with the Standard
Webhooks reference library (PyPI `standardwebhooks`), during a rotation with both secrets, and
faults are survived.

Usage: scripts/webhook_proofs.py   (SCENELINK_BIN: the binary, default .build/release/scenelink;
                                    run with the CI venv's python, which has standardwebhooks)

1. Events: 20 short links created, each clicked twice, 5 deleted: 65 events, each arriving
   with a unique webhook-id, verifying, and the click counts 1 and 2 per link.
1b. Claims: a link page fetched as an iPhone makes a claim; the same install redeems it three
   times (its URL twice, its code once: 200 each), another install is refused (409): exactly one
   claim.redeemed arrives, verifying, with the route and source and no install id.
2. Rotation: after rotate-secret, deliveries carry two signatures; each secret alone verifies.
3. Faults: the receiver answers 500, then times out, then 429 with Retry-After: 1, then 204:
   four attempts with the same id, the last at least 1 s after the third.
   A hanging endpoint does not delay another's delivery.
4. SIGKILL: the receiver answers 503 while 10 links are created; SceneLink is SIGKILLed with
   those deliveries pending and restarted on the same file: each of the 10 events is delivered,
   none lost, none invented (exactly the 10 codes, one message id each).
5. 410: the endpoint is disabled and gets nothing more.
6. With SCENELINK_TEST_POSTGRES (a PostgreSQL URL, as .ci/run sets): two instances share one
   outbox; 60 events created through both are each delivered exactly once (one attempt per
   message id at the receiver). One install redeeming one claim on both instances at once gets
   200 from both and one claim.redeemed is delivered.
Exits 1 on the first failed proof.
"""
import json
import os
import re
import secrets
import signal
import subprocess
import tempfile
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks import Webhook

from proof_support import admin_call, check, fail, free_port, wait_until_healthy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("SCENELINK_BIN", os.path.join(ROOT, ".build/release/scenelink"))
TOKEN = secrets.token_urlsafe(32)  # as `scenelink token` makes one: serve refuses a guessable token
TIMEOUT_S = 1.0
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")


class Receiver:
    """Records every request per path; `plans[path]` is a list of scripted answers used first."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = {}
        self.plans = {}
        self.down = set()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                entry = {"id": self.headers.get("webhook-id"), "timestamp": self.headers.get("webhook-timestamp"),
                         "signature": self.headers.get("webhook-signature"), "body": body, "at": time.monotonic()}
                with receiver.lock:
                    plan = receiver.plans.get(self.path) or []
                    answer = plan.pop(0) if plan else (503 if self.path in receiver.down else 204)
                    entry["answered"] = answer if isinstance(answer, int) else answer[0]
                    receiver.requests.setdefault(self.path, []).append(entry)
                if answer == "sleep":
                    time.sleep(TIMEOUT_S * 2.5)
                    answer = 204
                headers = {}
                if isinstance(answer, tuple):
                    answer, headers = answer
                self.send_response(answer)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def got(self, path):
        with self.lock:
            return list(self.requests.get(path, []))

    def wait(self, path, predicate, seconds=30):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if predicate(self.got(path)):
                return self.got(path)
            time.sleep(0.05)
        return self.got(path)


class Server:
    def __init__(self, db, log, store=None):
        self.db, self.log, self.proc, self.store = db, log, None, store
        self.port = free_port()

    def start(self):
        storage = ["--store", self.store] if self.store else ["--db", self.db]
        self.proc = subprocess.Popen(
            [BIN, "serve", "--port", str(self.port), *storage, "--admin-token", TOKEN, "--access-log", "off",
             "--webhook-allow-private", "on", "--webhook-timeout", f"{int(TIMEOUT_S * 1000)}ms",
             "--webhook-retry-schedule", "0,300ms,500ms,1s,1s,1s,1s,1s,1s,1s"],
            stdout=open(self.log, "ab"), stderr=subprocess.STDOUT)
        wait_until_healthy(self.port)

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=15)

    def call(self, method, path, body=None):
        return admin_call(self.port, TOKEN, method, path, body)


def verifies(entry, secret):
    headers = {"webhook-id": entry["id"], "webhook-timestamp": entry["timestamp"], "webhook-signature": entry["signature"]}
    try:
        Webhook(secret).verify(entry["body"], headers)
        return True
    except Exception:
        return False


def register(server, receiver, path, events):
    status, endpoint = server.call("POST", "/v1/webhooks", {"url": receiver.url(path), "events": events})
    check(status == 201 and endpoint["secret"].startswith("whsec_"), f"endpoint for {path} registered (201, whsec_ secret)")
    return endpoint


def make_claim(server, path="/settings/account"):
    """The claim a link page makes for an iPhone: (code as shown, claim URL)."""
    request = urllib.request.Request(f"http://127.0.0.1:{server.port}{path}", headers={"User-Agent": IPHONE})
    page = urllib.request.urlopen(request, timeout=5).read().decode()
    code = re.search(r'id="claim-code">([0-9A-Z]{4}-[0-9A-Z]{4})<', page)
    url = re.search(r'id="claim-url">(https?://[^<]+/c/[A-Za-z0-9_-]+)<', page)
    if not code or not url:
        fail(f"the iPhone link page of {path} carries no claim")
    return code.group(1), url.group(1)


def redeem(server, claim, install):
    status, body = server.call("POST", "/v1/claims/redeem", {"claim": claim, "install": install})
    return status, body


def first_arrivals(entries):
    seen = {}
    for entry in entries:
        if entry["answered"] == 204:
            seen.setdefault(entry["id"], entry)
    return seen


def main():
    if not os.access(BIN, os.X_OK):
        fail(f"no scenelink binary at {BIN}; build it or set SCENELINK_BIN")
    work = tempfile.mkdtemp(prefix="scenelink-webhooks-")
    receiver = Receiver()
    server = Server(os.path.join(work, "hooks.sqlite"), os.path.join(work, "server.log"))
    server.start()
    try:
        run(server, receiver)
    except SystemExit:
        print(f"server log: {server.log}")
        raise
    finally:
        server.stop()
    postgres = os.environ.get("SCENELINK_TEST_POSTGRES")
    if postgres:
        shared(postgres, receiver, work)
    else:
        print("skipped: two instances on PostgreSQL (SCENELINK_TEST_POSTGRES is not set)")
    print("webhook proofs: all passed")


def delivered_count(server):
    text = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=5).read().decode()
    for line in text.splitlines():
        if line.startswith('scenelink_webhook_deliveries_total{outcome="delivered"}'):
            return int(line.split()[-1])
    return 0


def shared(url, receiver, work):
    """6. Two instances on one PostgreSQL share the outbox: each event delivered once."""
    servers = [Server(None, os.path.join(work, f"pg{n}.log"), store=url) for n in range(2)]
    for server in servers:
        server.start()
    try:
        endpoint = register(servers[0], receiver, "/shared", ["short_link.created", "short_link.clicked"])
        suffix = os.urandom(4).hex()
        codes = [f"shared-{suffix}-{n}" for n in range(30)]
        for n, code in enumerate(codes):
            status, _ = servers[n % 2].call("POST", "/v1/short-links", {"link": "fuelmoney://settings/account", "alias": code})
            if status != 201:
                fail(f"creating {code} answered {status}")
            other = servers[(n + 1) % 2]
            urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{other.port}/s/{code}",
                                                          headers={"Accept": "application/json"}), timeout=5).read()
        got = receiver.wait("/shared", lambda got: len(got) >= 60, seconds=30)
        time.sleep(0.5)
        got = receiver.got("/shared")
        ids = [e["id"] for e in got]
        check(len(set(ids)) == 60, f"two instances on PostgreSQL: 60 events delivered (got {len(set(ids))})")
        check(len(ids) == 60, f"each exactly once: one attempt per message id ({len(ids)} requests)")
        check(all(verifies(e, endpoint["secret"]) for e in got), "every shared-outbox delivery verifies")
        # One install redeeming one claim on both instances at once: 200 twice, one event.
        claims_endpoint = register(servers[0], receiver, "/shared-claims", ["claim.redeemed"])
        code, claim_url = make_claim(servers[0])
        install = "6F1B3C2A-51D7-4C59-9A0B-0C9E2D6B1A03"
        answers = [None, None]
        racers = [threading.Thread(target=lambda n=n: answers.__setitem__(n, redeem(servers[n], [claim_url, code][n], install)))
                  for n in range(2)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        check([status for status, _ in answers] == [200, 200],
              f"one install redeeming on both instances at once gets 200 twice (got {[a[0] for a in answers]})")
        receiver.wait("/shared-claims", lambda got: len(got) >= 1)
        time.sleep(0.5)
        claimed = receiver.got("/shared-claims")
        check(len(claimed) == 1 and verifies(claimed[0], claims_endpoint["secret"]),
              f"and one claim.redeemed is delivered ({len(claimed)} requests)")
        counts = [delivered_count(server) for server in servers]
        # Which instance claims an event depends on whose poll comes first. The counters also count
        # deliveries to other endpoints in a database earlier runs used, so they are shown, not checked:
        # the proof is the receiver's, one request per message id.
        print(f"info: deliveries counted by each instance's metrics: {counts}")
    finally:
        for server in servers:
            server.stop()


def run(server, receiver):
    started = time.monotonic()
    # 1. Every event arrives once per message id, and verifies.
    main_endpoint = register(server, receiver, "/events", ["short_link.created", "short_link.clicked", "short_link.deleted"])
    codes = [f"proof-{n}" for n in range(20)]
    for code in codes:
        status, _ = server.call("POST", "/v1/short-links", {"link": "fuelmoney://settings/account", "alias": code})
        check(status == 201, f"short link {code} created") if code == codes[0] else None
        for _ in range(2):
            urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{server.port}/s/{code}",
                                                          headers={"Accept": "application/json"}), timeout=5).read()
    for code in codes[:5]:
        server.call("DELETE", f"/v1/short-links/{code}")
    entries = receiver.wait("/events", lambda got: len(first_arrivals(got)) >= 65)
    arrived = first_arrivals(entries)
    check(len(arrived) == 65, f"65 events arrived with 65 distinct webhook-ids (got {len(arrived)})")
    check(all(verifies(e, main_endpoint["secret"]) for e in entries),
          "every delivery verifies with standardwebhooks and the endpoint's secret")
    bodies = [json.loads(e["body"]) for e in arrived.values()]
    by_type = {}
    for body in bodies:
        by_type.setdefault(body["type"], []).append(body)
    check(len(by_type.get("short_link.created", [])) == 20 and len(by_type.get("short_link.clicked", [])) == 40
          and len(by_type.get("short_link.deleted", [])) == 5, "20 created, 40 clicked, 5 deleted")
    counts = {}
    for body in by_type["short_link.clicked"]:
        counts.setdefault(body["data"]["code"], []).append(body["data"]["count"])
    check(all(sorted(c) == [1, 2] for c in counts.values()) and len(counts) == 20, "each link's clicks counted 1 and 2")
    check(all(set(b) == {"type", "timestamp", "data"} for b in bodies), "payloads are thin: type, timestamp, data")
    check(all(b["data"].get("route") for b in by_type["short_link.clicked"]), "click events name the target's route")

    # 1b. A claim redeemed by one install three times and refused to another: one claim.redeemed.
    claims_endpoint = register(server, receiver, "/claims", ["claim.redeemed"])
    code, claim_url = make_claim(server)
    install, other = "6F1B3C2A-51D7-4C59-9A0B-0C9E2D6B1A01", "6F1B3C2A-51D7-4C59-9A0B-0C9E2D6B1A02"
    answers = [redeem(server, claim_url, install), redeem(server, claim_url, install), redeem(server, code, install)]
    check([status for status, _ in answers] == [200, 200, 200]
          and len({json.dumps(body["claim"]["redeemedAt"]) for _, body in answers}) == 1,
          "the same install redeems the claim three times (URL, URL, code): 200 with the same redemption")
    status, _ = redeem(server, claim_url, other)
    check(status == 409, f"another install is refused (409, got {status})")
    receiver.wait("/claims", lambda got: len(got) >= 1)
    time.sleep(0.5)
    claimed = receiver.got("/claims")
    check(len(claimed) == 1, f"exactly one claim.redeemed arrived ({len(claimed)} requests)")
    body = json.loads(claimed[0]["body"])
    check(body["type"] == "claim.redeemed" and body["data"]["route"] == "settings.account"
          and body["data"]["source"] == "url" and body["data"]["link"].endswith("/settings/account")
          and set(body["data"]) == {"route", "link", "source", "redeemedAt"},
          "claim.redeemed names the route, the link and the source")
    check(install.lower() not in claimed[0]["body"].decode().lower(), "claim.redeemed carries no install id")
    check(verifies(claimed[0], claims_endpoint["secret"]), "the claim.redeemed delivery verifies")

    # 2. Rotation: both secrets verify.
    status, rotated = server.call("POST", f"/v1/webhooks/{main_endpoint['id']}/rotate-secret")
    check(status == 200 and rotated["secret"] != main_endpoint["secret"], "rotate-secret answers a new secret")
    before = len(receiver.got("/events"))
    for n in range(3):
        server.call("POST", "/v1/short-links", {"link": "fuelmoney://settings/account", "alias": f"rotated-{n}"})
    after = receiver.wait("/events", lambda got: len(got) >= before + 3)[before:]
    check(len(after) == 3 and all(len(e["signature"].split(" ")) == 2 for e in after),
          "during the overlap each delivery carries two signatures")
    check(all(verifies(e, rotated["secret"]) and verifies(e, main_endpoint["secret"]) for e in after),
          "each verifies with the new secret alone and with the old secret alone")

    # 3. Faults: 500, a timeout, 429 + Retry-After, then 204, all with one id.
    receiver.plans["/flaky"] = [500, "sleep", (429, {"Retry-After": "1"})]
    flaky = register(server, receiver, "/flaky", ["short_link.created"])
    status, queued = server.call("POST", f"/v1/webhooks/{flaky['id']}/test")
    check(status == 202, "webhook.test queued (202)")
    attempts = receiver.wait("/flaky", lambda got: len(got) >= 4)
    check(len(attempts) == 4 and {a["id"] for a in attempts} == {queued["messageId"]},
          "500, timeout and 429 were retried: 4 attempts, one webhook-id")
    check(attempts[3]["at"] - attempts[2]["at"] >= 0.95, "the attempt after 429 waited for Retry-After: 1")
    check(attempts[1]["at"] - attempts[0]["at"] >= 0.2, "the retry after 500 followed the (shortened) schedule")
    check(all(verifies(a, flaky["secret"]) for a in attempts), "every retry verifies")

    # 3b. A slow endpoint does not delay another: /slow hangs past the timeout, /fast answers at once.
    receiver.plans["/slow"] = ["sleep"]
    slow = register(server, receiver, "/slow", ["short_link.created"])
    fast = register(server, receiver, "/fast", ["short_link.created"])
    server.call("POST", f"/v1/webhooks/{slow['id']}/test")
    receiver.wait("/slow", lambda got: len(got) >= 1)
    queued_at = time.monotonic()
    server.call("POST", f"/v1/webhooks/{fast['id']}/test")
    fast_got = receiver.wait("/fast", lambda got: len(got) >= 1)
    check(len(fast_got) == 1 and fast_got[0]["at"] - queued_at < TIMEOUT_S,
          f"a hanging endpoint does not delay another ({fast_got[0]['at'] - queued_at:.2f} s while /slow hangs)")

    # 4. SIGKILL with deliveries pending, restart: delivered, none lost, none invented.
    kill_endpoint = register(server, receiver, "/kill", ["short_link.created"])
    receiver.down.add("/kill")
    kill_codes = [f"killed-{n}" for n in range(10)]
    for code in kill_codes:
        server.call("POST", "/v1/short-links", {"link": "fuelmoney://settings/account", "alias": code})
    receiver.wait("/kill", lambda got: len({e["id"] for e in got}) >= 10)
    server.kill()
    print("ok: SceneLink SIGKILLed with 10 deliveries pending")
    receiver.down.discard("/kill")
    server.start()
    delivered = receiver.wait("/kill", lambda got: len(first_arrivals(got)) >= 10, seconds=40)
    arrived = first_arrivals(delivered)
    delivered_codes = sorted(json.loads(e["body"])["data"]["code"] for e in arrived.values())
    check(delivered_codes == sorted(kill_codes), "after the restart each of the 10 events was delivered, none lost")
    check(len({e["id"] for e in delivered}) == 10, "no event invented: 10 message ids over every attempt")
    check(all(verifies(e, kill_endpoint["secret"]) for e in delivered), "every delivery after the restart verifies")

    # 5. 410 disables the endpoint.
    receiver.plans["/gone"] = [410]
    gone = register(server, receiver, "/gone", ["short_link.created"])
    server.call("POST", f"/v1/webhooks/{gone['id']}/test")
    receiver.wait("/gone", lambda got: len(got) >= 1)
    for _ in range(100):
        status, shown = server.call("GET", f"/v1/webhooks/{gone['id']}")
        if shown and shown.get("enabled") is False:
            break
        time.sleep(0.05)
    check(shown["enabled"] is False and "410" in shown["disabledReason"], "410 disabled the endpoint")
    server.call("POST", "/v1/short-links", {"link": "fuelmoney://settings/account", "alias": "after-gone"})
    time.sleep(0.5)
    check(len(receiver.got("/gone")) == 1, "a disabled endpoint gets nothing more")
    status, metrics = 0, urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=5).read().decode()
    check("scenelink_webhook_deliveries_total{outcome=\"delivered\"}" in metrics
          and "scenelink_webhook_queue_depth" in metrics, "metrics show deliveries by outcome and the queue depth")
    print(f"webhook proofs took {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
