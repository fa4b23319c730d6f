#!/usr/bin/env python3
"""SceneLink reads links as browsers do, or refuses them: a differential against ada, a WHATWG URL
Standard parser (the `ada-url` package; the parser Node.js uses).

For the built-in kitchen-sink example (scheme `ks`, hosts `kitchen.example.com` and
`www.kitchen.example.com`), the links of the link-resolution fuzz corpus and 10,000 generated
links (app-scheme and https links built from pieces that browsers read in odd ways: backslashes,
credentials, ports, percent-escapes, dot segments in any spelling, spaces, brackets, non-ASCII)
are read by SceneLink (`LinkReadings`, which calls `RouteTable.reading(of:)`, the reading the
resolver, short links and link pages share) and by ada. For every link SceneLink accepts:

  - ada must parse it too, with the same scheme;
  - an https link's host must be ada's hostname;
  - the path segments, each percent-decoded, must be ada's: for an https link its pathname's
    segments; for an app-scheme link its host (where a browser reads the first segment) and then
    its pathname's. Empty segments are left out on both sides (SceneLink collapses `//`).

A link SceneLink refuses passes whatever ada does. Exits 1 naming the first disagreements, and
prints how many links were accepted, refused and compared.

Usage: python3 scripts/whatwg_differential.py [--links 10000] [--seed 1]   (needs `pip install ada-url`)
"""
import argparse
import json
import os
import random
import subprocess
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = "kitchen-sink"
SCHEME = "ks"
HOSTS = ["kitchen.example.com", "www.kitchen.example.com"]

PIECES = ["users", "1", "settings", "account", "level", "a", "b", "x", ".", "..", "%2e", "%2E", ".%2e", "%2e%2e", "...",
          ".x", "x.", "%2F", "%61ccount", "%7E", "%20", " ", "\\", "a\\b", "@", "u@h", "a:b", ":", "[", "]", "[::1]",
          "^", "|", "<", ">", "é", "%C3%A9", "%zz", "%", "?", "#", "q=1", "&", "\"", "'", "{", "}", "`", "%00",
          "0x7f", "0177.0.0.1", "127.1", "%2e%2e%2f", "\t", "~", "!", "$", "(", ")", "*", "+", ",", ";", "="]
PREFIXES = [f"{SCHEME}://", f"{SCHEME.upper()}://", f"{SCHEME}:///", f"{SCHEME}:", f"{SCHEME}:/",
            "https://kitchen.example.com/", "HTTPS://Kitchen.Example.COM/", "https://kitchen.example.com:443/",
            "https://kitchen.example.com:8443/", "https://kitchen.example.com:99999/", "https://kitchen.example.com:/",
            "https://user@kitchen.example.com/", "https://evil.example\\@kitchen.example.com/",
            "https://evil.example%40kitchen.example.com/", "https://kitchen.example.com\\", "https:kitchen.example.com/",
            "https:/kitchen.example.com/", "https:///kitchen.example.com/", "https://kitchen.example.com.",
            "https://www.kitchen.example.com/", "https://kitchen.example.com%2e/", "https://KITCHEN.example.com:0/",
            "https://kitchen.example.com?", "https://kitchen.example.com#"]


def generated_links(count, seed):
    rng = random.Random(seed)
    links = []
    for _ in range(count):
        link = rng.choice(PREFIXES)
        for _ in range(rng.randrange(0, 6)):
            link += rng.choice(PIECES) + rng.choice(["/", "/", "/", "//", "\\", ""])
        if rng.randrange(5) == 0:
            link += "?" + rng.choice(["q=1", "a=b&c", "x=%zz", "p=a\\b", "s=a b"])
        if rng.randrange(8) == 0:
            link += "#" + rng.choice(["top", "a/b", ".."])
        links.append(link)
    return links


def corpus_links():
    folder = os.path.join(ROOT, "fuzz", "corpus", "FuzzResolve")
    links = []
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as handle:
            data = handle.read()
        try:
            links.append(data.decode("utf-8"))
        except UnicodeDecodeError:
            continue
    return links


def scenelink_readings(links):
    subprocess.run(["swift", "build", "--product", "LinkReadings"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout.strip()
    lines = "".join(json.dumps(link) + "\n" for link in links)
    done = subprocess.run([os.path.join(binary, "LinkReadings"), EXAMPLE], input=lines, capture_output=True, text=True, check=True)
    readings = [json.loads(line) for line in done.stdout.splitlines()]
    if len(readings) != len(links):
        sys.exit(f"whatwg: LinkReadings answered {len(readings)} lines for {len(links)} links")
    return readings


def decoded(segment):
    return urllib.parse.unquote(segment, encoding="utf-8", errors="strict")


def browser_reading(link):
    """(scheme, host or None, segments) as ada reads the link, or None when ada refuses it."""
    import ada_url
    try:
        url = ada_url.URL(link)
    except ValueError:
        return None
    scheme = url.protocol[:-1]
    pathname = url.pathname
    try:
        segments = [decoded(part) for part in pathname.split("/") if part]
    except UnicodeDecodeError:
        return (scheme, "(undecodable)", [])
    if scheme == "https":
        return (scheme, url.hostname, segments)
    host = url.host
    if host:
        try:
            segments = [decoded(host)] + segments
        except UnicodeDecodeError:
            return (scheme, "(undecodable)", [])
    return (scheme, None, segments)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    links = corpus_links() + generated_links(arguments.links, arguments.seed)
    readings = scenelink_readings(links)
    accepted = refused = 0
    disagreements = []
    for link, reading in zip(links, readings):
        if not reading["ok"]:
            refused += 1
            continue
        accepted += 1
        browser = browser_reading(link)
        # The scheme as SceneLink compares it: the link's own, in lower case.
        ours_scheme = link.split(":", 1)[0].lower()
        ours = (ours_scheme, reading["host"], reading["segments"])
        if browser is None:
            disagreements.append(f"{link!r}: SceneLink reads {ours}, a browser refuses it")
        elif browser != ours:
            disagreements.append(f"{link!r}: SceneLink reads {ours}, a browser {browser}")
    print(f"whatwg: {len(links)} links ({len(links) - arguments.links} from the fuzz corpus): "
          f"{accepted} accepted and compared with ada, {refused} refused")
    if accepted < len(links) // 10:
        sys.exit("whatwg: fewer than a tenth of the links were accepted: the comparison would say little")
    if disagreements:
        print(f"whatwg: {len(disagreements)} links read differently:", file=sys.stderr)
        for line in disagreements[:20]:
            print("  " + line, file=sys.stderr)
        sys.exit(1)
    print("whatwg: every accepted link reads as a browser reads it")


if __name__ == "__main__":
    main()
