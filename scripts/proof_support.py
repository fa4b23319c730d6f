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
