"""A tiny keep-alive HTTP/1.1 client for SceneLink's proof scripts (standard library only)."""
import http.client
import json
import os
import signal
import socket
import subprocess
import time


class Client:
    """One persistent connection; reconnects after a failure."""

    def __init__(self, port, host="127.0.0.1", timeout=10):
        self.host, self.port, self.timeout = host, port, timeout
        self.conn = None

    def request(self, method, path, body=None, headers=None):
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            self.conn.request(method, path, body=body, headers=headers or {})
            response = self.conn.getresponse()
            data = response.read()
            return response.status, dict((k.lower(), v) for k, v in response.getheaders()), data
        except (OSError, http.client.HTTPException):
            self.close()
            raise

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def open_session(client):
    status, _, body = client.request("POST", "/v1/sessions")
    if status != 201:
        raise RuntimeError(f"POST /v1/sessions answered {status}: {body!r}")
    doc = json.loads(body)
    return doc["id"], doc["token"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(binary, port, db, extra=(), log=None, rate_limit="off"):
    """Starts `scenelink serve` and waits until /healthz answers.

    Rate limits are off by default: the proofs that use this (lost updates, crash durability,
    the cluster) drive one session or one address far harder than any real client, on purpose;
    scripts/https_proxy.sh and scripts/flood.py prove the limits themselves. `--quiet` leaves out
    the start-up block serve writes to standard error, which goes to the same log: some proofs
    (scripts/postgres_faults.py) check that every line of it is a JSON object."""
    args = [binary, "serve", "--port", str(port), "--db", db, "--access-log", "off",
            "--rate-limit", rate_limit, "--quiet", *extra]
    process = subprocess.Popen(args, stdout=log or subprocess.DEVNULL, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode} at start")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if s.recv(64).startswith(b"HTTP/1.1 200"):
                    return process
        except OSError:
            pass
        time.sleep(0.05)
    process.kill()
    raise RuntimeError("server did not become healthy within 30 s")


def stop_server(process, sig=signal.SIGTERM, timeout=15):
    if process.poll() is None:
        process.send_signal(sig)
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise RuntimeError(f"server did not stop within {timeout} s after signal {sig}")


def binary_path(root):
    return os.environ.get("SCENELINK_BIN", os.path.join(root, ".build", "release", "scenelink"))
