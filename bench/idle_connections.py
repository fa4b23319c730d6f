#!/usr/bin/env python3
"""Hold N idle keep-alive connections to a SceneLink server and report its memory.

Usage: idle_connections.py HOST PORT SERVER_PID [N]

Opens N connections, sends one GET /healthz on each and reads the answer (so every one
is a real keep-alive connection the server has served), then leaves them idle. While
they are held it prints the server's RSS (VmRSS, and the peak VmHWM), checks that a new
connection is still answered, and that a sample of the idle ones still answer too.
Bounded: every socket has a 10 s timeout and the run ends by itself.
"""
import resource
import socket
import sys
import time


def rss_kib(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return -1


def request(sock):
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: bench\r\n\r\n")
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed by server")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        body += sock.recv(4096)
    return head.split(b"\r\n")[0]


def main():
    host, port, pid = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 10000
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 1024), hard))
    before = rss_kib(pid, "VmRSS")
    socks, failures = [], 0
    started = time.monotonic()
    for _ in range(count):
        try:
            sock = socket.create_connection((host, port), timeout=10)
            status = request(sock)
            if not status.startswith(b"HTTP/1.1 200"):
                failures += 1
            socks.append(sock)
        except OSError:
            failures += 1
    opened = time.monotonic() - started
    time.sleep(2)
    held_rss = rss_kib(pid, "VmRSS")
    peak = rss_kib(pid, "VmHWM")
    fresh = socket.create_connection((host, port), timeout=10)
    fresh_status = request(fresh).decode()
    fresh.close()
    sample = socks[:: max(1, len(socks) // 100)]
    alive = 0
    for sock in sample:
        try:
            if request(sock).startswith(b"HTTP/1.1 200"):
                alive += 1
        except OSError:
            pass
    for sock in socks:
        sock.close()
    print(f"idle connections held: {len(socks)} of {count} (failures {failures}, opened in {opened:.1f} s)")
    print(f"server RSS: before {before / 1024:.1f} MB, with {len(socks)} idle {held_rss / 1024:.1f} MB, peak {peak / 1024:.1f} MB")
    print(f"new connection while held: {fresh_status}")
    print(f"idle sample still answering: {alive} of {len(sample)}")
    ok = failures == 0 and fresh_status.startswith("HTTP/1.1 200") and alive == len(sample) and held_rss < 150 * 1024
    print("idle check:", "PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
