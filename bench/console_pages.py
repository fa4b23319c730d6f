#!/usr/bin/env python3
"""The operator console's pages at scale: 100,000 short links and the rollups of 10^8 visits
(bench/analytics_rollups.py's generator), then each console page timed over HTTP with a signed-in
session (20 runs each: median and p95 of the whole request on loopback, and the page's bytes).

The issue's budget is 60 KB and 20 ms of server time per page. What the pages read: the
Overview and Claims pages 30 days of `all`'s 15-minute rows (the Overview also the top links of 7
days from `analytics_visit_days`), Analytics the API's time series and one breakdown of `all`,
System the keys and 25 audit entries, the privacy receipt a row count of every analytics table,
Webhooks the endpoints, Routes the route table, Links one page of the listing (first, one near the
end by its cursor, a tag every 100th link has, a text that matches one link only: a scan of every
link after the cursor), a link's page the link and its analytics (a link with rollups).

Usage: SCENELINK_BIN=.build/release/scenelink python3 bench/console_pages.py [--links 100000] [--rollup-links 2000] [--days 396]
       [--rollups PATH]
With --rollups, a copy of a database analytics_rollups.py generated (and kept with its --database)
is used instead of generating one: the short links are added to the copy, the file is untouched.
"""
import argparse
import hashlib
import os
import pathlib
import shutil
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))
from proof_support import free_port  # noqa: E402
import analytics_rollups  # noqa: E402

TOKEN = analytics_rollups.TOKEN
PAGES = ["/console/overview", "/console/analytics", "/console/routes?url=fuelmoney%3A%2F%2Fsettings%2Faccount",
         "/console/webhooks", "/console/claims", "/console/system", "/console/system/privacy",
         "/console/links", "/console/links?cursor=99000", "/console/links?tag=campaign", "/console/links?q=bench-099998",
         "/console/links/bench-00007"]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def add_short_links(database, count):
    connection = sqlite3.connect(database)
    now = int(time.time() * 1000)
    with connection:
        connection.executemany(
            "INSERT INTO short_links (code_hash, code, link, created_at) VALUES (?, ?, ?, ?)",
            ((hashlib.sha256(f"bench-{n:06d}".encode()).digest(), f"bench-{n:06d}", "fuelmoney://settings/account", now)
             for n in range(count)))
        # Every 100th link has a tag; one link of the rollups' (their codes have 5 digits) for its page.
        connection.execute("INSERT INTO short_link_tags (sequence, tag) SELECT sequence, 'campaign' FROM short_links "
                           "WHERE sequence % 100 = 0")
        connection.execute("INSERT INTO short_links (code_hash, code, link, created_at) VALUES (?, 'bench-00007', ?, ?)",
                           (hashlib.sha256(b"bench-00007").digest(), "fuelmoney://settings/account", now))
    connection.close()


def sign_in(port):
    opener = urllib.request.build_opener(NoRedirect)
    body = urllib.parse.urlencode({"token": TOKEN}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/console/sign-in", data=body,
                                     headers={"Origin": f"http://127.0.0.1:{port}"})
    try:
        opener.open(request, timeout=30)
    except urllib.error.HTTPError as answer:
        assert answer.code == 303, answer.code
        cookie = answer.headers["Set-Cookie"].split(";")[0]
        return cookie
    raise SystemExit("sign-in did not answer 303")


def timed(port, path, cookie, runs=20):
    samples = []
    for _ in range(runs):
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Cookie": cookie})
        started = time.perf_counter()
        with urllib.request.urlopen(request, timeout=60) as response:
            body = response.read()
            assert response.status == 200, response.status
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1], len(body)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--links", type=int, default=100_000)
    parser.add_argument("--rollup-links", type=int, default=2000)
    parser.add_argument("--days", type=int, default=396)
    parser.add_argument("--visits", type=int, default=100_000_000)
    parser.add_argument("--rollups", help="a rollups database to copy instead of generating one")
    options = parser.parse_args()
    binary = os.environ.get("SCENELINK_BIN", str(ROOT / ".build/release/scenelink"))
    folder = tempfile.mkdtemp(prefix="scenelink-console-")
    database = os.path.join(folder, "console.sqlite")
    port = free_port()
    started = time.monotonic()
    if options.rollups:
        shutil.copyfile(options.rollups, database)
    process = analytics_rollups.serve(binary, database, port)  # creates or migrates the schema
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)
    if options.rollups:
        connection = sqlite3.connect(database)
        total = connection.execute("SELECT sum(human) FROM analytics_visits WHERE scope = 'all'").fetchone()[0]
        rows = connection.execute("SELECT row_count FROM analytics_table_rows WHERE table_name = 'analytics_visits'").fetchone()[0]
        connection.close()
    else:
        total, rows = analytics_rollups.generate(database, options.rollup_links, options.days, options.visits)
    add_short_links(database, options.links)
    print(f"{options.links:,} short links; {rows:,} rows of 15-minute counts for {total:,} human visits "
          f"in {time.monotonic() - started:.0f} s ({os.path.getsize(database) / 1e9:.2f} GB)")
    process = analytics_rollups.serve(binary, database, port)
    try:
        cookie = sign_in(port)
        print(f"{'page':58} {'median ms':>10} {'p95 ms':>8} {'bytes':>8}")
        for path in PAGES:
            median, p95, size = timed(port, path, cookie)
            print(f"{path:58} {median:10.2f} {p95:8.2f} {size:8}")
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
