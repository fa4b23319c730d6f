#!/usr/bin/env python3
"""Click analytics at a hundred million visits: writes rollups for 10^8 visits into a SQLite
database the way the flushes would have (13 months, 2,000 short links on 20 routes, every hour of
every day), starts `scenelink serve` on it, and times the reports over HTTP (20 runs each, median
and p95).

What is generated (rows, not visits, are what a query reads):
- analytics_visits: every short link, its route and `all`, one row per hour (at :00) for 396 days;
- analytics_visit_days: the same, summed per UTC day;
- analytics_marginals: `all`, every hour of the last 35 days, 10 values for each of the 7 dimensions;
- analytics_marginal_days: `all`, every earlier day, the same values;
  with --worst-case-values, the referrer instead has 100 values every hour, new names every day: the
  most a scope keeps by name (100 values per dimension per UTC day), so a 13-month breakdown groups
  39,600 values;
- analytics_totals, analytics_visitors: one row per scope (per day for visitors);

It then times the export of every link's year (`/v1/analytics/export`, a year's day CSV, in UTC and
in Asia/Kathmandu, 3 runs each), reading the streamed body to its end: total seconds, bytes, rows.

Usage: SCENELINK_BIN=.build/release/scenelink python3 bench/analytics_rollups.py [--links 2000] [--worst-case-values]
       [--database PATH] [--generate-only]
With --database, an existing file is used as it is (the generator is skipped) and a new one is kept;
--generate-only stops after writing it. Logs stay under .build/bench-logs/.
"""
import argparse
import os
import pathlib
import secrets
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from proof_support import free_port, wait_until_healthy  # noqa: E402

TOKEN = secrets.token_urlsafe(32)  # as `scenelink token` makes one: serve refuses a guessable token
DIMENSIONS = ["platform", "browser", "referrer", "country", "trigger", "outcome", "preview"]


def serve(binary, database, port):
    env = dict(os.environ, SCENELINK_ADMIN_TOKEN=TOKEN)
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--db", database, "--access-log", "off"],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # A database from before the day table is migrated at start (its day rows are filled from
        # the 15-minute rows: seconds at 10^8 visits), so wait up to a minute, and never leave
        # the server behind when it does not come up.
        wait_until_healthy(port, tries=1200)
    except SystemExit:
        process.kill()
        raise
    return process


def generate(database, links, days, visits_total, worst_case_values=False):
    now_hour = int(time.time()) // 3600
    first_hour = now_hour - days * 24
    hours = list(range(first_hour, now_hour))
    per_link_hour = max(1, visits_total // (links * len(hours)))
    connection = sqlite3.connect(database)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=OFF")
    with connection:
        rows = 0
        routes = [f"route:bench.route{r:02d}" for r in range(20)]
        route_sum = {route: 0 for route in routes}
        for link in range(links):
            scope = f"link:bench-{link:05d}"
            route = routes[link % len(routes)]
            connection.executemany(
                "INSERT INTO analytics_visits VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                ((scope, hour * 4, per_link_hour, per_link_hour // 10, 1, 1, 0, 0) for hour in hours))
            connection.execute("INSERT INTO analytics_totals VALUES (?, ?, ?, ?, ?, ?, ?)",
                               (scope, per_link_hour * len(hours), per_link_hour * len(hours) // 10, len(hours), len(hours), 0, 0))
            route_sum[route] += 1
            rows += len(hours)
        for route, count in route_sum.items():
            connection.executemany(
                "INSERT INTO analytics_visits VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                ((route, hour * 4, per_link_hour * count, per_link_hour * count // 10, count, count, 0, 0) for hour in hours))
        connection.executemany(
            "INSERT INTO analytics_visits VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (("all", hour * 4, per_link_hour * links, per_link_hour * links // 10, links, links, 0, 0) for hour in hours))
        # The day rows the same flushes would have written beside the 15-minute rows.
        connection.execute(
            "INSERT INTO analytics_visit_days SELECT scope, bucket / 96, sum(human), sum(qr), sum(preview), sum(bot),"
            " sum(claims), sum(installs) FROM analytics_visits GROUP BY scope, bucket / 96")
        detail_from = now_hour - 35 * 24
        for dimension in DIMENSIONS:
            if worst_case_values and dimension == "referrer":
                # 100 values a day, each day's its own: site{day}-{v}.example.
                connection.executemany(
                    "INSERT INTO analytics_marginals VALUES (?, ?, ?, ?, ?)",
                    (("all", dimension, hour, f"site{hour // 24}-{v}.example", per_link_hour * links // 100 + v)
                     for hour in hours if hour >= detail_from for v in range(100)))
                connection.executemany(
                    "INSERT INTO analytics_marginal_days VALUES (?, ?, ?, ?, ?)",
                    (("all", dimension, day, f"site{day}-{v}.example", per_link_hour * links * 24 // 100 + v)
                     for day in range(first_hour // 24, detail_from // 24) for v in range(100)))
                continue
            values = [f"{dimension}-{v}" for v in range(10)]
            connection.executemany(
                "INSERT INTO analytics_marginals VALUES (?, ?, ?, ?, ?)",
                (("all", dimension, hour, value, per_link_hour * links // 10) for hour in hours if hour >= detail_from
                 for value in values))
            connection.executemany(
                "INSERT INTO analytics_marginal_days VALUES (?, ?, ?, ?, ?)",
                (("all", dimension, day, value, per_link_hour * links * 24 // 10)
                 for day in range(first_hour // 24, detail_from // 24) for value in values))
        connection.executemany("INSERT INTO analytics_visitors VALUES (?, ?, ?)",
                               (("all", day, links * 40) for day in range(first_hour // 24, now_hour // 24 + 1)))
    total = connection.execute("SELECT sum(human) FROM analytics_visits WHERE scope = 'all'").fetchone()[0]
    count = connection.execute("SELECT count(*) FROM analytics_visits").fetchone()[0]
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return total, count


def timed(port, path, accept="application/json", runs=20):
    samples = []
    for _ in range(runs):
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                         headers={"Authorization": f"Bearer {TOKEN}", "Accept": accept})
        started = time.perf_counter()
        with urllib.request.urlopen(request, timeout=60) as response:
            body = response.read()
            assert response.status == 200, response.status
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1], len(body)


def timed_export(port, path, runs=3):
    """Reads a streamed export to its end: (best seconds, median seconds, bytes, data rows)."""
    samples = []
    for _ in range(runs):
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Bearer {TOKEN}"})
        started = time.perf_counter()
        size, rows = 0, 0
        with urllib.request.urlopen(request, timeout=600) as response:
            assert response.status == 200, response.status
            assert response.headers.get("Transfer-Encoding") == "chunked"
            while True:
                block = response.read(1 << 20)
                if not block:
                    break
                size += len(block)
                rows += block.count(b"\n")
        samples.append(time.perf_counter() - started)
    samples.sort()
    return samples[0], statistics.median(samples), size, rows - 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--links", type=int, default=2000)
    parser.add_argument("--days", type=int, default=396)
    parser.add_argument("--visits", type=int, default=100_000_000)
    parser.add_argument("--database", help="a database to reuse if it exists, or to generate and keep")
    parser.add_argument("--generate-only", action="store_true")
    parser.add_argument("--worst-case-values", action="store_true",
                        help="the referrer with 100 values every hour, new names every day (the most the server keeps)")
    parser.add_argument("--export-only", action="store_true", help="time only the export")
    options = parser.parse_args()
    binary = os.environ.get("SCENELINK_BIN", str(ROOT / ".build/release/scenelink"))
    if options.database:
        database = options.database
    else:
        database = os.path.join(tempfile.mkdtemp(prefix="scenelink-rollups-"), "rollups.sqlite")
    port = free_port()
    if not os.path.exists(database):
        process = serve(binary, database, port)  # creates the schema
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
        started = time.monotonic()
        total, rows = generate(database, options.links, options.days, options.visits, options.worst_case_values)
        size = os.path.getsize(database)
        print(f"generated {rows:,} rows of 15-minute counts for {total:,} human visits in {time.monotonic() - started:.0f} s "
              f"({size / 1e9:.2f} GB)")
    if options.generate_only:
        return
    process = serve(binary, database, port)
    try:
        today = time.strftime("%Y-%m-%d", time.gmtime())
        first = time.strftime("%Y-%m-%d", time.gmtime(time.time() - (options.days - 1) * 86400))
        cases = [
            ("13-month day series, one link", f"/v1/analytics/timeseries?scope=link:bench-00042&interval=day&from={first}&to={today}"),
            ("13-month day series, all", f"/v1/analytics/timeseries?scope=all&interval=day&from={first}&to={today}"),
            ("13-month day series, one link, Asia/Kathmandu",
             f"/v1/analytics/timeseries?scope=link:bench-00042&interval=day&from={first}&to={today}&tz=Asia/Kathmandu"),
            ("breakdown of all, referrer, last 30 days", "/v1/analytics/breakdown?dimension=referrer&scope=all"),
            ("breakdown of all, platform, 13 months", f"/v1/analytics/breakdown?dimension=platform&scope=all&from={first}&to={today}"),
            ("breakdown of all, referrer, 13 months", f"/v1/analytics/breakdown?dimension=referrer&scope=all&from={first}&to={today}"),
            ("breakdown of all, referrer, 13 months, limit=1000",
             f"/v1/analytics/breakdown?dimension=referrer&scope=all&from={first}&to={today}&limit=1000"),
            ("uniques of all, 13 months", f"/v1/analytics/uniques?scope=all&from={first}&to={today}"),
        ]
        if options.export_only:
            cases = []
        else:
            print(f"{'report':52} {'median ms':>10} {'p95 ms':>8} {'bytes':>8}")
        for name, path in cases:
            median, p95, size = timed(port, path)
            print(f"{name:52} {median:10.1f} {p95:8.1f} {size:8}")
        if not options.export_only:
            median, p95, size = timed(port, f"/v1/analytics/timeseries?scope=all&interval=day&from={first}&to={today}",
                                      accept="text/csv")
            print(f"{'13-month day series of all as CSV':52} {median:10.1f} {p95:8.1f} {size:8}")
        year = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 365 * 86400))
        print(f"{'export, every link, a year of days':52} {'best s':>8} {'median s':>9} {'bytes':>12} {'rows':>10}")
        for zone in ["UTC", "Asia/Kathmandu"]:
            best, median, size, rows = timed_export(port, f"/v1/analytics/export?interval=day&from={year}&to={today}&tz={zone}")
            print(f"{'  ' + zone:52} {best:8.2f} {median:9.2f} {size:12,} {rows:10,}")
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)


if __name__ == "__main__":
    main()
