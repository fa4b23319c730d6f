#!/usr/bin/env python3
"""HTTP/1.1 edge cases against a running SceneLink server, over raw sockets.

Usage: scripts/http_edge_probe.py --port P [--host 127.0.0.1] [--pid PID]
           [--header-timeout 1] [--body-timeout 1] [--idle-timeout 2] [--only SUBSTRING]

It starts nothing. Run it against a server with short timeouts and the default limits:

    scenelink serve --port P --db :memory: --access-log off \\
        --header-timeout 1s --body-timeout 1s --idle-timeout 2s

(the timeout flags here must match the server's). Each case sends raw bytes, reads with a
deadline, and checks the status line, Date, Server, an exact Content-Length, a problem+json
body on errors, and whether the connection is closed when it must be (or kept when it
should be). Then 50 slow, idle and abortive clients misbehave while a normal client must
keep getting 200 from /healthz within 1 s; at the end the server must still answer and, with
--pid, its open descriptor count must return near the start value.

One line per case (PASS/FAIL and the reason); exit status 1 on any failure. Python 3 stdlib only.
"""
import argparse
import json
import os
import re
import socket
import struct
import sys
import threading
import time

ARGS = None
DATE_RE = re.compile(r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$")
LINKS_BODY = b'["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]'
# Default limits from docs/configuration.md (--max-request-line-bytes, --max-header-bytes, --max-body-bytes).
MAX_LINE, MAX_HEADERS, MAX_BODY = 8192, 16384, 1048576


class Fail(Exception):
    pass


class Closed(Exception):
    pass


class Response:
    def __init__(self, version, status, reason, headers, body, raw_head):
        self.version, self.status, self.reason = version, status, reason
        self.headers = headers  # list of (lower name, value)
        self.body, self.raw_head = body, raw_head

    def get(self, name):
        values = [v for n, v in self.headers if n == name.lower()]
        return values[0] if values else None

    def all(self, name):
        return [v for n, v in self.headers if n == name.lower()]

    def closes(self):
        return any(t.strip().lower() == "close" for v in self.all("connection") for t in v.split(","))

    def __repr__(self):
        return f"{self.status} {self.reason}"


class Conn:
    """A raw connection with a read buffer, so pipelined responses parse one after another."""

    def __init__(self, timeout=5.0):
        self.sock = socket.create_connection((ARGS.host, ARGS.port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""
        self.eof = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def send(self, data):
        self.sock.sendall(data)

    def _fill(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise Fail("timed out waiting for the server")
        self.sock.settimeout(remaining)
        try:
            chunk = self.sock.recv(65536)
        except socket.timeout:
            raise Fail("timed out waiting for the server")
        except (ConnectionResetError, BrokenPipeError):
            self.eof = True
            raise Closed("connection reset")
        if not chunk:
            self.eof = True
            raise Closed("connection closed")
        self.buf += chunk

    def read_response(self, timeout=3.0, head=False, allow_interim=False):
        """One response; 1xx interim responses are returned only with allow_interim."""
        deadline = time.monotonic() + timeout
        while True:
            while b"\r\n\r\n" not in self.buf:
                if len(self.buf) > 65536:
                    raise Fail("response head larger than 64 KiB")
                try:
                    self._fill(deadline)
                except Closed:
                    if self.buf:
                        raise Fail(f"connection closed inside a response head: {self.buf[:80]!r}")
                    raise
            raw_head, self.buf = self.buf.split(b"\r\n\r\n", 1)
            lines = raw_head.decode("latin-1").split("\r\n")
            m = re.match(r"^(HTTP/\d\.\d) (\d{3}) ?(.*)$", lines[0])
            if not m:
                raise Fail(f"bad status line {lines[0]!r}")
            headers = []
            for line in lines[1:]:
                if ":" not in line or line[0] in " \t":
                    raise Fail(f"bad response header line {line!r}")
                name, value = line.split(":", 1)
                if name != name.strip():
                    raise Fail(f"whitespace in response header name {name!r}")
                headers.append((name.lower(), value.strip()))
            status = int(m.group(2))
            if 100 <= status < 200:
                if status == 101:
                    raise Fail("unexpected 101")
                if allow_interim:
                    return Response(m.group(1), status, m.group(3), headers, b"", raw_head)
                continue
            cls = [v for n, v in headers if n == "content-length"]
            if status in (204, 304):
                length = 0
            else:
                if len(cls) != 1:
                    raise Fail(f"{status} response has {len(cls)} Content-Length headers")
                if not cls[0].isdigit():
                    raise Fail(f"bad Content-Length {cls[0]!r}")
                length = 0 if head else int(cls[0])
            if any(n == "transfer-encoding" for n, _ in headers):
                raise Fail("response uses Transfer-Encoding")
            while len(self.buf) < length:
                try:
                    self._fill(deadline)
                except Closed:
                    raise Fail(f"connection closed after {len(self.buf)} of {length} body bytes")
            body, self.buf = self.buf[:length], self.buf[length:]
            return Response(m.group(1), status, m.group(3), headers, body, raw_head)

    def expect_closed(self, timeout=3.0):
        """The server must close (FIN or RST) within timeout, sending nothing more."""
        deadline = time.monotonic() + timeout
        while True:
            if self.buf:
                raise Fail(f"extra bytes after the response: {self.buf[:60]!r}")
            try:
                self._fill(deadline)
            except Closed:
                return
            except Fail:
                raise Fail(f"connection still open {timeout:.1f} s after a response that must close it")

    def expect_nothing(self, wait=0.3):
        """No bytes arrive within `wait` (e.g. no 100 Continue); the connection stays open."""
        if self.buf:
            raise Fail(f"unexpected bytes {self.buf[:60]!r}")
        self.sock.settimeout(wait)
        try:
            chunk = self.sock.recv(65536)
        except socket.timeout:
            return
        except ConnectionResetError:
            raise Fail("connection reset")
        if not chunk:
            raise Fail("connection closed")
        raise Fail(f"unexpected bytes {chunk[:60]!r}")

    def reset(self):
        """Abortive close: RST instead of FIN."""
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
        self.sock.close()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


# ---------------------------------------------------------------- checks

def check_common(r, status, method="GET"):
    """Status, Date, Server, exact Content-Length, problem+json on errors."""
    wanted = status if isinstance(status, (tuple, list, set, range)) else (status,)
    if r.status not in wanted:
        shown = f"{wanted.start}-{wanted.stop - 1}" if isinstance(wanted, range) else "/".join(map(str, wanted))
        raise Fail(f"status {r.status}, want {shown}; body {r.body[:120]!r}")
    if r.version != "HTTP/1.1":
        raise Fail(f"response version {r.version}, want HTTP/1.1")
    date = r.all("date")
    if len(date) != 1 or not DATE_RE.match(date[0]):
        raise Fail(f"Date header {date!r} is not one IMF-fixdate")
    if len(r.all("server")) != 1:
        raise Fail("no single Server header")
    if len(r.all("x-request-id")) != 1:
        raise Fail("no single X-Request-ID header")
    if method != "HEAD" and r.status not in (204, 304) and int(r.get("content-length")) != len(r.body):
        raise Fail("Content-Length does not match the body")
    if r.status >= 400 and method != "HEAD":
        ctype = (r.get("content-type") or "").split(";")[0].strip().lower()
        if ctype != "application/problem+json":
            raise Fail(f"error with Content-Type {ctype!r}, want application/problem+json")
        try:
            doc = json.loads(r.body)
        except ValueError:
            raise Fail(f"problem body is not JSON: {r.body[:80]!r}")
        if not isinstance(doc, dict) or doc.get("status") != r.status or not doc.get("type") or not doc.get("title"):
            raise Fail(f"problem body lacks type/title/status {r.status}: {r.body[:120]!r}")
    return r


def healthz(conn, timeout=3.0, method="GET"):
    conn.send(f"{method} /healthz HTTP/1.1\r\nHost: probe\r\n\r\n".encode())
    r = check_common(conn.read_response(timeout, head=(method == "HEAD")), 200, method)
    if r.closes():
        raise Fail("healthz answered with Connection: close")
    return r


def still_serving(conn):
    """The connection must still be usable: framing did not slip."""
    try:
        healthz(conn)
    except Closed as e:
        raise Fail(f"connection closed where it should persist ({e})")


def one(raw, status, close=None, head=False, timeout=3.0, method="GET"):
    """Send `raw` on a fresh connection, read one response, check it.
    close=True: must carry Connection: close and be closed; False: must persist; None: either,
    but if it persists it must still serve a request."""
    with Conn() as c:
        c.send(raw)
        r = check_common(c.read_response(timeout, head=head), status, "HEAD" if head else method)
        if close is True or (close is None and r.closes()):
            if close is True and not r.closes():
                raise Fail(f"{r.status} without Connection: close")
            c.expect_closed()
        else:
            if r.closes():
                raise Fail(f"{r.status} with Connection: close where the connection should persist")
            still_serving(c)
        return r


def bad(raw, status=400, **kw):
    """A request the server must refuse and then close (framing can no longer be trusted)."""
    return one(raw, status, close=True, **kw)


def req(head_lines, body=b"", method="POST", path="/v1/links", version="HTTP/1.1", host=True):
    lines = [f"{method} {path} {version}"]
    if host:
        lines.append("Host: probe")
    lines += head_lines
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


# ---------------------------------------------------------------- cases

CASES = []


def case(name):
    def register(fn):
        CASES.append((name, fn))
        return fn
    return register


@case("keep-alive is the HTTP/1.1 default")
def _():
    with Conn() as c:
        for _ in range(3):
            healthz(c)


@case("HTTP/1.0 without keep-alive closes")
def _():
    r = one(b"GET /healthz HTTP/1.0\r\n\r\n", 200, close=True)


@case("HTTP/1.0 with keep-alive persists and echoes it")
def _():
    with Conn() as c:
        for _ in range(2):
            c.send(b"GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            r = check_common(c.read_response(), 200)
            if (r.get("connection") or "").lower() != "keep-alive":
                raise Fail(f"Connection: {r.get('connection')!r}, want keep-alive echoed")


@case("Connection: close honoured")
def _():
    one(b"GET /healthz HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n", 200, close=True)


@case("Connection: keep-alive, close (close wins)")
def _():
    one(b"GET /healthz HTTP/1.1\r\nHost: probe\r\nConnection: keep-alive, Close\r\n\r\n", 200, close=True)


@case("pipelined requests answered in order")
def _():
    with Conn() as c:
        c.send(b"GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n"
               b"GET /v1/pipe-a HTTP/1.1\r\nHost: p\r\n\r\n"
               b"POST /v1/links HTTP/1.1\r\nHost: p\r\nContent-Type: application/json\r\nContent-Length: "
               + str(len(LINKS_BODY)).encode() + b"\r\n\r\n" + LINKS_BODY +
               b"HEAD /healthz HTTP/1.1\r\nHost: p\r\n\r\n"
               b"GET /v1/pipe-b HTTP/1.1\r\nHost: p\r\nConnection: close\r\n\r\n")
        check_common(c.read_response(), 200)
        r = check_common(c.read_response(), 404)
        if b"/v1/pipe-a" not in r.body:
            raise Fail("second response is not for /pipe-a")
        r = check_common(c.read_response(), 200)
        if b"settings.account" not in r.body:
            raise Fail(f"third response is not the links answer: {r.body[:80]!r}")
        check_common(c.read_response(head=True), 200, "HEAD")
        r = check_common(c.read_response(), 404)
        if b"/v1/pipe-b" not in r.body or not r.closes():
            raise Fail("fifth response is not the closing /pipe-b answer")
        c.expect_closed()


@case("1000 pipelined requests in one write")
def _():
    with Conn(timeout=10) as c:
        c.send(b"".join(f"GET /v1/p{i} HTTP/1.1\r\nHost: p\r\n\r\n".encode() if i % 2 else
                        b"GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n" for i in range(1000)))
        deadline = time.monotonic() + 20
        for i in range(1000):
            r = c.read_response(timeout=max(0.1, deadline - time.monotonic()))
            if i % 2:
                check_common(r, 404)
                if f" /v1/p{i};".encode() not in r.body:
                    raise Fail(f"response {i} out of order: {r.body[:80]!r}")
            else:
                check_common(r, 200)
        still_serving(c)


@case("pipelined requests with async (database) handlers stay in order")
def _():
    with Conn() as c:
        c.send(b"POST /v1/sessions HTTP/1.1\r\nHost: p\r\nContent-Length: 0\r\n\r\n"
               b"GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n"
               b"POST /v1/sessions HTTP/1.1\r\nHost: p\r\nContent-Length: 0\r\n\r\n"
               b"GET /v1/pipe-c HTTP/1.1\r\nHost: p\r\n\r\n")
        for want in (201, 200, 201, 404):
            r = check_common(c.read_response(), want)
            if want == 201 and b'"token"' not in r.body:
                raise Fail(f"201 without a session document: {r.body[:80]!r}")
        still_serving(c)


@case("Connection: close stops a pipeline: later requests are not answered")
def _():
    with Conn() as c:
        c.send(b"GET /healthz HTTP/1.1\r\nHost: p\r\nConnection: close\r\n\r\n"
               b"GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n")
        r = check_common(c.read_response(), 200)
        if not r.closes():
            raise Fail("no Connection: close")
        c.expect_closed()


@case("a bad request in a pipeline: earlier answered, then 400 and close")
def _():
    with Conn() as c:
        c.send(b"GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n"
               b"GET /healthz HTTP/1.1\r\nHost: p\r\nX-A : 1\r\n\r\n"
               b"GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n")
        check_common(c.read_response(), 200)
        r = check_common(c.read_response(), 400)
        if not r.closes():
            raise Fail("400 without Connection: close")
        c.expect_closed()


@case("GET with a body: the body is consumed, the next request is intact")
def _():
    with Conn() as c:
        inner = b"GET /smuggled HTTP/1.1\r\nHost: p\r\n\r\n"
        c.send(b"GET /healthz HTTP/1.1\r\nHost: p\r\nContent-Length: %d\r\n\r\n" % len(inner) + inner)
        check_common(c.read_response(), 200)
        still_serving(c)


@case("HEAD with a chunked body: consumed, no response body")
def _():
    with Conn() as c:
        c.send(b"HEAD /healthz HTTP/1.1\r\nHost: p\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        check_common(c.read_response(head=True), 200, "HEAD")
        still_serving(c)


@case("request split into 1-byte segments")
def _():
    with Conn() as c:
        raw = req(["Content-Type: application/json", f"Content-Length: {len(LINKS_BODY)}"], LINKS_BODY)
        for i in range(len(raw)):
            c.send(raw[i:i + 1])
            if i % 8 == 0:
                time.sleep(0.001)
        r = check_common(c.read_response(), 200)
        if b"settings.account" not in r.body:
            raise Fail(f"wrong answer {r.body[:80]!r}")
        still_serving(c)


@case("chunked body 1 byte at a time")
def _():
    with Conn() as c:
        body = b"5;ext=1\r\n" + LINKS_BODY[:5] + b"\r\n" + format(len(LINKS_BODY) - 5, "x").encode() + b"\r\n" + LINKS_BODY[5:] + b"\r\n0\r\nX-Trailer: t\r\n\r\n"
        raw = req(["Content-Type: application/json", "Transfer-Encoding: chunked"], body)
        for i in range(len(raw)):
            c.send(raw[i:i + 1])
        r = check_common(c.read_response(), 200)
        if b"settings.account" not in r.body:
            raise Fail(f"wrong answer {r.body[:80]!r}")
        still_serving(c)


@case("Content-Length body")
def _():
    r = one(req(["Content-Type: application/json", f"Content-Length: {len(LINKS_BODY)}"], LINKS_BODY), 200, close=False)
    if b"settings.account" not in r.body:
        raise Fail(f"wrong answer {r.body[:80]!r}")


@case("chunked body with extensions and trailers")
def _():
    body = (b"3;name=value;quoted=\"a b\"\r\n" + LINKS_BODY[:3] + b"\r\n"
            + format(len(LINKS_BODY) - 3, "X").encode() + b" ; x\r\n" + LINKS_BODY[3:] + b"\r\n"
            + b"0;last\r\nX-Checksum: abc\r\nX-Other: 1\r\n\r\n")
    r = one(req(["Content-Type: application/json", "Transfer-Encoding: chunked"], body), 200, close=False)
    if b"settings.account" not in r.body:
        raise Fail(f"wrong answer {r.body[:80]!r}")


@case("chunk extensions outside the grammar are 400 and close")
def _():
    for line in (b"3;a=\"open", b"3 ", b"3;a b=c", b"3;", b"3;a=", b"3;=v"):
        bad(req(["Content-Type: application/json", "Transfer-Encoding: chunked"],
                line + b"\r\n" + LINKS_BODY[:3] + b"\r\n0\r\n\r\n"), 400)


@case("chunk extensions beyond the header limit in one body are 400 and close")
def _():
    ext = b";x=" + b"a" * 4000
    chunks = b"".join(b"1" + ext + b"\r\n" + LINKS_BODY[i:i + 1] + b"\r\n" for i in range(8))
    bad(req(["Content-Type: application/json", "Transfer-Encoding: chunked"], chunks + b"0\r\n\r\n"), 400)


@case("Transfer-Encoding: CHUNKED (case-insensitive)")
def _():
    body = format(len(LINKS_BODY), "x").encode() + b"\r\n" + LINKS_BODY + b"\r\n0\r\n\r\n"
    one(req(["Content-Type: application/json", "Transfer-Encoding: Chunked"], body), 200, close=False)


@case("unread body on 404 is drained (Content-Length)")
def _():
    with Conn() as c:
        c.send(req(["Content-Length: 11"], b"GET / HTTP/", path="/v1/nowhere"))
        r = check_common(c.read_response(), 404)
        if r.closes():
            c.expect_closed()
        else:
            still_serving(c)


@case("unread body on 405 is drained (chunked, smuggled request inside)")
def _():
    inner = b"GET /smuggled HTTP/1.1\r\nHost: p\r\n\r\n"
    with Conn() as c:
        c.send(req(["Transfer-Encoding: chunked"], format(len(inner), "x").encode() + b"\r\n" + inner + b"\r\n0\r\n\r\n", path="/healthz"))
        r = check_common(c.read_response(), 405)
        if r.closes():
            c.expect_closed()
        else:
            still_serving(c)


@case("unread body on 401 is drained (session route without token)")
def _():
    with Conn() as c:
        c.send(req(["Content-Type: application/json", "Content-Length: 2"], b"{}", method="PUT",
                   path="/v1/sessions/xyz/scenes/main/values/k"))
        r = check_common(c.read_response(), (401, 404))
        if r.closes():
            c.expect_closed()
        else:
            still_serving(c)


@case("Expect: 100-continue gets 100, then the final status")
def _():
    with Conn() as c:
        c.send(req(["Content-Type: application/json", f"Content-Length: {len(LINKS_BODY)}", "Expect: 100-continue"]))
        r = c.read_response(allow_interim=True)
        if r.status != 100:
            raise Fail(f"got {r.status} before the body, want 100 Continue")
        c.send(LINKS_BODY)
        check_common(c.read_response(), 200)
        still_serving(c)


@case("Expect: 100-continue on unknown path: immediate final status")
def _():
    with Conn() as c:
        c.send(req(["Content-Length: 10", "Expect: 100-continue"], path="/v1/nowhere"))
        r = check_common(c.read_response(allow_interim=True), 404)
        if r.closes():
            c.expect_closed()
        else:
            # Persisting is only safe if the server still reads (and drops) the body.
            c.send(b"0123456789")
            still_serving(c)


@case("Expect: 100-continue with a too-large body: immediate 413")
def _():
    bad(req([f"Content-Length: {MAX_BODY * 2}", "Expect: 100-continue"]), 413)


@case("Expect: 100-continue on HTTP/1.0 gets no 100")
def _():
    with Conn() as c:
        c.send(req(["Content-Type: application/json", f"Content-Length: {len(LINKS_BODY)}", "Expect: 100-continue"],
                   version="HTTP/1.0", host=False))
        c.expect_nothing(0.3)
        c.send(LINKS_BODY)
        r = check_common(c.read_response(allow_interim=True), 200)
        c.expect_closed()


@case("Expect: 100-continue with the body already sent")
def _():
    one(req(["Content-Type: application/json", f"Content-Length: {len(LINKS_BODY)}", "Expect: 100-continue"], LINKS_BODY),
        200, close=False)


@case("X-Request-ID: a sane one is echoed, an unsafe one replaced, one made when absent")
def _():
    with Conn() as c:
        for sent, echoed in (("trace-42.a:b", "trace-42.a:b"), ("has space", None), ("x" * 129, None), (None, None)):
            extra = f"X-Request-ID: {sent}\r\n" if sent is not None else ""
            c.send(f"GET /healthz HTTP/1.1\r\nHost: p\r\n{extra}\r\n".encode())
            got = check_common(c.read_response(), 200).get("x-request-id")
            if echoed is not None and got != echoed:
                raise Fail(f"sent X-Request-ID {sent!r}, got {got!r}")
            if echoed is None and (got == sent or not re.fullmatch(r"[0-9A-Za-z_-]{4}[0-9a-f]{12}", got or "")):
                raise Fail(f"sent X-Request-ID {sent!r}, got {got!r} instead of a made one")


@case("HEAD on a GET route: same headers, no body")
def _():
    with Conn() as c:
        g = healthz(c)
        h = healthz(c, method="HEAD")
        strip = lambda r: sorted((n, v) for n, v in r.headers if n not in ("date", "x-request-id"))
        if strip(g) != strip(h):
            raise Fail(f"HEAD headers {strip(h)} differ from GET {strip(g)}")
        still_serving(c)  # a body after HEAD would show up here as garbage


def same_head(c, path, extra=""):
    """GET then HEAD of `path` on one connection: HEAD has GET's headers (Date and X-Request-ID
    aside: each request has its own) and no body."""
    c.send(f"GET {path} HTTP/1.1\r\nHost: p\r\n{extra}\r\n".encode())
    g = check_common(c.read_response(), range(200, 500))
    c.send(f"HEAD {path} HTTP/1.1\r\nHost: p\r\n{extra}\r\n".encode())
    h = check_common(c.read_response(head=True), g.status, "HEAD")
    strip = lambda r: sorted((n, v) for n, v in r.headers if n not in ("date", "x-request-id"))
    if strip(g) != strip(h):
        raise Fail(f"HEAD {path}: headers {strip(h)} differ from GET {strip(g)}")
    return g


@case("HEAD on every kind of GET route: same headers as GET, no body")
def _():
    with Conn() as c:
        for path in ("/readyz", "/openapi.yaml", "/v1/routes", "/v1/resolve?url=fuelmoney://settings/account",
                     "/v1/resolve?url=fuelmoney://nowhere"):
            same_head(c, path)
        c.send(b"POST /v1/sessions HTTP/1.1\r\nHost: p\r\nContent-Length: 0\r\n\r\n")
        doc = json.loads(check_common(c.read_response(), 201).body)
        auth = f"Authorization: Bearer {doc['token']}\r\n"
        value = f"/v1/sessions/{doc['id']}/scenes/main/values/path"
        c.send(f"PUT {value} HTTP/1.1\r\nHost: p\r\n{auth}Content-Type: application/json\r\n"
               f"Content-Length: {len(LINKS_BODY)}\r\n\r\n".encode() + LINKS_BODY)
        check_common(c.read_response(), (200, 201, 204))
        for path in (value, value + "?repair=navigationPath", f"/v1/sessions/{doc['id']}/scenes",
                     f"/v1/sessions/{doc['id']}/scenes/main", f"/v1/sessions/{doc['id']}/scenes/none/values/x"):
            same_head(c, path, auth)
        same_head(c, value)  # 401 without the token
        still_serving(c)


@case("HEAD on an unknown path: 404 headers, no body")
def _():
    with Conn() as c:
        c.send(b"HEAD /v1/nowhere HTTP/1.1\r\nHost: p\r\n\r\n")
        r = check_common(c.read_response(head=True), 404, "HEAD")
        if int(r.get("content-length") or 0) == 0:
            raise Fail("HEAD 404 has no Content-Length of the GET body")
        still_serving(c)


@case("absolute-form target")
def _():
    one(b"GET http://probe.example/healthz HTTP/1.1\r\nHost: probe.example\r\n\r\n", 200, close=False)


@case("absolute-form target with query")
def _():
    one(b"GET http://probe.example/v1/resolve?url=fuelmoney://settings HTTP/1.1\r\nHost: probe.example\r\n\r\n", 200, close=False)


@case("absolute-form odd targets are answered, not crashed on")
def _():
    for target in (b"http://probe", b"http://probe?x=1", b"HTTP://PROBE/healthz", b"http://u@probe:80/healthz",
                   b"https://probe/healthz#frag", b"http:///healthz", b"/healthz#frag", b"/healthz?", b"/?#"):
        one(b"GET " + target + b" HTTP/1.1\r\nHost: probe\r\n\r\n", range(200, 500), close=None)


@case("CONNECT authority-form is answered, not crashed on")
def _():
    one(b"CONNECT probe:443 HTTP/1.1\r\nHost: probe:443\r\n\r\n", range(400, 600), close=None)


@case("Host forms: port, IPv6 literal, empty")
def _():
    for host in (b"probe:8080", b"[::1]:80", b"127.0.0.1", b""):
        one(b"GET /healthz HTTP/1.1\r\nHost: " + host + b"\r\n\r\n", 200, close=False)


@case("CRLF flood before the request line is cut off")
def _():
    with Conn() as c:
        try:
            c.send(b"\r\n" * 20000)
        except (BrokenPipeError, ConnectionResetError):
            pass
        try:
            r = check_common(c.read_response(timeout=ARGS.header_timeout * 1.5 + 1.5), (400, 408, 414))
        except Closed:
            return
        if not r.closes():
            raise Fail(f"{r.status} without Connection: close")
        c.expect_closed()


@case("Expect: 100-continue with Content-Length: 0 gets no 100")
def _():
    with Conn() as c:
        c.send(req(["Content-Length: 0", "Expect: 100-continue"], path="/v1/sessions"))
        r = c.read_response(allow_interim=True)
        if r.status == 100:
            raise Fail("100 Continue for a request without a body")
        check_common(r, 201)
        still_serving(c)


@case("Expect with another value is ignored or 417")
def _():
    one(req(["Content-Type: application/json", f"Content-Length: {len(LINKS_BODY)}", "Expect: fancy"], LINKS_BODY),
        (200, 417), close=None)


@case("asterisk-form on GET is 400")
def _():
    bad(b"GET * HTTP/1.1\r\nHost: p\r\n\r\n")


@case("empty lines before the request line are ignored")
def _():
    one(b"\r\n\r\nGET /healthz HTTP/1.1\r\nHost: p\r\n\r\n", 200, close=False)


@case("HTTP/1.2 is served as 1.1")
def _():
    one(b"GET /healthz HTTP/1.2\r\nHost: p\r\n\r\n", 200, close=False)


@case("HTTP/1.9 is served as 1.1")
def _():
    one(b"GET /healthz HTTP/1.9\r\nHost: p\r\n\r\n", 200, close=False)


for _v in ("HTTP/2.0", "HTTP/3.0", "HTTP/0.9", "HTTP/9.9"):
    @case(f"{_v} is 505")
    def _(v=_v):
        bad(f"GET /healthz {v}\r\nHost: p\r\n\r\n".encode(), 505)


@case("HTTP/2 connection preface is 505 or 400")
def _():
    bad(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", (505, 400))

for _name, _raw in [
    ("garbage request line", b"HELLO WORLD\r\n\r\n"),
    ("TLS ClientHello", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(32)) + b"\r\n\r\n"),
    ("HTTP/0.9 simple request", b"GET /healthz\r\n\r\n"),
    ("lowercase version", b"GET /healthz http/1.1\r\nHost: p\r\n\r\n"),
    ("version HTTP/1.10", b"GET /healthz HTTP/1.10\r\nHost: p\r\n\r\n"),
    ("version HTTP/1", b"GET /healthz HTTP/1\r\nHost: p\r\n\r\n"),
    ("two spaces in request line", b"GET  /healthz HTTP/1.1\r\nHost: p\r\n\r\n"),
    ("trailing space in request line", b"GET /healthz HTTP/1.1 \r\nHost: p\r\n\r\n"),
    ("tab as separator", b"GET\t/healthz\tHTTP/1.1\r\nHost: p\r\n\r\n"),
    ("space in target", b"GET /heal thz HTTP/1.1\r\nHost: p\r\n\r\n"),
    ("target without slash", b"GET healthz HTTP/1.1\r\nHost: p\r\n\r\n"),
    ("non-ASCII target", b"GET /h\xc3\xa9 HTTP/1.1\r\nHost: p\r\n\r\n"),
    ("method with a separator", b"GE(T /healthz HTTP/1.1\r\nHost: p\r\n\r\n"),
    ("missing Host", b"GET /healthz HTTP/1.1\r\n\r\n"),
    ("duplicate Host", b"GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
    ("duplicate identical Host", b"GET /healthz HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n"),
    ("Host with a space", b"GET /healthz HTTP/1.1\r\nHost: a b\r\n\r\n"),
    ("Host with a slash", b"GET /healthz HTTP/1.1\r\nHost: a/b\r\n\r\n"),
    ("space before colon", b"GET /healthz HTTP/1.1\r\nHost: p\r\nX-A : 1\r\n\r\n"),
    ("space before colon on Transfer-Encoding", req(["Transfer-Encoding : chunked", "Content-Length: 3"], b"abc")),
    ("obs-fold", b"GET /healthz HTTP/1.1\r\nHost: p\r\nX-A: 1\r\n  continued\r\n\r\n"),
    ("obs-fold on first header", b"GET /healthz HTTP/1.1\r\n Host: p\r\n\r\n"),
    ("obs-fold hiding Transfer-Encoding", req(["Content-Length: 3", "X-A: 1", " Transfer-Encoding: chunked"], b"abc")),
    ("bare CR in value", b"GET /healthz HTTP/1.1\r\nHost: p\r\nX-A: 1\r2\r\n\r\n"),
    ("bare CR at end of header line", b"GET /healthz HTTP/1.1\r\nHost: p\r\nX-A: 1\r\r\n\r\n"),
    ("bare CR in request line", b"GET /healthz\rX HTTP/1.1\r\nHost: p\r\n\r\n"),
    ("NUL in value", b"GET /healthz HTTP/1.1\r\nHost: p\r\nX-A: 1\x002\r\n\r\n"),
    ("NUL in name", b"GET /healthz HTTP/1.1\r\nHost: p\r\nX\x00A: 1\r\n\r\n"),
    ("DEL in value", b"GET /healthz HTTP/1.1\r\nHost: p\r\nX-A: 1\x7f\r\n\r\n"),
    ("control char in value", b"GET /healthz HTTP/1.1\r\nHost: p\r\nX-A: 1\x0b2\r\n\r\n"),
    ("bare LF inside a header line", b"GET /healthz HTTP/1.1\r\nHost: p\r\nX-A: 1\nX-B: 2\r\n\r\n"),
    ("header line without colon", b"GET /healthz HTTP/1.1\r\nHost: p\r\nNoColon\r\n\r\n"),
    ("empty header name", b"GET /healthz HTTP/1.1\r\nHost: p\r\n: value\r\n\r\n"),
    ("non-token header name", b"GET /healthz HTTP/1.1\r\nHost: p\r\nX@A: 1\r\n\r\n"),
    ("CL+TE", req(["Content-Length: 5", "Transfer-Encoding: chunked"], b"0\r\n\r\n")),
    ("TE+CL (reversed order)", req(["Transfer-Encoding: chunked", "Content-Length: 5"], b"0\r\n\r\n")),
    ("CL.TE smuggling", req(["Content-Length: 6", "Transfer-Encoding: chunked"], b"0\r\n\r\nG")),
    ("TE.CL smuggling", req(["Content-Length: 4", "Transfer-Encoding: chunked"],
                            b"5c\r\nGPOST / HTTP/1.1\r\nContent-Length: 15\r\n\r\nx=1\r\n0\r\n\r\n")),
    ("TE with CL 0", req(["Transfer-Encoding: chunked", "Content-Length: 0"], b"0\r\n\r\n")),
    ("two different Content-Lengths", req(["Content-Length: 3", "Content-Length: 5"], b"abcde")),
    ("Content-Length list that differs", req(["Content-Length: 3, 5"], b"abcde")),
    ("Content-Length +5", req(["Content-Length: +5"], b"abcde")),
    ("Content-Length -1", req(["Content-Length: -1"], b"abcde")),
    ("Content-Length 0x5", req(["Content-Length: 0x5"], b"abcde")),
    ("Content-Length 5abc", req(["Content-Length: 5abc"], b"abcde")),
    ("Content-Length 5.0", req(["Content-Length: 5.0"], b"abcde")),
    ("Content-Length empty", req(["Content-Length:"], b"abcde")),
    ("Content-Length '5 5'", req(["Content-Length: 5 5"], b"abcde")),
    ("Content-Length empty list element", req(["Content-Length: 5,"], b"abcde")),
    ("Content-Length non-ASCII digit", req(["Content-Length: \xd9\xa5"], b"abcde")),
    ("Transfer-Encoding: chunked, chunked", req(["Transfer-Encoding: chunked, chunked"], b"0\r\n\r\n")),
    ("Transfer-Encoding twice (chunked / chunked)", req(["Transfer-Encoding: chunked", "Transfer-Encoding: chunked"], b"0\r\n\r\n")),
    ("Transfer-Encoding: chunked, gzip (chunked not final)", req(["Transfer-Encoding: chunked, gzip"], b"0\r\n\r\n")),
    ("Transfer-Encoding on HTTP/1.0", req(["Transfer-Encoding: chunked"], b"0\r\n\r\n", version="HTTP/1.0")),
    ("Transfer-Encoding: xchunked", req(["Transfer-Encoding: xchunked"], b"0\r\n\r\n")),
    ("Transfer-Encoding empty", req(["Transfer-Encoding:"], b"0\r\n\r\n")),
    ("Transfer-Encoding: \"chunked\"", req(["Transfer-Encoding: \"chunked\""], b"0\r\n\r\n")),
    ("chunk size overflow", req(["Transfer-Encoding: chunked"], b"FFFFFFFFFFFFFFFFFFFFFF\r\nabc\r\n0\r\n\r\n")),
    ("chunk size 2^64+3 wrap", req(["Transfer-Encoding: chunked"], b"10000000000000003\r\nabc\r\n0\r\n\r\n")),
    ("chunk size not hex", req(["Transfer-Encoding: chunked"], b"zz\r\nabc\r\n0\r\n\r\n")),
    ("chunk size 0x3", req(["Transfer-Encoding: chunked"], b"0x3\r\nabc\r\n0\r\n\r\n")),
    ("chunk size -3", req(["Transfer-Encoding: chunked"], b"-3\r\nabc\r\n0\r\n\r\n")),
    ("chunk size empty", req(["Transfer-Encoding: chunked"], b"\r\nabc\r\n0\r\n\r\n")),
    ("chunk size with leading space", req(["Transfer-Encoding: chunked"], b" 3\r\nabc\r\n0\r\n\r\n")),
    ("chunk data longer than size", req(["Transfer-Encoding: chunked"], b"3\r\nabcdef\r\n0\r\n\r\n")),
    ("chunk data without CRLF", req(["Transfer-Encoding: chunked"], b"3\r\nabcX\r\n0\r\n\r\n")),
    ("chunk data ended by bare LF", req(["Transfer-Encoding: chunked"], b"3\r\nabc\n0\r\n\r\n")),
    ("chunk line ended by bare LF", req(["Transfer-Encoding: chunked"], b"3\nabc\r\n0\r\n\r\n")),
    ("bare CR in chunk extension", req(["Transfer-Encoding: chunked"], b"3;a\rb\r\nabc\r\n0\r\n\r\n")),
    ("huge chunk extension", req(["Transfer-Encoding: chunked"], b"3;" + b"x" * 20000 + b"\r\nabc\r\n0\r\n\r\n")),
    ("bad trailer (no colon)", req(["Transfer-Encoding: chunked"], b"3\r\nabc\r\n0\r\nbadtrailer\r\n\r\n")),
    ("bad trailer (obs-fold)", req(["Transfer-Encoding: chunked"], b"3\r\nabc\r\n0\r\nX-T: 1\r\n folded\r\n\r\n")),
]:
    @case(f"{_name} is 400 and closes")
    def _(raw=_raw):
        bad(raw, 400)

for _name, _raw in [
    ("Transfer-Encoding: gzip", req(["Transfer-Encoding: gzip"], b"abc")),
    ("Transfer-Encoding: gzip, chunked", req(["Transfer-Encoding: gzip, chunked"], b"0\r\n\r\n")),
    ("Transfer-Encoding: chunked;q=1", req(["Transfer-Encoding: chunked;q=1"], b"0\r\n\r\n")),
    ("Transfer-Encoding: identity", req(["Transfer-Encoding: identity"], b"abc")),
    ("Transfer-Encoding: gzip + chunked (two fields)", req(["Transfer-Encoding: gzip", "Transfer-Encoding: chunked"], b"0\r\n\r\n")),
]:
    @case(f"{_name} is 501 or 400 and closes")
    def _(raw=_raw):
        bad(raw, (501, 400))


@case("Content-Length 5, 5 (identical list) is accepted or 400")
def _():
    raw = req(["Content-Type: application/json", f"Content-Length: {len(LINKS_BODY)}, {len(LINKS_BODY)}"], LINKS_BODY)
    with Conn() as c:
        c.send(raw)
        r = check_common(c.read_response(), (200, 400))
        if r.status == 400 or r.closes():
            c.expect_closed()
        else:
            still_serving(c)


@case("Content-Length with leading zeros")
def _():
    one(req(["Content-Type: application/json", f"Content-Length: 000{len(LINKS_BODY)}"], LINKS_BODY), 200, close=False)


@case("Content-Length: 0 on POST")
def _():
    # No body: the route answers (400 for an empty stack document); the connection persists.
    one(req(["Content-Type: application/json", "Content-Length: 0"]), range(200, 500), close=None)


@case("huge Content-Length is 413 (or 400) at once")
def _():
    bad(req(["Content-Length: 99999999999999999999999999"]), (413, 400))


@case("LF-only line endings: 400 and close, or served")
def _():
    with Conn() as c:
        c.send(b"GET /healthz HTTP/1.1\nHost: p\n\n")
        r = check_common(c.read_response(), (200, 400))
        if r.status == 400 or r.closes():
            c.expect_closed()
        else:
            still_serving(c)


@case("obs-text (bytes >= 0x80) in a value is accepted")
def _():
    one(b"GET /healthz HTTP/1.1\r\nHost: p\r\nX-A: caf\xc3\xa9 \xff\r\n\r\n", 200, close=False)


@case("tab around a value is OWS")
def _():
    one(b"GET /healthz HTTP/1.1\r\nHost:\tp\t\r\nX-A:\t1\t\r\n\r\n", 200, close=False)


@case("lowercase method is not GET (405/501/400)")
def _():
    one(b"get /healthz HTTP/1.1\r\nHost: p\r\n\r\n", (405, 501, 400), close=None)


@case("unknown method on a known path is 405 or 501")
def _():
    one(b"BREW /healthz HTTP/1.1\r\nHost: p\r\n\r\n", (405, 501), close=None)


@case("target too long is 414 and closes")
def _():
    bad(b"GET /" + b"a" * (MAX_LINE + 100) + b" HTTP/1.1\r\nHost: p\r\n\r\n", 414)


@case("target too long, sent without a line end, is 414 at once")
def _():
    bad(b"GET /" + b"a" * (MAX_LINE * 2), 414)


@case("target just under the limit is served (404)")
def _():
    path = "/v1/" + "a" * (MAX_LINE - len("GET /v1/ HTTP/1.1\r\n") - 10)
    one(f"GET {path} HTTP/1.1\r\nHost: p\r\n\r\n".encode(), 404, close=False)


@case("request line of exactly the limit (CRLF not counted) is served; one byte more is 414")
def _():
    path = "/v1/" + "a" * (MAX_LINE - len("GET  HTTP/1.1") - 4)
    line = f"GET {path} HTTP/1.1"
    assert len(line) == MAX_LINE
    one(f"{line}\r\nHost: p\r\n\r\n".encode(), 404, close=False)
    bad(f"GET {path}a HTTP/1.1\r\nHost: p\r\n\r\n".encode(), 414)


@case("TLS ClientHello on the plain port is 400 at once, not at the header timeout")
def _():
    bad(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 400, timeout=0.5)


@case("absolute-form target with userinfo or an empty host is 400")
def _():
    bad(b"GET http://user:pw@probe/healthz HTTP/1.1\r\nHost: probe\r\n\r\n", 400)
    bad(b"GET http:///healthz HTTP/1.1\r\nHost: probe\r\n\r\n", 400)


@case("Host with a port that is not digits is 400")
def _():
    bad(b"GET /healthz HTTP/1.1\r\nHost: probe:http\r\n\r\n", 400)
    one(b"GET /healthz HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n", 200, close=False)


@case("header block too large is 431 and closes")
def _():
    bad(b"GET /healthz HTTP/1.1\r\nHost: p\r\nX-Big: " + b"a" * (MAX_HEADERS + 100) + b"\r\n\r\n", 431)


@case("header block too large, never ending, is 431 at once")
def _():
    bad(b"GET /healthz HTTP/1.1\r\nHost: p\r\n" + b"X-A: 1\r\n" * (MAX_HEADERS // 8 + 10), 431)


@case("many small headers within the limit are served")
def _():
    one(b"GET /healthz HTTP/1.1\r\nHost: p\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(1000)) + b"\r\n",
        200, close=False)


@case("huge trailer section is 431 (or 400) and closes")
def _():
    bad(req(["Transfer-Encoding: chunked"], b"3\r\nabc\r\n0\r\n" + b"X-T: 1\r\n" * (MAX_HEADERS // 8 + 10) + b"\r\n"), (431, 400))


@case("body too large: 413 from the declared length, before the body")
def _():
    with Conn() as c:
        c.send(req([f"Content-Length: {MAX_BODY + 1}"], method="PUT", path="/v1/sessions/x/scenes/main"))
        r = check_common(c.read_response(timeout=2), 413)
        if not r.closes():
            raise Fail("413 without Connection: close")
        c.expect_closed()


@case("body over a route's own limit: 413 before the body (/v1/links, 64 KiB)")
def _():
    bad(req([f"Content-Length: {64 * 1024 + 1}"]), 413)


@case("chunked body too large is 413 and closes")
def _():
    with Conn(timeout=10) as c:
        c.send(req(["Transfer-Encoding: chunked"]))
        try:
            chunk = b"8000\r\n" + b"a" * 0x8000 + b"\r\n"
            for _ in range(5):
                c.send(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        r = check_common(c.read_response(), 413)
        if not r.closes():
            raise Fail("413 without Connection: close")
        c.expect_closed()


@case("unknown path is 404 problem+json")
def _():
    r = one(b"GET /v1/no/such/path HTTP/1.1\r\nHost: p\r\n\r\n", 404, close=False)


@case("a path no route takes: the link page's 404, problem+json for a JSON client, HTML for a browser")
def _():
    one(b"GET /no/such/screen HTTP/1.1\r\nHost: p\r\nAccept: application/json\r\n\r\n", 404, close=False)
    with Conn() as c:
        c.send(b"GET /no/such/screen HTTP/1.1\r\nHost: p\r\nAccept: text/html\r\n\r\n")
        r = c.read_response()
        if r.status != 404 or not (r.get("content-type") or "").startswith("text/html") or b"<script" in r.body:
            raise Fail(f"status {r.status}, Content-Type {r.get('content-type')!r}")
        if "default-src 'none'" not in (r.get("content-security-policy") or ""):
            raise Fail(f"Content-Security-Policy {r.get('content-security-policy')!r}")
        still_serving(c)


@case("POST to a link page is 405 with Allow: GET, HEAD")
def _():
    r = one(req(["Content-Length: 0"], path="/settings/account"), 405, close=False)
    allow = [m.strip() for m in (r.get("allow") or "").split(",")]
    if set(allow) != {"GET", "HEAD"}:
        raise Fail(f"Allow: {r.get('allow')!r}, want GET, HEAD")


@case("wrong method is 405 with Allow")
def _():
    r = one(b"DELETE /healthz HTTP/1.1\r\nHost: p\r\n\r\n", 405, close=False)
    allow = [m.strip() for m in (r.get("allow") or "").split(",")]
    if "GET" not in allow or "HEAD" not in allow:
        raise Fail(f"Allow: {r.get('allow')!r}, want GET and HEAD")


@case("wrong method POST /v1/routes is 405 with Allow: GET")
def _():
    r = one(req(["Content-Length: 0"], path="/v1/routes"), 405, close=False)
    if "GET" not in (r.get("allow") or ""):
        raise Fail(f"Allow: {r.get('allow')!r}")


@case("OPTIONS * is 200 with Allow listing the server's methods, and keeps the connection")
def _():
    r = one(b"OPTIONS * HTTP/1.1\r\nHost: p\r\n\r\n", 200, close=False)
    allow = [m.strip() for m in (r.get("Allow") or "").split(",")]
    if not {"GET", "HEAD", "POST", "PUT", "DELETE"} <= set(allow) or r.body:
        raise Fail(f"Allow {allow!r}, body {r.body[:40]!r}")


@case("path with dot segments and percent-encoding")
def _():
    one(b"GET /%68ealthz HTTP/1.1\r\nHost: p\r\nAccept: application/json\r\n\r\n", (200, 400, 404), close=None)
    one(b"GET /v1/../healthz HTTP/1.1\r\nHost: p\r\n\r\n", (200, 400, 404), close=None)
    one(b"GET /%zz HTTP/1.1\r\nHost: p\r\nAccept: application/json\r\n\r\n", (400, 404), close=None)
    one(b"GET /%00 HTTP/1.1\r\nHost: p\r\nAccept: application/json\r\n\r\n", (400, 404), close=None)


@case("abrupt RST mid-body, then the server still serves")
def _():
    for _ in range(5):
        c = Conn()
        c.send(req([f"Content-Length: {len(LINKS_BODY)}", "Content-Type: application/json"], LINKS_BODY[:10]))
        time.sleep(0.02)
        c.reset()
    c = Conn()
    c.send(req(["Transfer-Encoding: chunked"], b"10\r\nabc"))
    time.sleep(0.02)
    c.reset()
    with Conn() as c:
        healthz(c)


@case("RST right after a request, before the response")
def _():
    for _ in range(20):
        c = Conn()
        c.send(b"GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n")
        c.reset()
    with Conn() as c:
        healthz(c)


@case("half-close after a request: the response still arrives")
def _():
    with Conn() as c:
        c.send(b"GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n")
        c.sock.shutdown(socket.SHUT_WR)
        check_common(c.read_response(), 200)
        c.expect_closed()


@case("half-close after a bad request: 400 still arrives")
def _():
    with Conn() as c:
        c.send(b"GET /healthz HTTP/1.1\r\n\r\n")
        c.sock.shutdown(socket.SHUT_WR)
        check_common(c.read_response(), 400)
        c.expect_closed()


@case("half-close mid-headers: closed without a hang")
def _():
    with Conn() as c:
        c.send(b"GET /healthz HTTP/1.1\r\nHost: p\r\n")
        c.sock.shutdown(socket.SHUT_WR)
        try:
            r = c.read_response(timeout=ARGS.header_timeout + 2)
            check_common(r, (400, 408))
        except Closed:
            return
        c.expect_closed()


@case("client that never reads responses, then resets")
def _():
    c = Conn()
    c.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    c.sock.settimeout(0.5)
    sent = 0
    payload = b"GET /openapi.yaml HTTP/1.1\r\nHost: p\r\n\r\n" * 200
    try:
        end = time.monotonic() + 2
        while time.monotonic() < end:
            sent += c.sock.send(payload)
    except (socket.timeout, BlockingIOError):
        pass  # the server stopped reading: it is not buffering without bound
    except (BrokenPipeError, ConnectionResetError):
        pass
    c.reset()
    if sent > 64 * 1024 * 1024:
        raise Fail(f"server accepted {sent} bytes of requests from a client that reads nothing")
    with Conn() as c:
        healthz(c)


@case("slowloris trickle past the header timeout is cut off")
def _():
    with Conn() as c:
        c.send(b"GET /healthz HTTP/1.1\r\nHost: p\r\n")
        start = time.monotonic()
        limit = ARGS.header_timeout * 1.5 + 1.0
        while time.monotonic() - start < limit + 2:
            try:
                c.send(b"X")
            except (BrokenPipeError, ConnectionResetError):
                break
            c.sock.settimeout(0.2)
            try:
                data = c.sock.recv(65536)
            except socket.timeout:
                continue
            except ConnectionResetError:
                data = b""
            if not data:
                break
            c.buf += data
            r = check_common(c.read_response(timeout=2), 408)
            c.expect_closed()
            break
        else:
            raise Fail("trickling client still connected after the header timeout")
        took = time.monotonic() - start
        if took > limit:
            raise Fail(f"cut off after {took:.1f} s, header timeout is {ARGS.header_timeout} s")


@case("connect and send nothing: closed after the header timeout")
def _():
    with Conn() as c:
        start = time.monotonic()
        c.expect_closed(timeout=ARGS.header_timeout * 1.5 + 1.0)


@case("slow body past the body timeout: 408 and close")
def _():
    with Conn() as c:
        c.send(req([f"Content-Length: {len(LINKS_BODY)}", "Content-Type: application/json"], LINKS_BODY[:5]))
        r = check_common(c.read_response(timeout=ARGS.body_timeout * 1.5 + 1.5), 408)
        if not r.closes():
            raise Fail("408 without Connection: close")
        c.expect_closed()


@case("idle keep-alive connection closed after the idle timeout")
def _():
    with Conn() as c:
        healthz(c)
        start = time.monotonic()
        time.sleep(max(0.0, ARGS.idle_timeout * 0.6))
        still_serving(c)  # activity resets the idle timer
        start = time.monotonic()
        c.expect_closed(timeout=ARGS.idle_timeout * 1.5 + 1.0)
        took = time.monotonic() - start
        if took < ARGS.idle_timeout * 0.7:
            raise Fail(f"closed after {took:.1f} s, before the idle timeout")


# ---------------------------------------------------------------- concurrency

def misbehave(kind, stop):
    """One misbehaving client; returns when done or when stop is set."""
    try:
        c = Conn(timeout=5)
    except OSError:
        return
    try:
        if kind == "idle":
            stop.wait(ARGS.header_timeout + 1)
        elif kind == "slowloris":
            c.send(b"GET /healthz HTTP/1.1\r\n")
            while not stop.is_set():
                c.send(b"X-")
                stop.wait(0.2)
        elif kind == "slowbody":
            c.send(req(["Content-Length: 1000"], b"[", path="/v1/links"))
            while not stop.is_set():
                c.send(b" ")
                stop.wait(0.2)
        elif kind == "reset":
            c.send(req(["Content-Length: 1000"], b"[1,2"))
            stop.wait(0.05)
            c.reset()
            return
        elif kind == "noread":
            c.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            c.sock.settimeout(0.5)
            while not stop.is_set():
                try:
                    c.sock.send(b"GET /openapi.yaml HTTP/1.1\r\nHost: p\r\n\r\n" * 50)
                except socket.timeout:
                    stop.wait(0.1)
        elif kind == "garbage":
            c.send(os.urandom(2000))
            stop.wait(0.5)
    except (OSError, socket.timeout):
        pass
    finally:
        c.close()


@case("50 slow/idle/abortive clients while a normal client gets 200 within 1 s")
def _():
    stop = threading.Event()
    kinds = ["idle", "slowloris", "slowbody", "reset", "noread", "garbage"]
    threads = [threading.Thread(target=misbehave, args=(kinds[i % len(kinds)], stop), daemon=True) for i in range(50)]
    for t in threads:
        t.start()
    worst, failures, count = 0.0, [], 0
    end = time.monotonic() + max(3.0, ARGS.header_timeout * 2 + 1)
    while time.monotonic() < end:
        start = time.monotonic()
        try:
            with Conn(timeout=1) as c:
                for _ in range(2):
                    c.send(b"GET /healthz HTTP/1.1\r\nHost: p\r\n\r\n")
                    r = c.read_response(timeout=1)
                    if r.status != 200:
                        failures.append(f"status {r.status}")
        except (Fail, Closed, OSError) as e:
            failures.append(str(e))
        took = time.monotonic() - start
        worst = max(worst, took)
        count += 1
        time.sleep(0.05)
    stop.set()
    for t in threads:
        t.join(5)
    if failures:
        raise Fail(f"{len(failures)} of {count} healthz rounds failed: {failures[0]}")
    if worst > 1.0:
        raise Fail(f"slowest healthz round took {worst:.2f} s")


# ---------------------------------------------------------------- main

def fd_count(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return next((int(line.split()[1]) for line in f if line.startswith("VmRSS:")), 0)


def owns_listener(pid, port):
    """Whether `pid` holds the socket listening on `port` (so --pid is the server, not a wrapper)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                for line in f.readlines()[1:]:
                    fields = line.split()
                    if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                        inodes.add(fields[9])
        except OSError:
            pass
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            if os.readlink(f"/proc/{pid}/fd/{name}")[len("socket:["):-1] in inodes:
                return True
        except OSError:
            pass
    return False


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, help="server pid, to check its open descriptors return to the start value")
    parser.add_argument("--header-timeout", type=float, default=1.0, help="the server's --header-timeout, seconds")
    parser.add_argument("--body-timeout", type=float, default=1.0, help="the server's --body-timeout, seconds")
    parser.add_argument("--idle-timeout", type=float, default=2.0, help="the server's --idle-timeout, seconds")
    parser.add_argument("--only", help="run only cases whose name contains this")
    ARGS = parser.parse_args()

    started = time.monotonic()
    try:
        c = Conn(timeout=3)
        healthz(c)
        c.close()
    except Exception as e:  # noqa: BLE001
        print(f"FAIL server at {ARGS.host}:{ARGS.port} does not answer /healthz: {e}")
        return 1
    fds_before = None
    if ARGS.pid:
        try:
            if not owns_listener(ARGS.pid, ARGS.port):
                print(f"FAIL --pid {ARGS.pid} does not hold the socket listening on port {ARGS.port}")
                return 1
            fds_before = fd_count(ARGS.pid)
        except OSError as e:
            print(f"FAIL cannot read /proc/{ARGS.pid}/fd: {e}")
            return 1

    failed = 0
    cases = [(n, f) for n, f in CASES if not ARGS.only or ARGS.only.lower() in n.lower()]
    # Cases that wait for a server timeout run on threads beside the quick ones.
    slow_names = ("timeout", "slowloris", "50 slow", "half-close mid-headers")
    slow = [(n, f) for n, f in cases if any(s in n for s in slow_names)]
    quick = [(n, f) for n, f in cases if (n, f) not in slow]
    results = {}

    def run(name, fn):
        t0 = time.monotonic()
        try:
            fn()
            results[name] = (True, "", time.monotonic() - t0)
        except (Fail, Closed, OSError, ValueError) as e:
            results[name] = (False, f"{type(e).__name__}: {e}" if not isinstance(e, Fail) else str(e), time.monotonic() - t0)

    threads = [threading.Thread(target=run, args=(n, f), daemon=True) for n, f in slow]
    for t in threads:
        t.start()
    for n, f in quick:
        run(n, f)
        ok, reason, took = results[n]
        print(f"{'PASS' if ok else 'FAIL'} {n}{'' if ok else ': ' + reason}", flush=True)
    for t in threads:
        t.join(45)
    for n, _ in slow:
        ok, reason, took = results.get(n, (False, "did not finish", 0))
        print(f"{'PASS' if ok else 'FAIL'} {n}{'' if ok else ': ' + reason} ({took:.1f} s)", flush=True)
    failed = sum(1 for ok, _, _ in results.values() if not ok) + sum(1 for n, _ in slow if n not in results)

    # The server must still answer, and release every descriptor once the clients are gone.
    name = "server still answers at the end"
    try:
        c = Conn(timeout=3)
        healthz(c)
        c.close()
        print(f"PASS {name}")
    except Exception as e:  # noqa: BLE001
        print(f"FAIL {name}: {e}")
        failed += 1
    if ARGS.pid:
        name = "open descriptors return near the start value"
        deadline = time.monotonic() + max(ARGS.idle_timeout, ARGS.header_timeout, ARGS.body_timeout) * 1.5 + 3
        now = fd_count(ARGS.pid)
        while now > fds_before + 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            now = fd_count(ARGS.pid)
        if now > fds_before + 2:
            print(f"FAIL {name}: {now} open, {fds_before} at the start")
            failed += 1
        else:
            print(f"PASS {name} ({fds_before} -> {now}; VmRSS {rss_kib(ARGS.pid) // 1024} MiB)")
    total = len(cases) + 1 + (1 if ARGS.pid else 0)
    print(f"{total - failed} of {total} passed, {failed} failed, {time.monotonic() - started:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
