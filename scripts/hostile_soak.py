#!/usr/bin/env python3
"""The hostile soak: whatever visitors send, SceneLink stays bounded and counts exactly.

The database stays within its bound because each webhook endpoint keeps at most
--webhook-outbox-limit deliveries (the clicks past it are dropped and counted, and the accounting
below includes them) and claims are made at most 20 a second (the default claim-pages ceiling).
Memory stays within its bound because webhook attempts go through libcurl directly (URLSession
kept about 150 bytes of each: docs/architecture.md).

Starts `scenelink serve` on a free port with a SQLite file in a temporary folder, the default
rate limits, `--trusted-proxies 127.0.0.1/32`, `--country-header CF-IPCountry`, a fresh admin token
(`scenelink token`), `--analytics-flush 1s` and `--webhook-allow-private on`. It makes five short
links and registers 7 webhook endpoints subscribed to `short_link.clicked`, each pointing at its own
HTTP receiver on loopback (a child process, so the receivers never wait for the load's threads).
Then, for --seconds, several pipelined keep-alive connections from 127.0.0.1 (the trusted proxy)
send, as 1,000 forwarded addresses (half IPv4, half IPv6 in distinct /64s, a random interface id
each time, one request in ten with a spoofed hop to its left), each request with a new random
Referer host (or junk, an android-app:// package, none), a random User-Agent (browsers', in-app
browsers', link previewers', crawlers', none, random junk with obs-text bytes) and a random
CF-IPCountry (valid letters, junk, none), a mix of:

  kind                  request                                       answers allowed  visit      click
  short link            GET /s/CODE (a known code), HTML or JSON      200, 429         200        200
  short link HEAD       HEAD /s/CODE                                  200, 429         -          -
  unknown code          GET /s/RANDOM                                 404, 429         404        -
  link page             GET of a route's https link as HTML           200, 429         200        -
  link page JSON        the same with Accept: application/json        200, 429         -          -
  link page HEAD        HEAD of a route's https link                  200, 429         -          -
  unknown link          GET /RANDOM/PATH on the app's host, as HTML   404, 429         404        -
  resolve               GET /v1/resolve?url= a route's link           200, 429         -          -
  resolve short link    GET /v1/resolve?url=https://HOST/s/CODE       200, 429         -          200
  resolve unknown code  GET /v1/resolve?url=https://HOST/s/RANDOM     404, 429         -          -

(docs/analytics.md: a visit is a GET of a short link, JSON included, or of a link page answered as
HTML, an unknown code's 404 included; docs/api.md: a GET of /s/CODE or a resolve through it counts
a click and queues short_link.clicked; a 429 is answered before anything is counted.) Proves, and
exits 1 with one sentence per failure otherwise:

  1. every answer is in its kind's set above: no 5xx, no other status, no connection error;
  2. the server's resident memory (VmRSS) after the warm-up (the first 20 % of the run) never
     exceeds its value at the end of the warm-up by more than 64 MB (10^6 bytes), sampled every
     second until the server is stopped;
  3. the database's data grows at most 50 MB (10^6 bytes) an hour, from the end of the warm-up to
     the end of the load, extrapolated to an hour, and the file never holds more than 32 MB of free
     pages beside it, so the file grows at most that fast plus a constant. Data is the pages in use,
     (page_count - freelist_count) x page_size; the file is page_count x page_size; both as a
     checkpoint would leave them, read through a second, read-only connection, which sees every
     commit still in the WAL, without forcing one; the data's growth compares the least of the 10
     seconds before the warm-up's end with the least of the load's last 10 seconds, since between
     two trims the data in use holds a second of clicks more and sampling a peak at one end and a
     trough at the other would read several MB either way. Free pages are room SQLite reuses: the outbox
     limit deletes as many delivery rows as clicks add, and between two trims the outbox holds a
     second of clicks more, so the file's high-water mark is set by the slowest trim, once, and a
     2-minute window would extrapolate that one step to an hour. The server checkpoints every
     10,000 pages and then reuses the -wal file without truncating it, so the -wal's bytes on disk
     follow that schedule (about 40 MB at its high-water mark) and are printed, not checked. A
     table-by-table account from SQLite's dbstat is printed after the server stops;
  4. the totals equal what was sent: GET /v1/analytics/timeseries (scope all, the run's UTC days)
     counts human + preview + bot visits equal to the visits answered with a counted status above;
     each short link's clicks equal the clicks it was answered; on each day, the referrer and
     country breakdowns of every scope (all, each link, each route) hold at most 101 values (100
     by name and `(other)`), and the human visits they share out add up to the day's human visits;
     the analytics tables hold no scope beyond all, the links and the routes;
  5. webhooks: after a drain (up to --drain-seconds), every delivery each receiver got verifies
     (HMAC-SHA256 of id.timestamp.body with the endpoint's secret, timestamp within 5 minutes) and
     is a short_link.clicked; after the server stops, each endpoint's counted clicks are accounted
     for exactly: received (distinct ids), still pending and not received, or dropped by the outbox
     limit (the endpoint's dropped_events); none failed, and every delivery the outbox still marks
     delivered reached its receiver; the highest click count each link's events carried is its
     number of clicks when nothing is pending or dropped;
  6. the server stayed up throughout (/healthz answers after the load; SIGTERM stops it cleanly).

Prints a summary: requests per kind and status, RSS at warm-up's end, its peak and at the end,
database bytes and MB an hour, visits, clicks and deliveries.

Usage: SCENELINK_BIN=.build/release/scenelink python3 scripts/hostile_soak.py [--seconds 120]
       [--connections 6] [--drain-seconds 120] [--seed N]
(bench/hostile_soak.sh runs it for an hour; .ci/run for 2 minutes.)
"""
import argparse
import asyncio
import base64
import collections
import datetime
import hashlib
import hmac
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slclient  # noqa: E402
from proof_support import ServerClosed, admin_call, free_port, read_statuses, wait_until_healthy  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST = "fuelmoney.example.com"
ADDRESSES = 1000
ENDPOINTS = 7
PIPELINE = 16
REQUESTS_PER_CONNECTION = 5000  # well under --max-requests-per-connection (100,000)
WARM_UP = 0.2
RSS_BOUND = 64_000_000
DB_BOUND_PER_HOUR = 50_000_000
FREE_BOUND = 32_000_000
TRIM_WINDOW = 10  # seconds: ten of the outbox's one-second trims
VALUES_BOUND = 101  # 100 values by name and (other), per scope, dimension and UTC day

# The built-in example's routes (`scenelink routes`): name and https path.
ROUTES = {"settings": "/settings", "settings.account": "/settings/account", "settings.variable": "/settings/variable",
          "settings.fixed": "/settings/fixed", "settings.premium": "/settings/premium", "explain": "/explain",
          "information": "/information"}
SHORT_LINK_TARGETS = ["https://fuelmoney.example.com/settings/premium", "fuelmoney://settings/account",
                      "https://fuelmoney.example.com/explain", "fuelmoney://information", "https://fuelmoney.example.com/settings"]

# kind: (weight, statuses answered besides 429, the status that counts a visit, the one that counts a click)
KINDS = {
    "short link": (20, {200}, 200, 200),
    "short link HEAD": (3, {200}, None, None),
    "unknown code": (12, {404}, 404, None),
    "link page": (30, {200}, 200, None),
    "link page JSON": (5, {200}, None, None),
    "link page HEAD": (3, {200}, None, None),
    "unknown link": (5, {404}, 404, None),
    "resolve": (12, {200}, None, None),
    "resolve short link": (6, {200}, None, 200),
    "resolve unknown code": (4, {404}, None, None),
}

BROWSERS = [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 329.0.0.41.93 (iPhone14,5; iOS 17_4; en_US; en; scale=3.00; 1170x2532; 590391624)",
    "Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.193 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/446.0.0.32.109;]",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.20.0",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Twitterbot/1.0",
    "WhatsApp/2.23.20.0",
    "TelegramBot (like TwitterBot)",
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "curl/8.5.0",
    "python-requests/2.31.0",
    "Go-http-client/1.1",
]
HTML_ACCEPTS = ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
                "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8", "*/*", None]
COUNTRIES = ["US", "JP", "DE", "FR", "GB", "BR", "IN", "CN", "KR", "NG", "AU", "CA", "MX", "SE", "ZA", "XX", "T1", "A1"]
LETTERS = "abcdefghijklmnopqrstuvwxyz"
CODE_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
# Random bytes become header junk: every control byte (never allowed in a field value) maps to a letter.
JUNK = bytes.maketrans(bytes(range(32)) + b"\x7f", b"abcdefghijklmnopqrstuvwxyzABCDEFG")


def address(i):
    """Client `i` of ADDRESSES: even ones IPv4, odd ones IPv6, each in a /64 of its own."""
    if i % 2 == 0:
        return lambda rng: f"198.18.{i >> 9}.{(i >> 1) & 255}"
    return lambda rng: f"2001:db8:5a:{i:x}:{rng.getrandbits(16):x}:{rng.getrandbits(16):x}::{rng.getrandbits(16):x}"


class Visitors:
    """Makes the requests of hostile visitors, each a new mix of headers, from one seeded generator."""

    def __init__(self, rng, codes):
        self.rng, self.codes = rng, codes
        self.addresses = [address(i) for i in range(ADDRESSES)]
        self.kinds = list(KINDS)
        self.weights = [KINDS[kind][0] for kind in self.kinds]

    def junk(self, low, high):
        return self.rng.randbytes(self.rng.randint(low, high)).translate(JUNK).strip() or b"x"

    def label(self, low=4, high=12):
        return "".join(self.rng.choices(LETTERS, k=self.rng.randint(low, high)))

    def unknown_code(self):
        code = "".join(self.rng.choices(CODE_CHARACTERS, k=self.rng.randint(1, 64)))
        return code if code not in self.codes else code + "~"

    def referrer(self):
        roll = self.rng.random()
        if roll < 0.70:
            prefix = self.rng.choice(["", "www.", "m.", "l."])
            return f"https://{prefix}{self.label()}.{self.label(2, 3)}/{self.label(0, 8)}?q={self.label(0, 6)}".encode()
        if roll < 0.80:
            return f"android-app://com.{self.label()}.{self.label()}/".encode()
        if roll < 0.90:
            return self.junk(1, 200)
        return None

    def user_agent(self):
        roll = self.rng.random()
        if roll < 0.75:
            return self.rng.choice(BROWSERS).encode()
        if roll < 0.95:
            return self.junk(1, 700)  # past the 512 bytes the classifier reads, now and then
        return None

    def country(self):
        roll = self.rng.random()
        if roll < 0.6:
            return self.rng.choice(COUNTRIES).encode()
        if roll < 0.8:
            return "".join(self.rng.choices("ABCDEFGHIJKLMNOPQRSTUVWXYZ", k=2)).encode()
        if roll < 0.95:
            return self.junk(1, 12)
        return None

    def forwarded_for(self):
        client = self.rng.choice(self.addresses)(self.rng)
        if self.rng.random() < 0.1:  # a spoofed hop left of the client: the rightmost untrusted address wins
            return f"{self.rng.randint(1, 223)}.{self.rng.randint(0, 255)}.0.{self.rng.randint(1, 254)}, {client}"
        return client

    def next(self):
        """One request: (kind, method, raw bytes, the short-link code it clicks or None)."""
        rng = self.rng
        kind = rng.choices(self.kinds, self.weights)[0]
        method, code = "GET", None
        accept = rng.choice(HTML_ACCEPTS)
        if kind.startswith("short link"):
            code = rng.choice(self.codes)
            path = f"/s/{code}"
            if rng.random() < 0.2:
                accept = "application/json"
        elif kind == "unknown code":
            path = f"/s/{self.unknown_code()}"
        elif kind.startswith("link page"):
            path = rng.choice(list(ROUTES.values()))
            if kind == "link page JSON":
                accept = "application/json"
        elif kind == "unknown link":
            path = f"/{self.label(3, 10)}-{rng.getrandbits(32):x}/{self.label(0, 10)}"
        else:
            if kind == "resolve":
                route = rng.choice(list(ROUTES.values()))
                link = rng.choice([f"https://{HOST}{route}", f"fuelmoney:/{route}"])
            elif kind == "resolve short link":
                code = rng.choice(self.codes)
                link = f"https://{HOST}/s/{code}"
            else:
                link = f"https://{HOST}/s/{self.unknown_code()}"
            path = "/v1/resolve?url=" + urllib.parse.quote(link, safe="")
            if rng.random() < 0.3:
                path += "&format=navigationPath"
            accept = rng.choice(["application/json", None])
        if kind.endswith("HEAD"):
            method = "HEAD"
        lines = [f"{method} {path} HTTP/1.1".encode(), f"Host: {HOST}".encode(),
                 b"X-Forwarded-For: " + self.forwarded_for().encode()]
        for name, value in ((b"User-Agent", self.user_agent()), (b"Referer", self.referrer()),
                            (b"CF-IPCountry", self.country()),
                            (b"Accept", accept.encode() if accept else None)):
            if value is not None:
                lines.append(name + b": " + value)
        return kind, method, b"\r\n".join(lines) + b"\r\n\r\n", code


class Tally:
    """What the load threads sent and were answered, merged under a lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.statuses = collections.Counter()  # (kind, status)
        self.clicks = collections.Counter()  # code -> clicks answered
        self.visits = 0
        self.errors = []
        self.unanswered = 0
        self.slowest = 0.0  # seconds, the longest a pipelined batch waited for its answers

    def merge(self, statuses, clicks, visits, errors, unanswered, slowest):
        with self.lock:
            self.statuses.update(statuses)
            self.clicks.update(clicks)
            self.visits += visits
            self.errors.extend(errors)
            self.unanswered += unanswered
            self.slowest = max(self.slowest, slowest)


def load(port, codes, seed, deadline, tally):
    """One keep-alive connection's worth of hostile visitors, PIPELINE requests at a time, until `deadline`."""
    visitors = Visitors(random.Random(seed), codes)
    statuses, clicks, visits, errors, unanswered, slowest = collections.Counter(), collections.Counter(), 0, [], 0, 0.0
    sock, buffer, sent_on_connection = None, bytearray(), 0
    while time.monotonic() < deadline:
        if sock is None or sent_on_connection >= REQUESTS_PER_CONNECTION:
            if sock is not None:
                sock.close()
            sock, buffer, sent_on_connection = socket.create_connection(("127.0.0.1", port), timeout=30), bytearray(), 0
        batch = [visitors.next() for _ in range(PIPELINE)]
        try:
            sent_at = time.monotonic()
            sock.sendall(b"".join(raw for _, _, raw, _ in batch))
            answered, closing = read_statuses(sock, [method for _, method, _, _ in batch], buffer)
            slowest = max(slowest, time.monotonic() - sent_at)
        except (OSError, ServerClosed) as error:
            errors.append(f"{type(error).__name__}: {error}")
            unanswered += len(batch)
            sock.close()
            sock = None
            continue
        sent_on_connection += len(batch)
        if closing:
            sock.close()
            sock = None
        for (kind, _, _, code), status in zip(batch, answered):
            statuses[(kind, status)] += 1
            _, _, visit_status, click_status = KINDS[kind]
            if status == visit_status:
                visits += 1
            if status == click_status:
                clicks[code] += 1
    if sock is not None:
        sock.close()
    tally.merge(statuses, clicks, visits, errors, unanswered, slowest)


# ---------------------------------------------------------------- the webhook receivers (a child process)

class Deliveries:
    """What the receivers got: per message id, a bit for each endpoint that received it."""

    def __init__(self, count):
        self.keys = None
        self.ids = {}
        self.requests = [0] * count
        self.distinct = [0] * count
        self.duplicates = [0] * count
        self.bad_signatures = 0
        self.stale = 0
        self.other_events = 0
        self.malformed = 0
        self.highest_count = {}  # code -> the highest `count` a short_link.clicked carried

    def record(self, index, headers, body):
        self.requests[index] += 1
        message_id, stamp = headers.get(b"webhook-id"), headers.get(b"webhook-timestamp")
        signature = headers.get(b"webhook-signature", b"")
        if not message_id or not stamp or not stamp.isdigit():
            self.malformed += 1
            return
        expected = b"v1," + base64.b64encode(hmac.new(self.keys[index], message_id + b"." + stamp + b"." + body,
                                                      hashlib.sha256).digest())
        if not any(hmac.compare_digest(part, expected) for part in signature.split()):
            self.bad_signatures += 1
        if abs(time.time() - int(stamp)) > 300:
            self.stale += 1
        try:
            event = json.loads(body)
            kind, code, count = event["type"], event["data"]["code"], event["data"]["count"]
        except (ValueError, KeyError, TypeError):
            self.malformed += 1
            return
        if kind != "short_link.clicked":
            self.other_events += 1
            return
        key = message_id.decode()
        bit = 1 << index
        mask = self.ids.get(key, 0)
        if mask & bit:
            self.duplicates[index] += 1
            return
        self.ids[key] = mask | bit
        self.distinct[index] += 1
        self.highest_count[code] = max(self.highest_count.get(code, 0), count)

    def stats(self):
        return {"requests": list(self.requests), "distinct": list(self.distinct), "duplicates": list(self.duplicates),
                "bad_signatures": self.bad_signatures, "stale": self.stale, "other_events": self.other_events,
                "malformed": self.malformed}


async def receive(deliveries, index, reader, writer):
    """One keep-alive connection to receiver `index`: every POST is recorded and answered 204."""
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            headers = {}
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                headers[name.strip().lower()] = value.strip()
            if headers.get(b"expect", b"").lower() == b"100-continue":
                writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            length = headers.get(b"content-length")
            if length is None or not length.isdigit():
                deliveries.malformed += 1
                writer.write(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                break
            body = await reader.readexactly(int(length))
            deliveries.record(index, headers, body)
            writer.write(b"HTTP/1.1 204 No Content\r\n\r\n")
            await writer.drain()
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        pass
    finally:
        writer.close()


async def serve_receivers(count, pipe):
    deliveries = Deliveries(count)
    servers = []
    for index in range(count):
        servers.append(await asyncio.start_server(
            lambda reader, writer, index=index: receive(deliveries, index, reader, writer), "127.0.0.1", 0))
    pipe.send([server.sockets[0].getsockname()[1] for server in servers])
    loop = asyncio.get_running_loop()
    while True:
        message = await loop.run_in_executor(None, pipe.recv)
        if message[0] == "secrets":
            deliveries.keys = [base64.b64decode(secret.removeprefix("whsec_")) for secret in message[1]]
            pipe.send("ok")
        elif message[0] == "stats":
            pipe.send(deliveries.stats())
        elif message[0] == "report":
            pipe.send({**deliveries.stats(), "ids": deliveries.ids, "highest_count": deliveries.highest_count})
            return


def run_receivers(count, pipe):
    """The child process: `count` receivers on loopback, told their secrets and asked for stats through `pipe`."""
    asyncio.run(serve_receivers(count, pipe))


class Receivers:
    """The parent's handle on the receivers' child process."""

    def __init__(self, count):
        context = multiprocessing.get_context("spawn")
        self.pipe, child = context.Pipe()
        self.process = context.Process(target=run_receivers, args=(count, child), daemon=True)
        self.process.start()
        self.ports = self.pipe.recv()

    def ask(self, *message):
        self.pipe.send(message)
        return self.pipe.recv()

    def stop(self):
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(5)


# ---------------------------------------------------------------- measuring the server

def rss(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def database_bytes(db):
    """The database's size as a checkpoint would leave the file, read through a second connection that
    sees every commit in the WAL: (the file's bytes, the bytes of its pages in use). The -wal file
    beside it is reused, not truncated, once the server checkpoints it (every 10,000 pages), so its
    bytes on disk measure the checkpoint's schedule, not the data: they are shown, not checked."""
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    try:
        page_count = connection.execute("PRAGMA page_count").fetchone()[0]
        free_pages = connection.execute("PRAGMA freelist_count").fetchone()[0]
        page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    finally:
        connection.close()
    return page_count * page_size, (page_count - free_pages) * page_size


def wal_bytes(db):
    return os.path.getsize(db + "-wal") if os.path.exists(db + "-wal") else 0


class Monitor:
    """Samples the server's RSS, the database's size and its WAL's every second: (monotonic time, rss, file bytes,
    wal bytes, bytes in use)."""

    def __init__(self, pid, db):
        self.pid, self.db = pid, db
        self.samples = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def sample(self):
        file_bytes, used = database_bytes(self.db)
        entry = (time.monotonic(), rss(self.pid), file_bytes, wal_bytes(self.db), used)
        self.samples.append(entry)
        return entry

    def run(self):
        while not self.stopping.is_set():
            self.sample()
            self.stopping.wait(1.0)

    def stop(self):
        self.stopping.set()
        self.thread.join()
        return self.sample()


def metric(port, name):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        for line in response.read().decode().splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
    return None


def healthy(port):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def days_between(first, last):
    days = []
    while first <= last:
        days.append(first.isoformat())
        first += datetime.timedelta(days=1)
    return days


def settle(read, done, seconds=30):
    """Calls `read` every half second until `done` holds for its answer or `seconds` pass; the last answer."""
    deadline = time.monotonic() + seconds
    answer = read()
    while not done(answer) and time.monotonic() < deadline:
        time.sleep(0.5)
        answer = read()
    return answer


def mb(n):
    return f"{n / 1e6:,.1f} MB"


# ---------------------------------------------------------------- the soak

def main():
    parser = argparse.ArgumentParser(description="The hostile soak of SceneLink (see the module docstring).")
    parser.add_argument("--seconds", type=float, default=120, help="how long the hostile load lasts (default 120)")
    parser.add_argument("--connections", type=int, default=6, help="keep-alive connections sending at once (default 6)")
    parser.add_argument("--drain-seconds", type=float, default=120,
                        help="how long to wait after the load for webhook deliveries to drain (default 120)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the visitors' randomness (default: random)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    binary = slclient.binary_path(ROOT)
    if not os.access(binary, os.X_OK):
        sys.exit(f"FAIL: no scenelink binary at {binary}; build it or set SCENELINK_BIN")
    print(f"hostile soak: {args.seconds:.0f} s, {ADDRESSES} forwarded addresses, {args.connections} connections, "
          f"{ENDPOINTS} webhook endpoints, seed {seed}")

    logs = os.path.join(ROOT, ".build", "hostile-soak")
    os.makedirs(logs, exist_ok=True)
    work = tempfile.mkdtemp(prefix="scenelink-hostile-soak-")
    log_path = os.path.join(logs, "server.log")
    receivers = Receivers(ENDPOINTS)
    soak = Soak(binary, os.path.join(work, "soak.sqlite"), log_path, receivers)
    try:
        soak.start()
        soak.set_up()
        soak.send(args.seconds, args.connections, seed)
        soak.check_answers()
        soak.check_totals()
        soak.check_deliveries_received(args.drain_seconds)
        soak.stop_and_measure()
        soak.check_outbox(receivers.ask("report"))
    finally:
        if soak.server is not None and soak.server.poll() is None:
            soak.server.kill()
            soak.server.wait()
        receivers.stop()
        shutil.rmtree(work, ignore_errors=True)
    for failure in soak.failures:
        print("FAIL: " + failure)
    if soak.failures:
        print(f"hostile soak: {len(soak.failures)} check(s) failed (server log: {log_path}; rerun with --seed {seed})")
        sys.exit(1)
    print("hostile soak: every check passed")


class Soak:
    """One server under the hostile load, and the checks: each step adds what fails to `failures`."""

    def __init__(self, binary, db, log_path, receivers):
        self.binary, self.db, self.log_path, self.receivers = binary, db, log_path, receivers
        self.failures = []
        self.server = None

    def start(self):
        """`scenelink serve` with a fresh admin token (`scenelink token`) and the default rate limits."""
        self.token = subprocess.run([self.binary, "token"], check=True, capture_output=True, text=True).stdout.strip()
        self.port = free_port()
        # The defaults are the point: no SCENELINK_* variable from the caller's environment may change them.
        environment = {name: value for name, value in os.environ.items() if not name.startswith("SCENELINK_")}
        with open(self.log_path, "wb") as log:
            self.server = subprocess.Popen(
                [self.binary, "serve", "--port", str(self.port), "--db", self.db, "--admin-token", self.token,
                 "--trusted-proxies", "127.0.0.1/32", "--country-header", "CF-IPCountry", "--analytics-flush", "1s",
                 "--webhook-allow-private", "on", "--access-log", "off"],
                stdout=log, stderr=subprocess.STDOUT, env=environment)
        wait_until_healthy(self.port)

    def admin(self, method, path, body=None):
        status, answer = admin_call(self.port, self.token, method, path, body)
        if status >= 300:
            raise RuntimeError(f"{method} {path} answered {status}: {answer!r}")
        return answer

    def set_up(self):
        """Five short links (three aliases), and the receivers' endpoints subscribed to short_link.clicked."""
        self.codes = [self.admin("POST", "/v1/short-links", {"link": link, **({"alias": f"soak-{n}"} if n < 3 else {})})["code"]
                      for n, link in enumerate(SHORT_LINK_TARGETS)]
        self.endpoints = [self.admin("POST", "/v1/webhooks", {"url": f"http://127.0.0.1:{port}/hooks/{n}",
                                                              "events": ["short_link.clicked"],
                                                              "description": f"soak receiver {n}"})
                          for n, port in enumerate(self.receivers.ports)]
        self.receivers.ask("secrets", [endpoint["secret"] for endpoint in self.endpoints])
        print(f"short links: {', '.join(self.codes)}; webhook endpoints: {len(self.endpoints)} "
              f"on ports {self.receivers.ports}")

    def send(self, seconds, connections, seed):
        """The load itself, with the server's memory and database sampled from its start."""
        self.monitor = Monitor(self.server.pid, self.db)
        self.tally = Tally()
        self.first_day = datetime.datetime.now(datetime.timezone.utc).date()
        self.started = time.monotonic()
        deadline = self.started + seconds
        threads = [threading.Thread(target=load, args=(self.port, self.codes, seed + n, deadline, self.tally))
                   for n in range(connections)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.ended = time.monotonic()
        self.load_end = self.monitor.sample()
        self.warm = next((s for s in self.monitor.samples if s[0] >= self.started + WARM_UP * seconds), self.load_end)
        self.clicks = sum(self.tally.clicks.values())
        sent = sum(self.tally.statuses.values()) + self.tally.unanswered
        elapsed = self.ended - self.started
        print(f"load: {sent:,} requests in {elapsed:.1f} s ({sent / elapsed:,.0f}/s; the slowest batch of {PIPELINE} "
              f"answered in {self.tally.slowest:.2f} s); {self.tally.visits:,} visits and {self.clicks:,} clicks answered")

    def check_answers(self):
        """1. Every answer in its kind's set, and no connection error."""
        by_kind = collections.defaultdict(dict)
        for (kind, status), count in sorted(self.tally.statuses.items()):
            by_kind[kind][status] = count
        for kind in KINDS:
            answers = by_kind.get(kind, {})
            print(f"  {kind:21} {sum(answers.values()):>9,}  " + "  ".join(f"{s}: {c:,}" for s, c in answers.items()))
            allowed = KINDS[kind][1] | {429}
            unexpected = {status: count for status, count in answers.items() if status not in allowed}
            if unexpected:
                self.failures.append(f"{kind} requests were answered {unexpected}, where only {sorted(allowed)} are right")
        if self.tally.errors or self.tally.unanswered:
            self.failures.append(f"{len(self.tally.errors)} connection errors left {self.tally.unanswered} requests "
                                 f"unanswered; the first: {self.tally.errors[:3]}")
        if not healthy(self.port):
            self.failures.append("the server did not answer /healthz after the load")

    def check_totals(self):
        """4. Visits and clicks counted as answered; breakdowns bounded and adding up."""
        tally, codes = self.tally, self.codes
        days = days_between(self.first_day, datetime.datetime.now(datetime.timezone.utc).date())

        def visits_counted():
            answer = self.admin("GET", f"/v1/analytics/timeseries?scope=all&interval=day&tz=UTC&from={days[0]}&to={days[-1]}")
            totals = answer["totals"]
            return totals["human"] + totals["preview"] + totals["bot"], answer

        def clicks_counted():
            return {code: self.admin("GET", f"/v1/short-links/{code}")["clicks"] for code in codes}

        # Visits are written every flush (1 s) and clicks by the store's writer: both a moment after they
        # are answered, so each is read until it equals what was sent, for at most 30 s.
        counted, series = settle(visits_counted, lambda got: got[0] == tally.visits)
        clicks = settle(clicks_counted, lambda got: all(got[code] == tally.clicks[code] for code in codes))
        print(f"analytics: {counted:,} visits counted (human + preview + bot, {', '.join(days)}), "
              f"{tally.visits:,} answered as visits; totals {series['totals']}")
        if counted != tally.visits:
            self.failures.append(f"the timeseries counts {counted} visits (human + preview + bot) where {tally.visits} "
                                 f"requests were answered as visits ({counted - tally.visits:+d})")
        dropped = metric(self.port, "scenelink_analytics_dropped_events_total")
        if dropped:
            self.failures.append(f"scenelink_analytics_dropped_events_total is {dropped:.0f}: visits went uncounted")
        for code in codes:
            if clicks[code] != tally.clicks[code]:
                self.failures.append(f"short link {code} counts {clicks[code]} clicks where {tally.clicks[code]} "
                                     "were answered")

        scopes = ["all"] + [f"link:{code}" for code in codes] + [f"route:{name}" for name in ROUTES]
        widest = {}
        for day in days:
            human_that_day = next(bucket["human"] for bucket in series["buckets"] if bucket["start"].startswith(day))
            for dimension in ("referrer", "country"):
                for scope in scopes:
                    answer = self.admin("GET", f"/v1/analytics/breakdown?dimension={dimension}"
                                               f"&scope={urllib.parse.quote(scope)}&from={day}&to={day}&tz=UTC&limit=1000")
                    values = len(answer["rows"]) + answer["omitted"]
                    widest[dimension] = max(widest.get(dimension, 0), values)
                    if values > VALUES_BOUND:
                        self.failures.append(f"on {day} the {dimension} breakdown of {scope} holds {values} values, "
                                             f"over the bound of {VALUES_BOUND} (100 by name and (other))")
                    shared = sum(row["count"] for row in answer["rows"])
                    if scope == "all" and shared != human_that_day:
                        self.failures.append(f"on {day} the {dimension} breakdown of all shares out {shared} human "
                                             f"visits, the timeseries counts {human_that_day}")
        print(f"breakdowns: at most {widest.get('referrer')} referrer and {widest.get('country')} country values "
              f"a scope a day (bound {VALUES_BOUND})")

    def check_deliveries_received(self, drain_seconds):
        """5, first half: wait for the outbox to drain, then check what the receivers got."""
        drain_deadline = time.monotonic() + drain_seconds
        while True:
            stats = self.receivers.ask("stats")
            depth = metric(self.port, "scenelink_webhook_queue_depth") or 0
            # Nothing pending: every delivery left was delivered (and received) or dropped by the outbox limit.
            if depth == 0 or time.monotonic() > drain_deadline:
                break
            time.sleep(1)
        print(f"webhooks: {sum(stats['requests']):,} deliveries received ({stats['distinct']} distinct per endpoint, "
              f"{sum(stats['duplicates'])} repeated), {depth:,.0f} pending {time.monotonic() - self.ended:.0f} s "
              "after the load")
        for name, what in (("bad_signatures", "did not verify with their endpoint's secret"),
                           ("stale", "carried a timestamp more than 5 minutes off"),
                           ("other_events", "were not short_link.clicked"),
                           ("malformed", "were malformed (no id, timestamp, length or JSON)")):
            if stats[name]:
                self.failures.append(f"{stats[name]} deliveries {what}")
        failed = metric(self.port, 'scenelink_webhook_deliveries_total{outcome="failed"}')
        if failed:
            self.failures.append(f'scenelink_webhook_deliveries_total{{outcome="failed"}} is {failed:.0f}')

    def stop_and_measure(self):
        """6, then 2 and 3: the server still up and stopping cleanly; its memory and its database's growth."""
        if self.server.poll() is not None or not healthy(self.port):
            self.failures.append(f"the server is down after the soak (exit status {self.server.poll()})")
        final = self.monitor.stop()
        self.server.send_signal(signal.SIGTERM)
        try:
            status = self.server.wait(timeout=60)
            if status != 0:
                self.failures.append(f"the server exited with status {status} on SIGTERM")
        except subprocess.TimeoutExpired:
            self.failures.append("the server did not stop within 60 s of SIGTERM")
        samples, warm, load_end = self.monitor.samples, self.warm, self.load_end

        peak = max((s for s in samples if s[0] >= warm[0]), key=lambda s: s[1])
        print(f"memory: RSS {mb(samples[0][1])} before the load, {mb(warm[1])} after the warm-up, {mb(load_end[1])} "
              f"at the load's end, {mb(final[1])} after the drain, peak {mb(peak[1])} ({peak[0] - self.started:.0f} s "
              f"in; bound: warm-up + {mb(RSS_BOUND)})")
        if peak[1] - warm[1] > RSS_BOUND:
            self.failures.append(f"RSS grew by {mb(peak[1] - warm[1])} after the warm-up ({mb(warm[1])} -> "
                                 f"{mb(peak[1])} {peak[0] - self.started:.0f} s in), more than {mb(RSS_BOUND)}")

        # Data in use rises by a second of clicks between two trims and falls back at each: the least of
        # the 10 s before the warm-up's end and of the load's last 10 s compares the same point of that cycle.
        def floor(at):
            return min(s[4] for s in samples if at - TRIM_WINDOW <= s[0] <= at)
        grown = floor(load_end[0]) - floor(warm[0])
        per_hour = grown / max(load_end[0] - warm[0], 1e-9) * 3600
        file_per_hour = (load_end[2] - warm[2]) / max(load_end[0] - warm[0], 1e-9) * 3600
        free = max(s[2] - s[4] for s in samples)
        print(f"database in use (the least of 10 s): {mb(samples[0][4])} before the load, {mb(floor(warm[0]))} after the "
              f"warm-up, {mb(floor(load_end[0]))} at the load's end, {mb(final[4])} after the drain: {mb(per_hour)} an hour "
              f"(bound {mb(DB_BOUND_PER_HOUR)}); the file: {mb(warm[2])} after the warm-up, {mb(load_end[2])} at the "
              f"load's end ({mb(file_per_hour)} an hour), {mb(os.path.getsize(self.db))} on disk after the stop, "
              f"free pages at most {mb(free)} (bound {mb(FREE_BOUND)}); the -wal on disk peaked at "
              f"{mb(max(s[3] for s in samples))}")
        if per_hour > DB_BOUND_PER_HOUR:
            self.failures.append(f"the database's data grew {mb(grown)} in {load_end[0] - warm[0]:.0f} s after the "
                                 f"warm-up, {mb(per_hour)} an hour, over {mb(DB_BOUND_PER_HOUR)} an hour")
        if free > FREE_BOUND:
            self.failures.append(f"the database file held {mb(free)} of free pages, over {mb(FREE_BOUND)}")

    def check_outbox(self, report):
        """5, second half, after the server stopped: its outbox against what was clicked and received;
        then the analytics scopes, and the database's bytes by table."""
        connection = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            self.check_deliveries_stored(connection, report)
            scopes = {row[0] for row in connection.execute("SELECT DISTINCT scope FROM analytics_visits")}
            allowed = {"all"} | {f"link:{code}" for code in self.codes} | {f"route:{name}" for name in ROUTES}
            if scopes - allowed:
                self.failures.append(f"analytics made scopes nobody created: {sorted(scopes - allowed)[:10]}")
            # Where the bytes went: each table with its indexes. Almost all of it was written during the
            # load, so size / load time is the pace of a table that grows with every request (the outbox,
            # claims); rows per hour or per day (analytics) stop growing once their period has them all.
            tables = connection.execute("SELECT s.tbl_name, SUM(d.pgsize) FROM dbstat AS d JOIN sqlite_schema AS s "
                                        "ON s.name = d.name GROUP BY s.tbl_name ORDER BY 2 DESC LIMIT 6").fetchall()
            print("database by table with its indexes, after the stop (size / load time as MB an hour):")
            for name, size in tables:
                rows = connection.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]
                print(f"  {name:20} {mb(size):>11} ({mb(size / (self.ended - self.started) * 3600)} an hour), "
                      f"{rows:,} rows" + (f", {size / rows:,.0f} bytes a row" if rows else ""))
        finally:
            connection.close()

    def check_deliveries_stored(self, connection, report):
        """Each endpoint's clicks are accounted for exactly: received (distinct ids), still pending and
        never received, or dropped by the outbox limit (the endpoint's dropped_events); none failed,
        and every delivery the outbox still marks delivered was received. (Received deliveries the
        outbox no longer holds were swept as finished history by the outbox limit.)"""
        index = {endpoint["id"]: n for n, endpoint in enumerate(self.endpoints)}
        states = collections.Counter()  # (endpoint id, state)
        pending_unreceived = collections.Counter()
        delivered_unreceived = 0
        for endpoint_id, message_id, state in connection.execute(
                "SELECT endpoint_id, message_id, state FROM webhook_deliveries WHERE event_type = 'short_link.clicked'"):
            states[(endpoint_id, state)] += 1
            received = report["ids"].get(message_id, 0) >> index.get(endpoint_id, 64) & 1
            if state == "delivered" and not received:
                delivered_unreceived += 1
            if state == "pending" and not received:
                pending_unreceived[endpoint_id] += 1
        dropped = dict(connection.execute("SELECT id, dropped_events FROM webhook_endpoints"))
        received = [0] * len(self.endpoints)
        for mask in report["ids"].values():
            for n in range(len(self.endpoints)):
                received[n] += mask >> n & 1
        by_state = collections.Counter()
        for (_, state), count in states.items():
            by_state[state] += count
        for n, endpoint in enumerate(self.endpoints):
            rows = {state: count for (endpoint_id, state), count in states.items() if endpoint_id == endpoint["id"]}
            accounted = received[n] + pending_unreceived[endpoint["id"]] + dropped.get(endpoint["id"], 0)
            if accounted != self.clicks or set(rows) - {"delivered", "pending"}:
                self.failures.append(
                    f"endpoint {endpoint['id']}: {received[n]:,} received + {pending_unreceived[endpoint['id']]:,} pending "
                    f"+ {dropped.get(endpoint['id'], 0):,} dropped = {accounted:,} where {self.clicks:,} clicks were "
                    f"answered (outbox rows by state: {rows})")
        if delivered_unreceived:
            self.failures.append(f"{delivered_unreceived} deliveries are marked delivered but their receiver never "
                                 "got them")
        if by_state["pending"] == 0 and not any(dropped.values()):
            highest = report["highest_count"]
            wrong = {code: (highest.get(code, 0), self.tally.clicks[code]) for code in self.codes
                     if highest.get(code, 0) != self.tally.clicks[code]}
            if wrong:
                self.failures.append(f"the highest count each link's events carried is not its clicks "
                                     f"(carried, clicks): {wrong}")
        print(f"outbox after the stop: {sum(states.values()):,} short_link.clicked deliveries {dict(by_state)} for "
              f"{self.clicks:,} clicks x {len(self.endpoints)} endpoints; {sum(received):,} received, "
              f"{sum(dropped.values()):,} dropped by the outbox limit")

if __name__ == "__main__":
    main()
