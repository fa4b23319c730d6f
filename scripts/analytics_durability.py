#!/usr/bin/env python3
"""Proof: click analytics loses no visit on SIGTERM, at most one flush window on kill -9, and
writes nothing about the visitor.

1. A burst of visits through a trusted proxy (forwarded addresses, a country header, referrers with
   paths, QR scans, previewers, bots, HEADs that must not count), then SIGTERM at once: after a
   restart on the same file, every visit is in the totals, by class.
2. Another burst, then two flush windows (--analytics-flush 1s), then kill -9: after a restart,
   every visit is there too.
3. The database file and its WAL contain none of the addresses, User-Agents or referrer paths sent.

Usage: SCENELINK_BIN=.build/release/scenelink python3 scripts/analytics_durability.py
"""
import http.client
import json
import os
import pathlib
import secrets
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from proof_support import admin_call, check, fail, free_port, wait_until_healthy  # noqa: E402

TOKEN = secrets.token_urlsafe(32)  # as `scenelink token` makes one: serve refuses a guessable token
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/17.4 Mobile/15E148 Safari/604.1")
MAC = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) "
       "Chrome/124.0.0.0 Safari/537.36 DurabilityProbe/7")
SLACK = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"
CURL = "curl/8.5.0"


def start(binary, database, port):
    env = dict(os.environ, SCENELINK_ADMIN_TOKEN=TOKEN,
               SCENELINK_RATE_LIMITS="links=1000000000/s,claim-pages=1000000000/s",
               SCENELINK_INSTANCE_LIMITS="claim-pages=1000000000/s")
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--db", database, "--access-log", "off",
                                "--trusted-proxies", "127.0.0.1/32", "--country-header", "CF-IPCountry",
                                "--analytics-flush", "1s"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wait_until_healthy(port)
    return process


def burst(port, round_number, count):
    """`count` rounds of six requests: four visits that count (iPhone with a QR scan, Mac, Slack,
    curl) and a HEAD and a JSON GET that do not. Answers what must be counted, by class, and the
    strings that must never be stored."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    secrets = []
    for index in range(count):
        address = f"198.51.{round_number}.{index % 250 + 1}"
        path = f"/private-campaign-{round_number}-{index}/secret-path"
        secrets += [address, path]
        requests = [
            ("GET", "/settings/premium?sl_qr=1", IPHONE, "text/html"),
            ("GET", "/settings/account", MAC, "text/html"),
            ("GET", "/settings/account", SLACK, "text/html"),
            ("GET", "/explain", CURL, "text/html"),
            ("HEAD", "/settings/account", MAC, "text/html"),
            ("GET", "/settings/account", MAC, "application/json"),
        ]
        for method, target, agent, accept in requests:
            connection.request(method, target, headers={
                "User-Agent": agent, "Accept": accept, "X-Forwarded-For": address, "CF-IPCountry": "NP",
                "Referer": f"https://www.news.example{path}?utm=1"})
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                fail(f"{method} {target} answered {response.status}")
    connection.close()
    return {"human": 2 * count, "qr": count, "preview": count, "bot": count}, secrets + [IPHONE, MAC]


def totals(port):
    status, body = admin_call(port, TOKEN, "GET", "/v1/analytics/timeseries?interval=day")
    if status != 200:
        fail(f"timeseries answered {status}: {body!r}")
    return {key: body["totals"][key] for key in ("human", "qr", "preview", "bot")}


def add(a, b):
    return {key: a[key] + b[key] for key in a}


def main():
    binary = os.environ.get("SCENELINK_BIN", ".build/release/scenelink")
    folder = tempfile.mkdtemp(prefix="scenelink-analytics-")
    database = os.path.join(folder, "analytics.sqlite")
    port = free_port()

    process = start(binary, database, port)
    expected, secrets = burst(port, 1, 100)
    process.send_signal(signal.SIGTERM)
    if process.wait(timeout=30) != 0:
        fail(f"SIGTERM: the server exited {process.returncode}: {process.stderr.read().decode()[-500:]}")
    process = start(binary, database, port)
    check(totals(port) == expected, f"SIGTERM right after a burst keeps every visit: {totals(port)}")

    more, secrets2 = burst(port, 2, 100)
    expected = add(expected, more)
    time.sleep(3)  # two flush windows of 1 s, and one more for a busy machine
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    process = start(binary, database, port)
    check(totals(port) == expected, f"kill -9 after two flush windows keeps every visit: {totals(port)}")
    status, breakdown = admin_call(port, TOKEN, "GET", "/v1/analytics/breakdown?dimension=referrer")
    check(status == 200 and breakdown["rows"] == [{"value": "news.example", "count": expected["human"]}],
          f"referrers are kept as their host only: {breakdown}")
    status, countries = admin_call(port, TOKEN, "GET", "/v1/analytics/breakdown?dimension=country")
    check(status == 200 and countries["rows"] == [{"value": "NP", "count": expected["human"]}],
          "the country header from the trusted proxy is counted")
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)

    stored = b""
    for suffix in ("", "-wal"):
        if os.path.exists(database + suffix):
            stored += pathlib.Path(database + suffix).read_bytes()
    leaked = [secret for secret in secrets + secrets2 if secret.encode() in stored]
    check(not leaked, f"the database and WAL ({len(stored)} bytes) hold no address, User-Agent or referrer path sent "
                      f"({len(secrets + secrets2)} checked){': ' + repr(leaked[:3]) if leaked else ''}")
    print("analytics durability: every check passed")


if __name__ == "__main__":
    main()
