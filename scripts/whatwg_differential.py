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

A link SceneLink refuses passes whatever ada does.

Then the route file's own URLs (`LinkReadings --route-file`, the loader `scenelink check` runs):
1,000 generated app hosts and 2,000 generated web fallbacks, built from pieces browsers read in odd
ways (hex, octal and short IPv4, percent-escapes, non-ASCII letters, credentials, ports,
backslashes). For every host the route file accepts, ada's hostname of https://HOST/ is the host in
lower case; for every fallback it accepts (a link page puts it in href as written, so its text is
what it means), ada parses it with the same scheme, its hostname is the text's host in lower case
and its port the text's (ada leaves out a scheme's default port).

Exits 1 naming the first disagreements, and prints how many were accepted, refused and compared.

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


HOST_PIECES = ["example", "com", "links", "a-b", "xn--fl-eka", "0x7f", "0X7F", "0x", "0xg", "127", "1", "0", "00", "0177",
               "08", "255", "256", "4294967295", "%2e", "%41", "\u00e9", "\u00c9XAMPLE", "EXAMPLE", "\u0131", "-a", "a-"]


def generated_hosts(count, rng):
    hosts = []
    for _ in range(count):
        labels = [rng.choice(HOST_PIECES) for _ in range(rng.randrange(1, 5))]
        hosts.append(".".join(labels))
    return hosts


def generated_fallbacks(count, rng):
    fallbacks = []
    for _ in range(count):
        host = rng.choice(generated_hosts(1, rng) + ["www.example.com", "203.0.113.7", "[::1]", "[2001:db8::1]"])
        url = rng.choice(["https://", "http://", "HTTPS://"]) + rng.choice(["", "", "", "u@", "u:p@", "a%40b@"]) + host
        url += rng.choice(["", "", "", ":443", ":80", ":8443", ":99999", ":", ":0x1", ":65535", ":65536"])
        url += rng.choice(["/", "/", "", "/a/../b", "/%2e%2e/x", "\\", "?q=1", "#f", "/p?utm_source=x"])
        fallbacks.append(url)
    return fallbacks


def link_readings_binary():
    subprocess.run(["swift", "build", "--product", "LinkReadings"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout.strip()
    return os.path.join(binary, "LinkReadings")


def scenelink_answers(argument, entries):
    lines = "".join(json.dumps(entry) + "\n" for entry in entries)
    done = subprocess.run([link_readings_binary(), argument], input=lines, capture_output=True, text=True, check=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    if len(answers) != len(entries):
        sys.exit(f"whatwg: LinkReadings answered {len(answers)} lines for {len(entries)} entries")
    return answers


def scenelink_readings(links):
    return scenelink_answers(EXAMPLE, links)


def authority_text(url):
    """The host (lowercased) and port as a fallback's text names them: what follows "//" up to the
    first "/", "?" or "#", without userinfo (the route file refuses it anyway)."""
    rest = url.split("//", 1)[1]
    end = min([i for i in (rest.find("/"), rest.find("?"), rest.find("#")) if i >= 0], default=len(rest))
    authority = rest[:end].rsplit("@", 1)[-1]
    host, port = authority, ""
    if ":" in authority and not authority.endswith("]"):
        host, port = authority.rsplit(":", 1)
    return host.lower(), port


def route_file_disagreements(rng):
    """The route file's hosts and fallbacks against ada: (compared, refused, disagreements)."""
    import ada_url
    hosts = generated_hosts(1_000, rng)
    fallbacks = generated_fallbacks(2_000, rng)
    answers = scenelink_answers("--route-file", [{"host": h} for h in hosts] + [{"fallback": f} for f in fallbacks])
    compared = refused = 0
    disagreements = []
    for host, answer in zip(hosts, answers[:len(hosts)]):
        if not answer["ok"]:
            refused += 1
            continue
        compared += 1
        try:
            hostname = ada_url.URL(f"https://{host}/").hostname
        except ValueError:
            hostname = None
        if hostname != host.lower():
            disagreements.append(f"app host {host!r}: the route file accepts it, a browser reads the host as {hostname!r}")
    for url, answer in zip(fallbacks, answers[len(hosts):]):
        if not answer["ok"]:
            refused += 1
            continue
        compared += 1
        scheme = url.split(":", 1)[0].lower()
        host, port = authority_text(url)
        default = {"https": "443", "http": "80"}[scheme]
        try:
            parsed = ada_url.URL(url)
            browser = (parsed.protocol[:-1], parsed.hostname, parsed.port)
        except ValueError:
            browser = None
        ours = (scheme, host, "" if port == default else port)
        if browser != ours:
            disagreements.append(f"fallback {url!r}: its text names {ours}, a browser reads {browser}")
    return compared, refused, disagreements


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
    compared, refused_urls, route_file = route_file_disagreements(random.Random(arguments.seed + 1))
    print(f"whatwg: route-file hosts and fallbacks: {compared} accepted and compared with ada, {refused_urls} refused")
    if compared < 300:
        sys.exit("whatwg: fewer than 300 route-file hosts and fallbacks were accepted: the comparison would say little")
    disagreements += route_file
    if disagreements:
        print(f"whatwg: {len(disagreements)} links and URLs read differently:", file=sys.stderr)
        for line in disagreements[:20]:
            print("  " + line, file=sys.stderr)
        sys.exit(1)
    print("whatwg: every accepted link, host and fallback reads as a browser reads it")


if __name__ == "__main__":
    main()
