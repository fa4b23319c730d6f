#!/usr/bin/env python3
"""Links across a release at scale: how long `scenelink links check` takes to replay 10,000 stored
short links (and a sample link of every route) against a route file of 50,000 routes and a candidate
that renames a hundred of them, and how long a SIGHUP reload takes (the route file, the check of the
stored links with visits, the association files and the link pages) at 1,000, 10,000 and 50,000
routes. Route files as bench/startup.py makes them.

Usage: SCENELINK_BIN=.build/release/scenelink python3 bench/links_check.py [--links 10000] [--routes 1000,10000,50000] [--runs 3]
Prints one line per measurement with the medians.
"""
import argparse
import copy
import json
import os
import pathlib
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "scripts"))
from startup import route_file  # noqa: E402
from proof_support import free_port, wait_until_healthy  # noqa: E402

TOKEN = secrets.token_urlsafe(32)
MAC = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) "
       "Chrome/124.0.0.0 Safari/537.36")


def start(binary, routes, database, log):
    port = free_port()
    process = subprocess.Popen([binary, "serve", "--routes", routes, "--port", str(port), "--db", database,
                                "--access-log", "off", "--quiet"],
                               env=dict(os.environ, SCENELINK_ADMIN_TOKEN=TOKEN, SCENELINK_RATE_LIMITS="off"),
                               stdout=open(log, "a"), stderr=subprocess.STDOUT)
    wait_until_healthy(port, tries=1200)
    return process, port


def stop(process):
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=60)


def stored_links(binary, routes, database, folder, count):
    """`count` short links to the routes of `routes` (every other one to a route with parameters),
    imported 10,000 at a time through a running server, a tenth of them visited once."""
    process, port = start(binary, routes, database, os.path.join(folder, "seed.log"))
    rows = []
    for index in range(count):
        route = (index * 7) % 50000
        if route % 2 == 0:
            link = f"https://fuelmoney.example.com/area{route // 100}/screen{route}"
        else:
            link = f"https://fuelmoney.example.com/area{route // 100}/item{route}/{index}/tab{index % 5}"
        rows.append(f"bench{index},{link}")
    for start_row in range(0, len(rows), 10000):
        body = ("alias,link\n" + "\n".join(rows[start_row:start_row + 10000]) + "\n").encode()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/short-links/import", data=body, method="POST",
                                         headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "text/csv"})
        with urllib.request.urlopen(request, timeout=600) as response:
            response.read()
    for index in range(0, count, 10):
        request = urllib.request.Request(f"http://127.0.0.1:{port}/s/bench{index}", headers={"User-Agent": MAC, "Accept": "text/html"})
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()
    stop(process)  # SIGTERM writes every counted visit


def candidate(document, renamed):
    """The same routes with the first `renamed` routes without parameters moved to another path."""
    changed = copy.deepcopy(document)
    moved = 0
    for route in changed["routes"]:
        if moved == renamed:
            break
        if "{" not in route["path"]:
            route["path"] = route["path"].replace("/screen", "/renamed-screen")
            moved += 1
    return changed


def reload_time(binary, routes, database, folder):
    """From SIGHUP to the routes-reloaded line: wall time, and the line's own stage timings."""
    log = os.path.join(folder, f"reload-{time.monotonic_ns()}.log")
    process, _ = start(binary, routes, database, log)
    started = time.monotonic()
    process.send_signal(signal.SIGHUP)
    line = None
    while line is None:
        for text in pathlib.Path(log).read_text().splitlines():
            if '"routes-reloaded"' in text or '"routes-reload-refused"' in text or '"routes-reload-failed"' in text:
                line = json.loads(text)
        if line is None:
            if time.monotonic() - started > 120:
                sys.exit("no reload line within 120 s")
            time.sleep(0.005)
    elapsed = time.monotonic() - started
    stop(process)
    if line["event"] != "routes-reloaded":
        sys.exit(f"the reload was not taken: {line}")
    return elapsed, line


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--links", type=int, default=10000)
    parser.add_argument("--routes", default="1000,10000,50000")
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    binary = os.environ.get("SCENELINK_BIN", ".build/release/scenelink")
    with tempfile.TemporaryDirectory() as folder:
        today = route_file(50000)
        today_path = os.path.join(folder, "routes-50000.json")
        next_path = os.path.join(folder, "next-50000.json")
        json.dump(today, open(today_path, "w"))
        json.dump(candidate(today, 100), open(next_path, "w"))
        database = os.path.join(folder, "links.sqlite")
        stored_links(binary, today_path, database, folder, arguments.links)
        times, status, summary = [], None, None
        for _ in range(arguments.runs):
            started = time.monotonic()
            result = subprocess.run([binary, "links", "check", next_path, "--routes", today_path, "--db", database, "--json"],
                                    capture_output=True, text=True)
            times.append(time.monotonic() - started)
            status, summary = result.returncode, json.loads(result.stdout)["summary"]
        print(f"links check: {arguments.links:,} stored links and a sample of every route ({summary['links']:,} links) against "
              f"50,000 routes in {statistics.median(times):.2f} s (exit {status}; {summary['moved']} moved, "
              f"{summary['broken']} broken); median of {arguments.runs}", flush=True)
        for count in [int(text) for text in arguments.routes.split(",")]:
            path = os.path.join(folder, f"routes-{count}.json")
            json.dump(route_file(count), open(path, "w"))
            runs = [reload_time(binary, path, database, folder) for _ in range(arguments.runs)]
            stages = {key: statistics.median(run[1].get(key, 0) for run in runs)
                      for key in ("route_file_ms", "association_files_ms", "link_pages_ms")}
            print(f"{count:>6} routes: SIGHUP to routes-reloaded in {statistics.median(run[0] for run in runs):.2f} s "
                  f"(route file {stages['route_file_ms']:.0f} ms, association files {stages['association_files_ms']:.0f} ms, "
                  f"link pages {stages['link_pages_ms']:.0f} ms; the store's {arguments.links:,} links checked); medians of {arguments.runs}",
                  flush=True)


if __name__ == "__main__":
    main()
