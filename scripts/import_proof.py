#!/usr/bin/env python3
"""Leaving Firebase with every link (docs/migrating-from-firebase.md), through the release binary.

1. The 220-row Firebase export fixture (mixed-case codes at the domain's root, archived rows, links to
   screens, to allowed and disallowed web pages, with and without social cards, fallbacks and UTM, one
   malformed row): `scenelink import firebase --dry-run` reports exact totals and writes nothing; the
   same file through `POST /v1/short-links/import?format=firebase` of a server serving codes at the
   root creates them; the command line again finds every one `unchanged`.
2. Every old URL (`https://HOST/CODE`) visited as an iPhone, an Android phone, a desktop and Slack's
   previewer through that server: the card is the row's `st`/`si` (or the route's), the desktop's and
   iPhone's fallbacks are the row's `ofl`/`ifl` with its UTM parameters on them, Android's Play link
   carries the UTM values in its install referrer, an `efr=1` row is a 302 for people, a web page is a
   302 to itself with its campaign (never to a site off the list), archived and refused rows are 404.
3. The export imported into a second, empty server exports the same CSV.
4. Bitly, Shlink and YOURLS fixtures import with exact totals.

Usage: SCENELINK_BIN=.build/release/scenelink python3 scripts/import_proof.py
"""
import csv
import json
import os
import pathlib
import secrets
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from proof_support import check, fail, free_port, wait_until_healthy  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests/SceneLinkServiceTests/CommandLine/Fixtures/import"
FIREBASE = FIXTURES / "firebase-links.fuelmoney.example.com.csv"
TOKEN = secrets.token_urlsafe(32)
ALLOWED = "blog.fuelmoney.example.com"
AGENTS = {
    "iphone": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
    "android": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36",
    "desktop": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    "slack": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
}


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def start(binary, folder, name):
    port = free_port()
    log = open(os.path.join(folder, f"{name}.log"), "a")
    process = subprocess.Popen(
        [binary, "serve", "--port", str(port), "--db", os.path.join(folder, f"{name}.sqlite"), "--access-log", "off", "--quiet",
         "--short-link-prefix", "/", "--link-domains", ALLOWED],
        env=dict(os.environ, SCENELINK_ADMIN_TOKEN=TOKEN, SCENELINK_RATE_LIMITS="off"), stdout=log, stderr=subprocess.STDOUT)
    wait_until_healthy(port)
    return process, port


def stop(process):
    process.send_signal(signal.SIGTERM)
    if process.wait(timeout=30) != 0:
        fail(f"SIGTERM: the server exited {process.returncode}")


def get(port, path, agent=None, headers=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=dict(headers or {}, **({"User-Agent": agent} if agent else {})))
    try:
        with OPENER.open(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def post_csv(port, path, body):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method="POST",
                                     headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "text/csv"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def cli(binary, *arguments):
    return subprocess.run([binary, *arguments], capture_output=True, text=True, timeout=120)


def fallback(page):
    marker = 'class="fallback"'
    end = page.find(marker)
    if end < 0:
        return None
    start = page.rfind('<a href="', 0, end) + len('<a href="')
    return page[start:page.index('"', start)].replace("&amp;", "&")


def og(page, name):
    marker = f'<meta property="og:{name}" content="'
    start = page.find(marker)
    if start < 0:
        return None
    start += len(marker)
    return page[start:page.index('"', start)].replace("&amp;", "&").replace("&quot;", '"')


def with_utm(url, row):
    """`url` with the row's campaign, as a visitor's link gets it: the App Store's tokens on an App
    Store page, the UTM parameters on any other web page."""
    names = ("pt", "ct", "mt", "at") if url.startswith("https://apps.apple.com/") else ("utm_source", "utm_medium", "utm_campaign")
    pairs = [(name, row[name]) for name in names if row.get(name)]
    if not pairs:
        return url
    return url + ("&" if "?" in url else "?") + "&".join(f"{name}={urllib.parse.quote(value, safe='-._~')}" for name, value in pairs)


ROUTE_FALLBACKS = {}


def route_fallback(port, link, agent):
    """The fallback the route's own page offers `agent` (no campaign): what a row without its own gets."""
    path = urllib.parse.urlsplit(link).path if link.startswith("https://") else "/" + link.split("://", 1)[1]
    key = (path, agent)
    if key not in ROUTE_FALLBACKS:
        ROUTE_FALLBACKS[key] = fallback(get(port, path, AGENTS[agent])[2])
    return ROUTE_FALLBACKS[key]


def expected_totals():
    """What the fixture's rows are, read from the fixture itself (`--link-domains` allows the blog)."""
    rows = list(csv.DictReader(open(FIREBASE, newline="")))
    kinds = []
    for row in rows:
        link = row["Deep link (link)"]
        if row["Archived"] == "TRUE":
            kinds.append("archived")
        elif row["iOS fallback link (ifl)"].startswith("javascript:"):
            kinds.append("invalid")
        elif "/settings/acount" in link:
            kinds.append("no-route")
        elif link.startswith("https://") and not link.startswith("https://fuelmoney.example.com") and ALLOWED not in link:
            kinds.append("not-allowed")
        else:
            kinds.append("created")
    return rows, kinds


def main():
    binary = os.environ.get("SCENELINK_BIN", str(ROOT / ".build/release/scenelink"))
    rows, kinds = expected_totals()
    totals = {kind: kinds.count(kind) for kind in ["created", "archived", "no-route", "not-allowed", "invalid"] if kinds.count(kind)}
    summary = ", ".join(f"{count} {kind}" for kind, count in totals.items())
    check(len(rows) >= 200 and totals.get("invalid") == 1, f"the fixture has {len(rows)} rows: {totals}")
    with tempfile.TemporaryDirectory() as folder:
        # 1. A dry run, the API, the command line again.
        dry = cli(binary, "import", "firebase", str(FIREBASE), "--db", os.path.join(folder, "first.sqlite"), "--link-domains", ALLOWED,
                  "--dry-run", "--report", os.path.join(folder, "dry.json"))
        check(dry.returncode == 1 and dry.stdout.startswith(f"{FIREBASE} (firebase): {summary} (dry run: nothing written)"),
              f"dry run: {dry.returncode} {dry.stdout[:300]}")
        check(not os.path.exists(os.path.join(folder, "first.sqlite")), "a dry run makes no database")
        report = json.load(open(os.path.join(folder, "dry.json")))
        statuses = [row["status"] for row in report["rows"]]
        check(statuses == kinds, "the dry run's statuses are the fixture's, row by row")
        print(f"ok dry run: {summary}; {len(statuses)} rows, each with the status its cells call for")

        server, port = start(binary, folder, "first")
        try:
            status, answer = post_csv(port, "/v1/short-links/import?format=firebase", FIREBASE.read_bytes())
            check(status == 200 and answer["created"] == totals["created"] and answer["archived"] == totals["archived"],
                  f"POST /v1/short-links/import?format=firebase: {status} {str(answer)[:300]}")
            again = cli(binary, "import", "firebase", str(FIREBASE), "--db", os.path.join(folder, "first.sqlite"), "--link-domains", ALLOWED)
            check(again.stdout.startswith(f"{FIREBASE} (firebase): {totals['created']} unchanged"), f"again: {again.stdout[:200]}")
            print(f"ok the API created {answer['created']}; the command line again: every one unchanged")

            # 2. Every old URL, as four visitors.
            codes = {int(item["row"]): item.get("code") for item in answer["rows"]}
            visited = 0
            for index, (row, kind) in enumerate(zip(rows, kinds)):
                code = row["Short Dynamic Link"].rsplit("/", 1)[1]
                check(codes.get(index + 2) in (code, None), f"row {index + 2}: the code kept case-exact")
                path = "/" + code
                if kind != "created":
                    status, _, _ = get(port, path, AGENTS["desktop"])
                    check(status == 404, f"{path} ({kind}): {status}, not 404")
                    continue
                link = row["Deep link (link)"]
                if ALLOWED in link:
                    status, headers, _ = get(port, path, AGENTS["desktop"])
                    check(status == 302 and headers.get("Location") == with_utm(link, row), f"{path}: {status} {headers.get('Location')}")
                    status, _, page = get(port, path, AGENTS["slack"])
                    check(status == 200 and og(page, "url") == with_utm(link, row), f"{path} as Slack: {status} {og(page, 'url')}")
                    visited += 1
                    continue
                if row["Skip the app preview page (efr)"] == "1":
                    status, headers, _ = get(port, path, AGENTS["desktop"])
                    check(status == 302 and headers.get("Location") == with_utm(row["Other platform fallback link (ofl)"], row),
                          f"{path} (efr=1) as a desktop: {status} {headers.get('Location')}")
                else:
                    status, _, page = get(port, path, AGENTS["desktop"])
                    desktop = row["Other platform fallback link (ofl)"] or route_fallback(port, link, "desktop")
                    check(status == 200 and fallback(page) == with_utm(desktop, row), f"{path} as a desktop: {fallback(page)}")
                    status, _, page = get(port, path, AGENTS["iphone"])
                    iphone = row["iOS fallback link (ifl)"] or route_fallback(port, link, "iphone")
                    check(fallback(page) == with_utm(iphone, row), f"{path} as an iPhone: {fallback(page)}")
                    status, _, page = get(port, path, AGENTS["android"])
                    android = fallback(page) or ""
                    if row["utm_source"] and not row["Android fallback link (afl)"]:
                        check("utm_source%3D" + urllib.parse.quote(row["utm_source"]) in android,
                              f"{path} as Android: the campaign in the install referrer: {android}")
                status, _, page = get(port, path, AGENTS["slack"])
                if row["Social title (st)"]:
                    check(og(page, "title") == row["Social title (st)"] and og(page, "image") == row["Social image link (si)"],
                          f"{path} as Slack: {og(page, 'title')} {og(page, 'image')}")
                else:
                    check(status == 200 and og(page, "title"), f"{path} as Slack: the route's card")
                visited += 1
            # A site off the list is never a redirect, whatever a row said.
            status, headers, _ = get(port, "/not-a-code-xyz", AGENTS["desktop"])
            check(status == 404 and "Location" not in headers, f"an unknown code: {status}")
            print(f"ok {visited} old URLs as an iPhone, Android, a desktop and Slack: cards, fallbacks with UTM, referrers, redirects")

            # 3. The export into a second server.
            exported = urllib.request.urlopen(urllib.request.Request(
                f"http://127.0.0.1:{port}/v1/short-links/export", headers={"Authorization": f"Bearer {TOKEN}"}), timeout=60).read()
        finally:
            stop(server)
        second, port = start(binary, folder, "second")
        try:
            status, answer = post_csv(port, "/v1/short-links/import", exported)
            check(status == 200 and answer["created"] == totals["created"], f"the export imported: {status} {str(answer)[:200]}")
            again = urllib.request.urlopen(urllib.request.Request(
                f"http://127.0.0.1:{port}/v1/short-links/export", headers={"Authorization": f"Bearer {TOKEN}"}), timeout=60).read()
            # Everything but the counts (`clicks`, `visits`: the first server's visits are not imported).
            before = [row[:-2] for row in csv.reader(exported.decode().splitlines())]
            after = [row[:-2] for row in csv.reader(again.decode().splitlines())]
            if before != after:
                first = next((a, b) for a, b in zip(before, after) if a != b)
                fail(f"the second server's export differs from the first's: {first[0]!r} became {first[1]!r}")
            check(len(before) == totals["created"] + 1, "the second server's export is the first's, every link and setting")
            print(f"ok the export ({len(exported)} bytes) imported into an empty server exports the same links and settings")
        finally:
            stop(second)

        # 4. Other services' exports.
        for name, expected in [("bitly", "9 created, 1 not-allowed"), ("shlink", "8 created"), ("yourls", "6 created")]:
            result = cli(binary, "import", name, str(FIXTURES / f"{name}.csv"), "--db", os.path.join(folder, f"{name}.sqlite"))
            check(result.stdout.startswith(f"{FIXTURES / (name + '.csv')} ({name}): {expected}"), f"{name}: {result.stdout[:200]}")
        print("ok Bitly, Shlink and YOURLS exports")
    print("import proof: every check passed")


if __name__ == "__main__":
    main()
