#!/usr/bin/env python3
"""A flood through a trusted proxy: 200,000 requests from 100,000 distinct forwarded clients.

Starts `scenelink serve --trusted-proxies 127.0.0.1/32 --rate-limit links=1/h` (so every client
has one link-page request an hour) and sends, over a few pipelined keep-alive connections from
127.0.0.1 (the "proxy"), two requests for each of 100,000 clients named in X-Forwarded-For (half
IPv4, half IPv6 in distinct /64s). Proves:

  - the first request of every client is answered 200, the second 429, exactly: 100,000 each;
  - the server's scenelink_rate_limited_total{class="links"} counts the same 100,000;
  - the table holds every client and no more than its bound (scenelink_rate_limit_clients);
  - a client not in the flood is answered 200 throughout (resolving links, and /healthz, which
    has no limit);
  - the server's resident memory grew by less than the table's stated bound (40 bytes an entry
    and 4 bytes an index slot: about 5.0 MB for 100,000 clients) plus 16 MiB of slack for
    buffers and the allocator.

Usage: SCENELINK_BIN=.build/release/scenelink python3 scripts/flood.py [--clients N]
"""
import argparse
import os
import socket
import sys
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slclient  # noqa: E402
from proof_support import read_statuses  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE_BYTES_PER_CLIENT = 40
SLACK = 16 << 20


def address(i):
    if i % 2 == 0:
        i //= 2
        return f"100.{64 + (i >> 16)}.{(i >> 8) & 255}.{i & 255}"
    i //= 2
    return f"2001:db8:{i >> 16:x}:{i & 0xffff:x}::{(i % 7) + 1:x}"


def index_bytes(clients):
    size = 16
    while size < 2 * clients:
        size <<= 1
    return 4 * size


def rss(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def flood(port, clients, order, results, lock):
    """Sends one request for each client index in `order`, 256 pipelined at a time."""
    sock = socket.create_connection(("127.0.0.1", port))
    buffer = bytearray()
    counts = {}
    for start in range(0, len(order), 256):
        batch = order[start:start + 256]
        sock.sendall(b"".join(
            b"GET /settings HTTP/1.1\r\nHost: fuelmoney.example.com\r\nAccept: application/json\r\n"
            b"X-Forwarded-For: " + address(i).encode() + b"\r\n\r\n" for i in batch))
        statuses, _ = read_statuses(sock, ["GET"] * len(batch), buffer)
        for status in statuses:
            counts[status] = counts.get(status, 0) + 1
    sock.close()
    with lock:
        for status, count in counts.items():
            results[status] = results.get(status, 0) + count


def bystander(port, stop, outcome):
    """A client outside the flood, asking once every 50 ms: every answer must be 200."""
    while not stop.is_set():
        # Its own budget: resolve (the default 1,200 a minute), not the flooded links class.
        for path, headers in (("/v1/resolve?url=fuelmoney://settings", {"X-Forwarded-For": "198.51.100.1"}),
                              ("/healthz", {})):
            started = time.monotonic()
            try:
                request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
                with urllib.request.urlopen(request, timeout=5) as response:
                    ok = response.status == 200
            except Exception as error:  # noqa: BLE001 - any failure is a failed check
                ok = False
                outcome["errors"].append(f"{path}: {error}")
            outcome["answered" if ok else "failed"] += 1
            outcome["slowest"] = max(outcome["slowest"], time.monotonic() - started)
        stop.wait(0.05)


def metric(port, name):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        for line in response.read().decode().splitlines():
            if line.startswith(name + " "):
                return int(float(line.split()[1]))
    return None


def main():
    parser = argparse.ArgumentParser()
    # The default table bound (--rate-limit-clients) is 100,000: exactly the flood's clients.
    parser.add_argument("--clients", type=int, default=100_000)
    parser.add_argument("--connections", type=int, default=4)
    args = parser.parse_args()
    clients = args.clients
    binary = slclient.binary_path(ROOT)
    port = slclient.free_port()
    folder = os.path.join(ROOT, ".build", "flood")
    os.makedirs(folder, exist_ok=True)
    server = slclient.start_server(binary, port, ":memory:", rate_limit="links=1/h",
                                   extra=["--trusted-proxies", "127.0.0.1/32"])
    failures = []
    try:
        before = rss(server.pid)
        stop = threading.Event()
        outcome = {"answered": 0, "failed": 0, "slowest": 0.0, "errors": []}
        watcher = threading.Thread(target=bystander, args=(port, stop, outcome))
        watcher.start()
        started = time.monotonic()
        results, lock = {}, threading.Lock()
        # Two passes over every client, each pass spread over the connections.
        for _ in range(2):
            threads = [threading.Thread(target=flood, args=(port, clients, list(range(k, clients, args.connections)),
                                                            results, lock))
                       for k in range(args.connections)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        elapsed = time.monotonic() - started
        stop.set()
        watcher.join()
        after = rss(server.pid)
        refused = metric(port, 'scenelink_rate_limited_total{class="links"}')
        remembered = metric(port, 'scenelink_rate_limit_clients{class="links"}')
        bound = TABLE_BYTES_PER_CLIENT * clients + index_bytes(clients)
        total = sum(results.values())
        print(f"flood: {total} requests from {clients} forwarded clients in {elapsed:.1f} s "
              f"({total / elapsed:,.0f}/s): {results}")
        print(f"flood: server RSS {before / 2**20:.1f} -> {after / 2**20:.1f} MiB (+{(after - before) / 2**20:.1f} MiB; "
              f"table bound {bound / 2**20:.1f} MiB + {SLACK >> 20} MiB slack)")
        print(f"flood: bystander {outcome['answered']} answered, {outcome['failed']} failed, "
              f"slowest {outcome['slowest'] * 1000:.0f} ms; metrics: {refused} refused, {remembered} clients remembered")
        if results.get(200) != clients or results.get(429) != clients or total != 2 * clients:
            failures.append(f"expected {clients} answers 200 and {clients} answers 429, got {results}")
        if refused != clients:
            failures.append(f"scenelink_rate_limited_total{{class=\"links\"}} is {refused}, not {clients}")
        if remembered is None or remembered > clients:
            failures.append(f"scenelink_rate_limit_clients{{class=\"links\"}} is {remembered}, over the bound {clients}")
        if outcome["failed"] or outcome["answered"] < 2:
            failures.append(f"the bystander was not answered throughout: {outcome}")
        if after - before > bound + SLACK:
            failures.append(f"RSS grew by {after - before} bytes, more than the bound {bound} + {SLACK}")
        if server.poll() is not None:
            failures.append("the server died")
    finally:
        slclient.stop_server(server)
    for failure in failures:
        print("FAIL: " + failure)
    if failures:
        sys.exit(1)
    print("flood: every check passed")


if __name__ == "__main__":
    main()
