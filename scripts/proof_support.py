"""What the webhook proof scripts share (standard library only): failing with one message, ticking
a check off, a free port, waiting for a started server, and calling its admin API."""
import json
import socket
import sys
import time
import urllib.error
import urllib.request


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print(f"ok: {message}")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_healthy(port, tries=200):
    """Polls GET /healthz on 127.0.0.1:port every 50 ms; fails the proof when it never answers."""
    for _ in range(tries):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return
        except Exception:
            time.sleep(0.05)
    fail("the server did not start")


def admin_call(port, token, method, path, body=None):
    """One JSON request with the admin token: (status, parsed body) on success, (status, raw
    body) for an HTTP error."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json",
                                              "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
            return response.status, json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        return error.code, error.read()


class ServerClosed(Exception):
    """The server closed a connection, or answered in a shape a pipelined reader cannot follow."""


def read_statuses(sock, methods, buffer):
    """Reads one response per method from `sock` (pipelined, in order): their statuses, and whether the
    last said `Connection: close`. `buffer` (a bytearray) carries bytes read past the last response to
    the next call."""
    statuses = []
    for method in methods:
        while (end := buffer.find(b"\r\n\r\n")) < 0:
            chunk = sock.recv(1 << 18)
            if not chunk:
                raise ServerClosed(f"the server closed a keep-alive connection with {len(methods) - len(statuses)} "
                                   "requests unanswered")
            buffer += chunk
        head = bytes(buffer[:end]).lower()
        status = int(head[9:12])
        length = 0
        if method != "HEAD" and status not in (204, 304):
            if b"\r\ntransfer-encoding:" in head:
                raise ServerClosed(f"an answer {status} came chunked, which read_statuses does not follow")
            at = head.find(b"\r\ncontent-length:")
            if at < 0:
                raise ServerClosed(f"an answer {status} had no Content-Length")
            line_end = head.find(b"\r\n", at + 2)
            length = int(head[at + 17: line_end if line_end >= 0 else len(head)])
        while len(buffer) < end + 4 + length:
            chunk = sock.recv(1 << 18)
            if not chunk:
                raise ServerClosed("the server closed a connection in the middle of an answer")
            buffer += chunk
        del buffer[:end + 4 + length]
        statuses.append(status)
        closing = b"\r\nconnection: close" in head
        if closing and len(statuses) < len(methods):
            raise ServerClosed(f"an answer {status} closed the connection with {len(methods) - len(statuses)} "
                               "pipelined requests unanswered")
    return statuses, closing
