#!/usr/bin/env python3
"""Links that survive the app's next release (docs/releasing-the-app.md), through the release binary.

1. A database of short links of every kind (to a screen over https and through the app's scheme,
   titled and tagged, imported from CSV, expiring), with human visits made through a running server.
2. SIGHUP with a route file that renames a visited screen without an alias is refused and logged with
   the count and the links (`/readyz` stays 200 on the old table); the same rename with an alias is
   taken; with `--reload-breaking allow` the breaking file is taken too.
3. `scenelink links check` against three candidates: renamed with aliases (exit 0, nothing moved or
   broken), renamed without (exit 1, the exact moved and broken lists with visit counts), a parameter
   of the wrong type (exit 2, the problem located); the JSON valid against
   docs/schemas/links-check.schema.json.

Usage: SCENELINK_BIN=.build/release/scenelink python3 scripts/links_check_proof.py  (needs jsonschema)
"""
import json
import os
import pathlib
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from proof_support import admin_call, check, fail, free_port, wait_until_healthy  # noqa: E402

import jsonschema  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests/SceneLinkServiceTests/CommandLine/Fixtures/links-check"
TOKEN = secrets.token_urlsafe(32)
MAC = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) "
       "Chrome/124.0.0.0 Safari/537.36")
HOST = "https://fuelmoney.example.com"


def start(binary, folder, port, *extra):
    log = open(os.path.join(folder, f"serve-{port}.log"), "a")
    process = subprocess.Popen(
        [binary, "serve", "--routes", os.path.join(folder, "routes.json"), "--port", str(port),
         "--db", os.path.join(folder, "links.sqlite"), "--access-log", "off", "--analytics-flush", "1s", "--quiet", *extra],
        env=dict(os.environ, SCENELINK_ADMIN_TOKEN=TOKEN, SCENELINK_RATE_LIMITS="links=1000000000/s"),
        stdout=log, stderr=subprocess.STDOUT)
    wait_until_healthy(port)
    return process, log.name


def stop(process):
    process.send_signal(signal.SIGTERM)
    if process.wait(timeout=30) != 0:
        fail(f"SIGTERM: the server exited {process.returncode}")


def visit(port, code, times):
    for _ in range(times):
        request = urllib.request.Request(f"http://127.0.0.1:{port}/s/{code}", headers={"User-Agent": MAC, "Accept": "text/html"})
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()


def events(log_path, name):
    lines = pathlib.Path(log_path).read_text().splitlines()
    return [json.loads(line) for line in lines if line.startswith("{") and json.loads(line).get("event") == name]


def reload_with(process, folder, log_path, candidate, port):
    """Writes `candidate` as the route file, sends SIGHUP, and answers the log event it led to."""
    shutil.copy(FIXTURES / f"{candidate}.json", os.path.join(folder, "routes.json"))
    before = {name: len(events(log_path, name)) for name in ("routes-reloaded", "routes-reload-refused")}
    process.send_signal(signal.SIGHUP)
    for _ in range(200):
        for name in before:
            found = events(log_path, name)
            if len(found) > before[name]:
                return name, found[-1]
        time.sleep(0.05)
    fail(f"SIGHUP with {candidate}: no reload line in the log")


def resolves(port, link):
    request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/resolve?url={urllib.parse.quote(link, safe='')}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status == 200
    except urllib.error.HTTPError:
        return False


def links_check(binary, folder, candidate, *extra):
    result = subprocess.run([binary, "links", "check", str(FIXTURES / f"{candidate}.json"), "--routes",
                             str(ROOT / "examples/fuelmoney.json"), "--db", os.path.join(folder, "links.sqlite"), *extra],
                            capture_output=True, text=True, timeout=120)
    return result.returncode, result.stdout, result.stderr


def main():
    binary = os.environ.get("SCENELINK_BIN", ".build/release/scenelink")
    schema = json.loads((ROOT / "docs/schemas/links-check.schema.json").read_text())
    folder = tempfile.mkdtemp(prefix="scenelink-links-check-")
    shutil.copy(ROOT / "examples/fuelmoney.json", os.path.join(folder, "routes.json"))
    port = free_port()
    process, log_path = start(binary, folder, port)

    # 1. Short links of every kind, and their visits.
    made = [
        {"alias": "acct", "link": f"{HOST}/settings/account", "title": "Account", "tags": ["print"]},
        {"alias": "prem", "link": "fuelmoney://settings/premium"},
        {"alias": "expl", "link": f"{HOST}/explain"},
        {"alias": "soon", "link": f"{HOST}/settings/account",
         "expiresAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 3))},
    ]
    for body in made:
        status, answer = admin_call(port, TOKEN, "POST", "/v1/short-links", body)
        check(status == 201, f"short link {body['alias']} created ({status} {answer!r:.200})")
    request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/short-links/import", method="POST",
                                     data=f"alias,link,tags\nimp,{HOST}/settings/account,import\n".encode(),
                                     headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "text/csv"})
    with urllib.request.urlopen(request, timeout=10) as response:
        check(response.status == 200, "short link imp imported from CSV")
    visit(port, "acct", 5)
    visit(port, "prem", 2)
    visit(port, "imp", 1)
    visit(port, "soon", 3)
    time.sleep(3.5)  # `soon` expires
    stop(process)  # SIGTERM writes every counted visit
    process, log_path = start(binary, folder, port)

    # 2. SIGHUP: refused while it would strand visited links; taken with an alias.
    event, line = reload_with(process, folder, log_path, "renamed-without-aliases", port)
    check(event == "routes-reload-refused", f"SIGHUP with a breaking route file is refused: {line}")
    check(line.get("links") == 2, f"the refusal counts the 2 visited live links that break or move (acct, imp): {line.get('links')}")
    check(line.get("first", "").startswith(f"short link acct: {HOST}/settings/account (broken, 5 visits)"),
          f"the refusal names the most visited first: {line.get('first')}")
    check("short link soon" not in line.get("first", "") and "short link expl" not in line.get("first", ""),
          "an expired link and a link without visits do not hold a reload back")
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=10) as response:
        check(response.status == 200, "/readyz stays 200 on the old table")
    check(resolves(port, f"{HOST}/settings/account"), "the old table still resolves the old path")
    event, line = reload_with(process, folder, log_path, "renamed-with-aliases", port)
    check(event == "routes-reloaded", f"the same rename with aliases is taken: {line}")
    check(resolves(port, f"{HOST}/settings/profile") and resolves(port, f"{HOST}/settings/account"),
          "the new path and its alias both resolve")
    stop(process)
    shutil.copy(ROOT / "examples/fuelmoney.json", os.path.join(folder, "routes.json"))
    process, log_path = start(binary, folder, port, "--reload-breaking", "allow")
    event, line = reload_with(process, folder, log_path, "renamed-without-aliases", port)
    check(event == "routes-reloaded", f"--reload-breaking allow takes the breaking file: {line}")
    check(not resolves(port, f"{HOST}/settings/account"), "and the old path no longer resolves")
    stop(process)

    # 3. scenelink links check (beside no server, on the same database).
    status, out, err = links_check(binary, folder, "renamed-with-aliases", "--json")
    report = json.loads(out)
    jsonschema.validate(report, schema)
    check(status == 0 and report["passes"], f"renamed with aliases: exit 0 ({status}) {err}")
    check(report["summary"]["moved"] == 0 and report["summary"]["broken"] == 0,
          f"renamed with aliases: 0 moved, 0 broken: {report['summary']}")

    status, out, err = links_check(binary, folder, "renamed-without-aliases", "--json")
    report = json.loads(out)
    jsonschema.validate(report, schema)
    check(status == 1 and not report["passes"], f"renamed without aliases: exit 1 ({status}) {err}")
    changed = sorted((link["kind"], link.get("code") or link.get("route"), link["status"], link["visits"], link["fails"])
                     for link in report["links"] if link["status"] != "same")
    expected = sorted([
        ("short-link", "acct", "broken", 5, True),
        ("short-link", "imp", "broken", 1, True),
        ("short-link", "soon", "broken", 3, False),
        ("short-link", "expl", "moved", 0, True),
        ("route-example", "settings.account", "broken", None, True),
        ("route-example", "explain", "moved", None, True),
    ])
    check(changed == expected, f"renamed without aliases: exactly these moved and broken, with visits: {changed}")
    check(report["summary"]["failing"] == 5, f"the expired link does not fail the check: {report['summary']}")
    account = next(link for link in report["links"] if link.get("code") == "acct")
    check(account["closest"][0] == "/settings/profile", f"a broken link names the closest route: {account['closest']}")

    status, out, err = links_check(binary, folder, "renamed-without-aliases")
    check(status == 1 and out.splitlines()[2] == "BROKEN  short link acct  5 visits in 30d",
          f"the text lists the most visited broken link first: {out.splitlines()[:3]}")

    status, out, err = links_check(binary, folder, "parameter-type-changed")
    check(status == 2 and "routes[3].push[0].value" in err and "is stated as Int but this place holds HomePath" in err,
          f"a candidate with a wrong parameter type: exit 2 with the located problem ({status}) {err.strip()[:300]}")
    shutil.rmtree(folder, ignore_errors=True)
    print("links check proof: every check passed")


if __name__ == "__main__":
    main()
