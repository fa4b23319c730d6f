"""A headless Chromium driven over the DevTools protocol, with the Python standard library only.

The link page check (scripts/link_page_browser.py) uses it where `--dump-dom` is not enough: to
count the page's Content-Security-Policy violations (a listener for `securitypolicyviolation`
added before any of the page's own bytes run), to run axe-core in the loaded page, and to take
a screenshot at a given size. Scripts the protocol evaluates are the browser's, not the page's:
the page's policy (no script) does not apply to them, and they cause no violation report.

    with Chromium("chromium", profile, user_agent=DESKTOP, lang="ja") as browser:
        page = browser.load("http://127.0.0.1:8080/settings", width=1280, height=800)
        page.csp_violations, page.html, page.axe(axe_source), page.screenshot("shot.png")
"""
import base64
import json
import os
import socket
import struct
import subprocess
import time
import urllib.request

# Set before the page's first byte: every violation of its policy, as the browser reports it.
CSP_LISTENER = ("window.__cspViolations=[];document.addEventListener('securitypolicyviolation',function(e){"
                "window.__cspViolations.push(e.violatedDirective+' '+e.blockedURI+' '+(e.sample||''))});")


class DevToolsError(Exception):
    pass


class WebSocket:
    """The client side of RFC 6455, as much as the DevTools protocol needs: text frames."""

    def __init__(self, url, timeout):
        assert url.startswith("ws://")
        hostport, path = url[len("ws://"):].split("/", 1)
        host, port = hostport.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise DevToolsError("the browser closed the DevTools connection during the handshake")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise DevToolsError(f"the DevTools handshake failed: {head[:200]!r}")

    def send(self, text):
        payload = text.encode()
        n = len(payload)
        header = bytearray([0x81])
        if n < 126:
            header.append(0x80 | n)
        elif n < 65536:
            header.append(0x80 | 126)
            header += struct.pack("!H", n)
        else:
            header.append(0x80 | 127)
            header += struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes((mask * (n // 4 + 1))[:n], "big")).to_bytes(n, "big") if n else b""
        self.sock.sendall(bytes(header) + mask + masked)

    def _exactly(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise DevToolsError("the browser closed the DevTools connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def receive(self):
        message = b""
        while True:
            first, second = self._exactly(2)
            n = second & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._exactly(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._exactly(8))[0]
            payload = self._exactly(n)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise DevToolsError("the browser closed the DevTools connection")
            if opcode in (0x9, 0xA):  # ping, pong: nothing to answer for the protocol's use
                continue
            message += payload
            if first & 0x80:
                return message.decode()

    def close(self):
        self.sock.close()


class Page:
    """One loaded page: its violations, its DOM, axe-core's findings and a screenshot."""

    def __init__(self, browser):
        self.browser = browser

    def evaluate(self, expression, await_promise=False):
        result = self.browser.call("Runtime.evaluate", expression=expression, awaitPromise=await_promise,
                                   returnByValue=True)
        if "exceptionDetails" in result:
            raise DevToolsError(f"evaluating {expression[:80]!r} threw: {json.dumps(result['exceptionDetails'])[:500]}")
        return result["result"].get("value")

    @property
    def csp_violations(self):
        return self.evaluate("window.__cspViolations || ['the listener was not installed']")

    @property
    def html(self):
        return self.evaluate("document.documentElement.outerHTML")

    def axe(self, source):
        """axe-core's violations (every rule of WCAG 2 A and AA, contrast included), as id → targets."""
        self.evaluate(source)
        found = self.evaluate(
            "axe.run(document,{runOnly:{type:'tag',values:['wcag2a','wcag2aa','wcag21a','wcag21aa','best-practice']},"
            "resultTypes:['violations']}).then(function(r){return JSON.stringify(r.violations.map(function(v){"
            "return {id:v.id,impact:v.impact,nodes:v.nodes.map(function(n){return n.target.join(' ')+': '+n.failureSummary})}}))})",
            await_promise=True)
        return json.loads(found)

    def screenshot(self, path):
        data = self.browser.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
        return os.path.getsize(path)


class Chromium:
    """A headless Chromium with one tab, its DevTools port read from its profile."""

    def __init__(self, executable, profile, user_agent, lang=None, timeout=30):
        self.timeout = timeout
        os.makedirs(profile, exist_ok=True)
        port_file = os.path.join(profile, "DevToolsActivePort")
        if os.path.exists(port_file):
            os.remove(port_file)
        command = [executable, "--headless", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                   "--disable-dev-shm-usage", "--remote-debugging-port=0", f"--user-data-dir={profile}",
                   f"--user-agent={user_agent}"]
        if lang:
            # --lang sets the browser's language, and with it the Accept-Language it sends.
            command += [f"--lang={lang}", f"--accept-lang={lang}"]
        if os.geteuid() == 0:
            command.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        self.process = subprocess.Popen(command + ["about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if self.process.poll() is not None:
                raise DevToolsError(f"chromium exited ({self.process.returncode}): {self.process.stderr.read()[-2000:]!r}")
            if time.monotonic() > deadline:
                self.close()
                raise DevToolsError("chromium did not open its DevTools port in time")
            time.sleep(0.05)
        port = int(open(port_file).read().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=timeout) as response:
            targets = json.load(response)
        page = next(target for target in targets if target.get("type") == "page")
        self.socket = WebSocket(page["webSocketDebuggerUrl"], timeout)
        self.next_id = 0
        self.events = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if getattr(self, "socket", None):
            self.socket.close()
            self.socket = None
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def call(self, method, **params):
        self.next_id += 1
        ident = self.next_id
        self.socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.receive())
            if message.get("id") == ident:
                if "error" in message:
                    raise DevToolsError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_for(self, event):
        for index, message in enumerate(self.events):
            if message["method"] == event:
                del self.events[: index + 1]
                return message
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            message = json.loads(self.socket.receive())
            if message.get("method") == event:
                return message
        raise DevToolsError(f"no {event} in {self.timeout} s")

    def load(self, url, width, height, mobile=False):
        """Opens `url` at this viewport and waits for its load event."""
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Page.addScriptToEvaluateOnNewDocument", source=CSP_LISTENER)
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile)
        self.events.clear()
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")
        return Page(self)
