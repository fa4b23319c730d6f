#!/usr/bin/env python3
"""Webhooks over https through the egress guard, end to end, with TLS verified: a live SceneLink
delivers to a local https receiver whose certificate a throwaway CA signed.

Usage: scripts/webhook_tls_proof.py   (SCENELINK_BIN: the binary, default .build/release/scenelink;
                                        the CI venv's python, which has standardwebhooks; openssl)

libcurl trusts the system CA bundle only, so the script runs itself in a private mount namespace
(`unshare --mount`, root) where /etc/ssl/certs/ca-certificates.crt is a copy with the throwaway CA
added; nothing outside that namespace changes. Where that is not allowed it says SKIPPED and exits 0.

SceneLink starts with https_proxy pointing at a dead port and no_proxy=* in its environment, as
an operator might leave them: it must replace the one and remove the other, or 3 cannot hold.

1. --webhook-allow-private on: https://localhost:PORT/in (certificate for localhost) gets the
   webhook.test event, 2xx, and the signature verifies with standardwebhooks.
2. The same CA, a certificate for another name: nothing arrives, the last error is "TLS failed"
   (verified against the URL's host, through the tunnel).
3. Restarted without --webhook-allow-private: the endpoint from 1 is refused when the egress guard
   resolves localhost ("The host localhost resolves to …"), and nothing arrives.
Exits 1 on the first failed proof.
"""
import os
import secrets
import shutil
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks import Webhook

from proof_support import admin_call, check, fail, free_port, wait_until_healthy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("SCENELINK_BIN", os.path.join(ROOT, ".build/release/scenelink"))
TOKEN = secrets.token_urlsafe(32)  # as `scenelink token` makes one: serve refuses a guessable token
SYSTEM_BUNDLE = "/etc/ssl/certs/ca-certificates.crt"


def openssl(*args):
    subprocess.run(["openssl", *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_certificates(work):
    """A throwaway CA, a leaf for localhost and a leaf for wrong.example; the bundle with the CA."""
    ca_key, ca = os.path.join(work, "ca.key"), os.path.join(work, "ca.pem")
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", ca_key, "-out", ca, "-days", "1",
            "-subj", "/CN=SceneLink TLS proof CA")
    for name in ["localhost", "wrong.example"]:
        key, csr, cert = (os.path.join(work, f"{name}.{ext}") for ext in ["key", "csr", "pem"])
        extensions = os.path.join(work, f"{name}.ext")
        with open(extensions, "w") as f:
            f.write(f"subjectAltName=DNS:{name}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr, "-subj", f"/CN={name}")
        openssl("x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-out", cert,
                "-days", "1", "-extfile", extensions)
    bundle = os.path.join(work, "bundle.crt")
    with open(bundle, "wb") as out:
        with open(SYSTEM_BUNDLE, "rb") as system:
            out.write(system.read())
        with open(ca, "rb") as extra:
            out.write(b"\n" + extra.read())
    return bundle


class Receiver:
    """An https receiver with the certificate for `name`; records every request it reads."""

    def __init__(self, work, name):
        self.requests = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                receiver.requests.append({"headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})
                self.send_response(204)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(os.path.join(work, f"{name}.pem"), os.path.join(work, f"{name}.key"))
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self):
        return f"https://localhost:{self.port}/in"


class Server:
    def __init__(self, work, allow_private):
        self.port = free_port()
        environment = dict(os.environ, https_proxy="http://127.0.0.1:9", no_proxy="*")
        self.log = os.path.join(work, "server.log")
        self.proc = subprocess.Popen(
            [BIN, "serve", "--port", str(self.port), "--db", os.path.join(work, "hooks.sqlite"), "--admin-token", TOKEN,
             "--access-log", "off", "--webhook-allow-private", "on" if allow_private else "off",
             "--webhook-timeout", "2s", "--webhook-retry-schedule", "0,300ms,300ms,300ms,60s"],
            stdout=open(self.log, "ab"), stderr=subprocess.STDOUT, env=environment)
        wait_until_healthy(self.port)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=15)

    def call(self, method, path, body=None):
        return admin_call(self.port, TOKEN, method, path, body)

    def last_error(self, endpoint, seconds=10):
        """The first delivery's last error once it has one (or its state once delivered)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            _, answer = self.call("GET", f"/v1/webhooks/{endpoint}/deliveries")
            deliveries = (answer or {}).get("deliveries", [])
            if deliveries and (deliveries[0].get("lastError") or deliveries[0].get("state") == "delivered"):
                return deliveries[0]
            time.sleep(0.1)
        return deliveries[0] if deliveries else {}


def wait_for(predicate, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not predicate():
        time.sleep(0.05)
    return predicate()


def inside(work):
    good, wrong = Receiver(work, "localhost"), Receiver(work, "wrong.example")
    server = Server(work, allow_private=True)
    try:
        status, endpoint = server.call("POST", "/v1/webhooks", {"url": good.url(), "events": ["short_link.created"]})
        check(status == 201, f"https endpoint {good.url()} registered")
        server.call("POST", f"/v1/webhooks/{endpoint['id']}/test")
        check(wait_for(lambda: len(good.requests) >= 1), "1. the webhook.test event arrived over https through the egress guard")
        entry = good.requests[0]
        try:
            Webhook(endpoint["secret"]).verify(entry["body"], entry["headers"])
            verified = True
        except Exception:
            verified = False
        check(verified, "1. its signature verifies with standardwebhooks")
        check(server.last_error(endpoint["id"]).get("state") == "delivered", "1. the delivery is recorded as delivered")

        status, other = server.call("POST", "/v1/webhooks", {"url": wrong.url(), "events": ["short_link.created"]})
        check(status == 201, f"https endpoint {wrong.url()} (certificate for wrong.example) registered")
        server.call("POST", f"/v1/webhooks/{other['id']}/test")
        delivery = server.last_error(other["id"])
        error = delivery.get("lastError") or ""
        check(("TLS failed" in error or "certificate" in error or "SSL" in error) and not wrong.requests,
              f"2. a certificate for another name fails TLS and nothing arrives ({error!r})")
    finally:
        server.stop()

    before = len(good.requests)
    server = Server(work, allow_private=False)
    try:
        server.call("POST", f"/v1/webhooks/{endpoint['id']}/test")
        delivery = server.last_error(endpoint["id"])
        error = delivery.get("lastError") or ""
        # The newest delivery is listed first: the test event just queued.
        check(error.startswith("The host localhost resolves to ") and "loopback" in error,
              f"3. without --webhook-allow-private the guard refuses localhost at connect time ({error!r})")
        time.sleep(0.5)
        check(len(good.requests) == before, "3. nothing arrived at the receiver")
    finally:
        server.stop()
    print("webhook TLS proofs passed")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--inside":
        return inside(sys.argv[2])
    if not os.access(BIN, os.X_OK):
        fail(f"no scenelink binary at {BIN}; build it or set SCENELINK_BIN")
    if not os.path.isfile(SYSTEM_BUNDLE):
        print(f"SKIPPED: no {SYSTEM_BUNDLE} (the ca-certificates package) to add the throwaway CA to; the TLS proof did not run")
        return
    if subprocess.run(["unshare", "--mount", "true"], stderr=subprocess.DEVNULL).returncode != 0:
        print("SKIPPED: unshare --mount is not allowed here (needs root); the TLS proof did not run")
        return
    work = tempfile.mkdtemp(prefix="scenelink-webhook-tls-")
    try:
        bundle = make_certificates(work)
        script = f'mount --bind "{bundle}" {SYSTEM_BUNDLE} && exec "$0" "$@"'
        result = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", script,
                                 sys.executable, os.path.abspath(__file__), "--inside", work])
        if result.returncode != 0:
            print(f"server logs in {work}")
            sys.exit(result.returncode)
    finally:
        if "result" in locals() and result.returncode == 0:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
