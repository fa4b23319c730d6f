#!/usr/bin/env python3
"""The operator console in a real browser (issue 33's browser proof): Selenium drives headless
Chromium (Debian's chromium and chromium-driver) against a live release server.

Twice, once with JavaScript on and once with it off (Chromium's content setting, shown to work
first), the run
- signs in through the form (field `token`; a wrong token first) and walks every console page
  through the navigation: Overview, Analytics, Routes (and a "try a link" result), Webhooks,
  Claims, System, the privacy receipt, and the Links pages when the server has them
  (`/console/links` answering 404 skips them with a notice). On each page: its h1, a full-page
  screenshot into --out (NAME.png, nojs-NAME.png), no console error in the browser's log, no
  Content-Security-Policy violation (a `securitypolicyviolation` listener added over the DevTools
  protocol before the page's first byte, and the browser's log), and keyboard focus (Tab, again
  and again) reaches every control (a[href], button, input, select, textarea, summary), each with
  a focus ring. With JavaScript on, axe-core (--axe: axe.min.js, evaluated over the DevTools
  protocol, which the page's policy does not govern) must find no violation of WCAG 2 A and AA
  (2.0 and 2.1 tags), in the light and the dark colour scheme;
- creates a webhook endpoint from the Webhooks form (a local receiver; the server runs with
  --webhook-allow-private on), rotates its secret and sends a test: each secret is shown once,
  on the page that made it, and on no page after; the receiver gets the test;
- makes a key with the console scope from System (its text shown once), and after signing out
  signs in with it: a key's session reads System but may not make keys;
- reads the Overview's and the Analytics page's tables (the charts' numbers, the totals, the
  platform breakdown) and compares them with GET /v1/analytics/timeseries and /breakdown after
  scripted visits (a short link made with the API, /s/CODE with five User-Agents, a flush);
- reads the QR code of "try a link" (and of a link's page) with zbarimg from a screenshot of the
  SVG as Chromium drew it, and compares it with the canonical link;
- signs out; a console page afterwards is the sign-in page, and the old cookie is refused;
- lays out every page it inspects at 390, 768 and 1440 CSS px wide (a phone, a tablet, a
  laptop; the DevTools protocol's device metrics): the document is no wider than the window
  (document.documentElement.scrollWidth <= window.innerWidth) and no control (a[href], button,
  input, select, textarea, summary) is narrower or shorter than 24 px (WCAG 2.5.8), but a link
  inside a sentence (an inline link whose parent holds text of its own, 2.5.8's exception); a
  full-page screenshot at each width (NAME-390.png, …) and of the phone in the dark scheme
  (NAME-390-dark.png); the same two checks at 320 and 2560 px, the narrowest and widest screens
  the layout is made for;
- sees a notification banner (role="status") after a link is made, changed and deleted from the
  console's forms, and the error summary ("There is a problem", a link to the field) after an
  empty key form.
Negative controls, so no check passes by being silent: an image from another origin must be a
CSP report in the log, a focus check must notice a link Tab cannot reach, (JavaScript on) a
contrast failure made on purpose must be an axe violation, and at 390 px a block made 1200 px
wide must be an overflow and a 10 px link on its own a target too small.

Exits 1 listing every failed check; the server, the receiver and the browsers it started are
stopped whatever happens. Run by scripts/console_browser.sh (which finds axe.min.js and checks the
tools); SCENELINK_BIN names the server binary.
"""
import argparse
import base64
import html.parser
import http.client
import http.server
import json
import os
import pathlib
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from proof_support import admin_call, free_port, wait_until_healthy  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

TOKEN = secrets.token_urlsafe(32)  # as `scenelink token` makes one: serve refuses a guessable token
ROOT = pathlib.Path(__file__).resolve().parent.parent
ROUTES = ROOT / "examples" / "fuelmoney.json"
TRIED_LINK = "fuelmoney://settings/premium"
TRIED_HTTPS = "https://fuelmoney.example.com/settings/premium"
AGENTS = {  # User-Agent → the class the analytics count it in
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.5 Mobile/15E148 Safari/604.1": "human",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Mobile Safari/537.36": "human",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36": "human",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)": "preview",
    "curl/8.5.0": "bot",
}

# The console's pages as the navigation reaches them: (screenshot name, path, navigation link
# text or None for a page linked from another, the h1). The Links pages join when the server
# has them (LINKS_PAGES).
PAGES = [
    ("overview", "/console/overview", "Overview", "Overview"),
    ("analytics", "/console/analytics", "Analytics", "Analytics"),
    ("routes", "/console/routes", "Routes", "Routes"),
    ("webhooks", "/console/webhooks", "Webhooks", "Webhooks"),
    ("claims", "/console/claims", "Claims", "Claims"),
    ("system", "/console/system", "System", "System"),
    ("privacy", "/console/system/privacy", None, "Privacy receipt"),
]
LINKS_PAGES = [("links", "/console/links", "Links", "Links")]

# Added before any of a page's own bytes run (over the DevTools protocol, so the page's policy
# does not apply to it): every violation of the page's Content-Security-Policy.
CSP_LISTENER = ("window.__cspViolations=[];document.addEventListener('securitypolicyviolation',function(e){"
                "window.__cspViolations.push(e.violatedDirective+' '+e.blockedURI+' '+(e.sample||''))});")

# A path naming one element (tag and position among its siblings of that tag, up from <html>).
ELEMENT_PATH = ("function __path(e){if(!e||e===document.body||e===document.documentElement)return 'body';var s=[];"
                "while(e&&e.nodeType===1&&e!==document.documentElement){var i=1,x=e;"
                "while((x=x.previousElementSibling))if(x.tagName===e.tagName)i++;"
                "s.unshift(e.tagName.toLowerCase()+'['+i+']');e=e.parentElement}return s.join('/')}")
# Every control keyboard focus must reach: enabled, not hidden, not inside a closed <details>
# (but a closed <details>'s own <summary>), and rendered. Radio buttons count once per group.
FOCUSABLE = ("(function(){" + ELEMENT_PATH + ";return JSON.stringify(Array.from(document.querySelectorAll("
             "'a[href],button,input,select,textarea,summary')).filter(function(e){"
             "if(e.disabled||(e.tagName==='INPUT'&&e.type==='hidden'))return false;"
             "var d=e.parentElement&&e.parentElement.closest('details:not([open])');"
             "if(d&&!(e.tagName==='SUMMARY'&&e.parentElement===d))return false;"
             "return e.getClientRects().length>0}).map(function(e){"
             "return {path:__path(e),group:e.type==='radio'?'radio:'+e.name:null,"
             "label:(e.tagName.toLowerCase()+' '+(e.getAttribute('name')||e.getAttribute('href')||e.textContent.trim())).slice(0,80)}}))})()")
# The focused element's path, and whether it shows a focus ring (an outline at least 2 px wide).
ACTIVE = ("(function(){" + ELEMENT_PATH + ";var e=document.activeElement,s=getComputedStyle(e);"
          "return JSON.stringify([__path(e),s.outlineStyle!=='none'&&parseFloat(s.outlineWidth)>=2])})()")
# The widths every inspected page is laid out at: a phone, a tablet, a laptop (CSS px).
WIDTHS = (390, 768, 1440)
# The narrowest and widest screens the layout is made for: the same checks, without screenshots.
EDGE_WIDTHS = (320, 2560)
# Whether the document is wider than the window, and every control smaller than 24 × 24 CSS px
# (WCAG 2.5.8), but an inline link inside a sentence (its parent holds text of its own).
LAYOUT = ("(function(){" + ELEMENT_PATH + ";var small=[];"
          "Array.from(document.querySelectorAll('a[href],button,input,select,textarea,summary')).forEach(function(e){"
          "if(e.disabled||(e.tagName==='INPUT'&&e.type==='hidden'))return;"
          "var d=e.parentElement&&e.parentElement.closest('details:not([open])');"
          "if(d&&!(e.tagName==='SUMMARY'&&e.parentElement===d))return;"
          "if(!e.getClientRects().length)return;"
          "var r=e.getBoundingClientRect();if(r.width>=24&&r.height>=24)return;"
          "if(e.tagName==='A'&&getComputedStyle(e).display==='inline'&&Array.from(e.parentElement.childNodes).some(function(n){"
          "return n!==e&&n.nodeType===3&&n.textContent.trim()}))return;"
          "small.push(__path(e)+' '+(e.getAttribute('href')||e.getAttribute('name')||e.textContent.trim()).slice(0,40)"
          "+' '+Math.round(r.width)+'x'+Math.round(r.height))});"
          "return JSON.stringify({scrollWidth:document.documentElement.scrollWidth,innerWidth:window.innerWidth,small:small})})()")
AXE_RUN = ("axe.run(document,{runOnly:{type:'tag',values:['wcag2a','wcag2aa','wcag21a','wcag21aa']},"
           "resultTypes:['violations']}).then(function(r){return JSON.stringify(r.violations.map(function(v){"
           "return {id:v.id,impact:v.impact,nodes:v.nodes.map(function(n){return n.target.join(' ')+': '+n.failureSummary})}}))})")

FAILURES = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    if not condition:
        FAILURES.append(message)
    return condition


# MARK: - Reading a page's HTML


class Tables(html.parser.HTMLParser):
    """Every <table> of a page: its caption and rows of cell texts (th and td alike); and the
    text of elements by id."""

    def __init__(self, source):
        super().__init__()
        self.tables, self.ids = [], {}
        self._table = self._row = self._cell = None
        self._caption = False
        self._open_ids = []
        self.feed(source)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "table":
            self._table = {"caption": "", "rows": []}
            self.tables.append(self._table)
        elif tag == "caption":
            self._caption = True
        elif tag == "tr" and self._table is not None:
            self._row = []
            self._table["rows"].append(self._row)
        elif tag in ("th", "td") and self._row is not None:
            self._cell = ""
        if "id" in attributes and tag not in ("input", "img", "br", "hr", "meta", "link"):
            self._open_ids.append((tag, attributes["id"]))
            self.ids[attributes["id"]] = ""

    def handle_endtag(self, tag):
        if tag == "table":
            self._table = None
        elif tag == "caption":
            self._caption = False
        elif tag == "tr":
            self._row = None
        elif tag in ("th", "td") and self._row is not None and self._cell is not None:
            self._row.append(self._cell.strip())
            self._cell = None
        if self._open_ids and self._open_ids[-1][0] == tag:
            self._open_ids.pop()

    def handle_data(self, data):
        if self._caption and self._table is not None:
            self._table["caption"] += data
        if self._cell is not None:
            self._cell += data
        for _, key in self._open_ids:
            self.ids[key] += data

    def table(self, caption_start):
        for table in self.tables:
            if table["caption"].strip().startswith(caption_start):
                return table
        return None


# MARK: - The server and a webhook receiver


class Receiver(http.server.ThreadingHTTPServer):
    """A webhook endpoint on loopback that takes every delivery (204) and counts them."""

    def __init__(self):
        self.deliveries = 0

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(handler):  # noqa: N805
                handler.rfile.read(int(handler.headers.get("Content-Length") or 0))
                handler.server.deliveries += 1
                handler.send_response(204)
                handler.end_headers()

            def log_message(handler, *args):  # noqa: N805
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server_address[1]}/hooks/scenelink"

    def stop(self):
        self.shutdown()
        self.server_close()


def start_server(binary, folder, port):
    env = dict(os.environ, SCENELINK_ADMIN_TOKEN=TOKEN,
               SCENELINK_RATE_LIMITS="links=1000000/s,claim-pages=1000000/s,console-sign-in=1000/m")
    log = open(os.path.join(folder, "server.log"), "wb")
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--db", os.path.join(folder, "console.sqlite"),
                                "--routes", str(ROUTES), "--access-log", "off", "--analytics-flush", "1s",
                                "--webhook-allow-private", "on"],
                               env=env, stdout=log, stderr=subprocess.STDOUT)
    wait_until_healthy(port)
    return process


# MARK: - The browser


class Browser:
    """One headless Chromium under chromedriver: JavaScript on or off, the browser's log kept."""

    def __init__(self, options, profile, javascript):
        self.options, self.javascript = options, javascript
        chrome = Options()
        chrome.binary_location = options.chromium
        for argument in ("--headless=new", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                         "--hide-scrollbars", "--window-size=1280,900", "--lang=en-US", f"--user-data-dir={profile}",
                         "--force-device-scale-factor=1", "--disable-features=Translate,MediaRouter",
                         "--disable-background-networking", "--disable-component-update"):
            chrome.add_argument(argument)
        if os.geteuid() == 0:
            chrome.add_argument("--no-sandbox")  # Chromium refuses to run as root with its sandbox
        chrome.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        if not javascript:
            chrome.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        service = Service(executable_path=options.chromedriver, log_output=os.path.join(profile + "-chromedriver.log"))
        self.driver = webdriver.Chrome(options=chrome, service=service)
        self.driver.set_page_load_timeout(30)
        self.cdp("Page.enable")
        self.cdp("Page.addScriptToEvaluateOnNewDocument", source=CSP_LISTENER)

    def cdp(self, command, **parameters):
        return self.driver.execute_cdp_cmd(command, parameters)

    def evaluate(self, expression, await_promise=False):
        """Evaluated over the DevTools protocol: the page's policy (no script) does not apply."""
        result = self.cdp("Runtime.evaluate", expression=expression, awaitPromise=await_promise, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluating {expression[:80]!r} threw: {json.dumps(result['exceptionDetails'])[:500]}")
        return result["result"].get("value")

    def path(self):
        return urllib.parse.urlsplit(self.driver.current_url).path

    def query(self):
        return urllib.parse.urlsplit(self.driver.current_url).query

    def wait_for(self, predicate, what, timeout=10):
        try:
            WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(lambda _: predicate())
            return True
        except WebDriverException:
            return check(False, f"waited {timeout} s for {what}; at {self.driver.current_url}")

    def click(self, by, value):
        """Clicks the element and waits for the next page (a navigation or a form's answer)."""
        marker = self.document_marker()
        self.driver.find_element(by, value).click()
        self.wait_for(lambda: self.document_marker() != marker, f"the page after clicking {value!r}")

    def document_marker(self):
        """Changes whenever a new document loads (the frame's loader id)."""
        tree = self.cdp("Page.getFrameTree")
        return tree["frameTree"]["frame"].get("loaderId")

    def source(self):
        return self.driver.page_source

    def log(self):
        return self.driver.get_log("browser")

    def screenshot(self, path):
        """The whole page, beyond the window, as PNG."""
        size = self.cdp("Page.getLayoutMetrics")["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": max(1, size["width"]), "height": max(1, size["height"]), "scale": 1}
        data = self.cdp("Page.captureScreenshot", format="png", captureBeyondViewport=True, clip=clip)["data"]
        pathlib.Path(path).write_bytes(base64.b64decode(data))
        return os.path.getsize(path)

    def element_screenshot(self, selector, path, scale=3):
        """One element as Chromium drew it (at `scale`), found and measured over the DevTools
        protocol (works with JavaScript off), with a white margin for a QR code's reader."""
        document = self.cdp("DOM.getDocument", depth=0)["root"]["nodeId"]
        node = self.cdp("DOM.querySelector", nodeId=document, selector=selector)["nodeId"]
        if not node:
            return 0
        quad = self.cdp("DOM.getBoxModel", nodeId=node)["model"]["border"]
        xs, ys = quad[0::2], quad[1::2]
        scroll = self.cdp("Page.getLayoutMetrics")["cssVisualViewport"]
        margin = 16
        clip = {"x": min(xs) + scroll["pageX"] - margin, "y": min(ys) + scroll["pageY"] - margin,
                "width": max(xs) - min(xs) + 2 * margin, "height": max(ys) - min(ys) + 2 * margin, "scale": scale}
        data = self.cdp("Page.captureScreenshot", format="png", captureBeyondViewport=True, clip=clip)["data"]
        pathlib.Path(path).write_bytes(base64.b64decode(data))
        return os.path.getsize(path)

    def layout(self, width):
        """The page laid out `width` CSS px wide (the DevTools protocol's device metrics): its
        width against the window's and the controls under 24 px. Leaves the width set."""
        self.cdp("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=False)
        return json.loads(self.evaluate(LAYOUT))

    def unset_width(self):
        self.cdp("Emulation.clearDeviceMetricsOverride")

    def quit(self):
        try:
            self.driver.quit()
        except Exception as error:  # noqa: BLE001 (cleanup goes on)
            print(f"note: quitting the browser: {error}")


# MARK: - The checks of one page


class Walk:
    """One run through the console (JavaScript on or off)."""

    def __init__(self, options, browser, base, port, receiver):
        self.options, self.browser, self.base, self.port, self.receiver = options, browser, base, port, receiver
        self.js = browser.javascript
        self.prefix = "" if self.js else "nojs-"
        self.axe_source = open(options.axe, encoding="utf-8").read() if self.js else None
        self.pages_seen = []

    def tag(self, name):
        return f"[{'js' if self.js else 'no-js'}] {name}"

    def inspect(self, name, heading=None, status=None):
        """Every page's checks: heading, screenshot, console errors, CSP reports, axe, focus.
        `status`: the page is an error answer on purpose (the browser logs its status as an
        error; that one entry is expected)."""
        b = self.browser
        label = self.tag(name)
        self.pages_seen.append(name)
        if heading is not None:
            found = b.driver.find_elements(By.CSS_SELECTOR, "main h1")
            text = found[0].text if found else None
            check(text == heading, f"{label}: the h1 is {text!r}")
        shot = os.path.join(self.options.out, f"{self.prefix}{name}.png")
        size = b.screenshot(shot)
        check(size > 3000, f"{label}: full-page screenshot {os.path.relpath(shot)} ({size} bytes)")
        violations = b.evaluate("window.__cspViolations || ['the listener was not installed']")
        check(violations == [], f"{label}: no CSP violation reported to the page: {violations!r}")
        if self.js:
            b.evaluate(self.axe_source)
            for scheme in ("light", "dark"):  # the style sheet's colours for each (prefers-color-scheme)
                b.cdp("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": scheme}])
                found = json.loads(b.evaluate(AXE_RUN, await_promise=True))
                check(found == [], f"{label}: axe-core finds no WCAG 2 A/AA violation ({scheme} scheme): {json.dumps(found)[:3000]}")
            b.cdp("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": "light"}])
        errors = [entry for entry in b.log() if entry.get("level") == "SEVERE" or "Content Security Policy" in entry.get("message", "")]
        if status is not None:
            own = f"{b.driver.current_url} - Failed to load resource: the server responded with a status of {status} "
            errors = [entry for entry in errors if not (entry.get("source") == "network" and entry.get("message", "").startswith(own))]
        check(errors == [], f"{label}: no console error or CSP report in the browser's log: {errors!r}")
        self.focus(label)
        self.layout(name, label)

    def layout(self, name, label):
        """At each of WIDTHS: no horizontal overflow, no control under 24 px, a screenshot."""
        b = self.browser
        # The screenshots show the page at rest, not the last control the focus check reached.
        b.evaluate("document.activeElement&&document.activeElement.blur&&document.activeElement.blur()")
        try:
            for width in WIDTHS:
                found = b.layout(width)
                check(found["scrollWidth"] <= found["innerWidth"],
                      f"{label} at {width} px: the document is {found['scrollWidth']} px wide in a {found['innerWidth']} px window")
                check(not found["small"], f"{label} at {width} px: no control under 24 × 24 px: {found['small'][:8]}")
                shot = os.path.join(self.options.out, f"{self.prefix}{name}-{width}.png")
                check(b.screenshot(shot) > 3000, f"{label} at {width} px: screenshot {os.path.relpath(shot)}")
            for width in EDGE_WIDTHS:
                found = b.layout(width)
                check(found["scrollWidth"] <= found["innerWidth"] and not found["small"],
                      f"{label} at {width} px: {found['scrollWidth']} px wide in a {found['innerWidth']} px window, "
                      f"no control under 24 × 24 px: {found['small'][:8]}")
            # And the phone in the dark scheme, to see what axe checked there.
            b.layout(WIDTHS[0])
            b.cdp("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": "dark"}])
            shot = os.path.join(self.options.out, f"{self.prefix}{name}-{WIDTHS[0]}-dark.png")
            check(b.screenshot(shot) > 3000, f"{label} at {WIDTHS[0]} px, dark: screenshot {os.path.relpath(shot)}")
        finally:
            b.cdp("Emulation.setEmulatedMedia", media="", features=[{"name": "prefers-color-scheme", "value": "light"}])
            b.unset_width()

    def focus(self, label, record=True):
        """Tab from the top of the page, again and again: every control must take the focus."""
        b = self.browser
        controls = json.loads(b.evaluate(FOCUSABLE))
        # Focus starts from the document itself: a blur and a click at the page's top-left corner
        # would do; moving the focus to <body> over the DevTools protocol is the same without events.
        b.evaluate("document.activeElement&&document.activeElement.blur&&document.activeElement.blur()")
        b.cdp("Input.dispatchMouseEvent", type="mousePressed", x=1, y=1, button="left", clickCount=1)
        b.cdp("Input.dispatchMouseEvent", type="mouseReleased", x=1, y=1, button="left", clickCount=1)
        wanted = {c["path"] for c in controls}
        reached_set, ringed = set(), set()
        # A date field takes a stop for each of its parts, so press on until every control had
        # the focus, or far more often than there are controls.
        for _ in range(3 * len(controls) + 10):
            ActionChains(b.driver).send_keys(Keys.TAB).perform()
            path, ring = json.loads(b.evaluate(ACTIVE))
            reached_set.add(path)
            if ring:
                ringed.add(path)
            if wanted <= reached_set:
                break
        groups_reached = {c["group"] for c in controls if c["group"] and c["path"] in reached_set}
        missing = [c["label"] for c in controls
                   if c["path"] not in reached_set and not (c["group"] and c["group"] in groups_reached)]
        if record:
            check(controls and not missing,
                  f"{label}: Tab reaches all {len(controls)} controls" + (f"; not: {missing}" if missing else ""))
            # A date field's last stop is its picker button, inside the field, with the browser's
            # own ring: a control passes when one of its stops showed the style sheet's ring.
            no_ring = [c["label"] for c in controls if c["path"] in reached_set and c["path"] not in ringed]
            check(not no_ring, f"{label}: each shows a focus ring when focused" + (f"; not: {no_ring}" if no_ring else ""))
        return missing

    # MARK: - The walk

    def sign_in(self, token=TOKEN, name="sign-in"):
        """The form (field `token`): a wrong token is the form again with its error, then `token`
        lands on the overview with the session cookie."""
        b = self.browser
        b.driver.get(self.base + "/console/")
        check(b.path() == "/console/", f"{self.tag(name)}: GET /console/ shows the sign-in page")
        if name == "sign-in":
            self.inspect("sign-in", "Sign in")
            b.driver.find_element(By.ID, "token").send_keys("not-the-admin-token-at-all")
            b.click(By.CSS_SELECTOR, "main form button[type=submit]")
            error = b.driver.find_elements(By.CSS_SELECTOR, "#sign-in-error[role=alert]")
            described = b.driver.find_element(By.ID, "token").get_attribute("aria-describedby")
            check(error and described == "sign-in-error",
                  f"{self.tag('sign-in-wrong')}: a wrong token is the form again with an alert the field is described by")
            self.inspect("sign-in-wrong", "Sign in", status=401)
        b.driver.find_element(By.ID, "token").send_keys(token)
        b.click(By.CSS_SELECTOR, "main form button[type=submit]")
        check(b.path() == "/console/overview", f"{self.tag(name)}: signing in lands on the overview ({b.path()})")
        cookies = {c["name"]: c for c in b.driver.get_cookies()}
        cookie = cookies.get("scenelink_console", {})
        check(cookie.get("httpOnly") and cookie.get("sameSite") == "Strict" and cookie.get("path") == "/console",
              f"{self.tag(name)}: the session cookie is HttpOnly, SameSite=Strict, Path=/console")
        self.cookie = cookie.get("value", "")

    def make_key(self):
        """System: a key with the console scope made from the form, its text shown once; answers it."""
        b = self.browser
        b.driver.get(self.base + "/console/system")
        # An empty form is refused with what to fill in: the error summary links to each field.
        b.click(By.XPATH, "//main//form[@method='post']//button[normalize-space()='Make the key']")
        summary = b.driver.find_elements(By.CSS_SELECTOR, "main .error-summary[role=alert] h2")
        links = [a.get_attribute("href") for a in b.driver.find_elements(By.CSS_SELECTOR, "main .error-summary li a")]
        check(summary and summary[0].text == "There is a problem" and any(h.endswith("#key-name") for h in links)
              and b.driver.find_elements(By.CSS_SELECTOR, "#key-name[aria-invalid=true]") and b.driver.find_elements(By.ID, "key-name-error"),
              f"{self.tag('key-refused')}: an empty key form is the page again with the error summary linking to #key-name ({links})")
        self.inspect("key-refused", "System", status=400)
        key_name = f"console browser {'js' if self.js else 'nojs'}"
        b.driver.find_element(By.ID, "key-name").send_keys(key_name)
        for scope in ("console", "analytics:read"):
            b.driver.find_element(By.CSS_SELECTOR, f"input[name=scopes][value='{scope}']").click()
        b.click(By.XPATH, "//main//form[@method='post']//button[normalize-space()='Make the key']")
        text = Tables(b.source()).ids.get("key-text", "").strip()
        check(text.startswith("slk_"), f"{self.tag('key-made')}: the page shows the key's text once ({text[:8]}…)")
        self.expect_banner("key-made", f"Key {key_name} created")
        self.inspect("key-made", "Key made")
        b.click(By.CSS_SELECTOR, "main a[href='/console/system']")
        check(text and text not in b.source() and key_name in b.source(),
              f"{self.tag('system')}: System lists the key {key_name!r} without its text")
        status, keys = admin_call(self.port, TOKEN, "GET", "/v1/keys")
        listed = [k for k in (keys.get("keys", []) if isinstance(keys, dict) else []) if k.get("name") == key_name]
        check(status == 200 and len(listed) == 1, f"{self.tag('key-made')}: GET /v1/keys lists it ({status})")
        return text

    def key_session(self, key):
        """A key with the console scope signs in and reads every page, but makes no key."""
        b = self.browser
        self.sign_in(key, "key-sign-in")
        b.driver.get(self.base + "/console/system")
        check("Only a session signed in with the admin token makes and revokes keys." in b.source()
              and not b.driver.find_elements(By.ID, "key-name"),
              f"{self.tag('key-system')}: a key's session sees the keys but no form to make one")
        self.inspect("key-system", "System")

    def has_links_pages(self):
        """Whether this server has the Links pages: /console/links with the session is not 404."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", "/console/links", headers={"Cookie": f"scenelink_console={self.cookie}"})
        status = connection.getresponse().status
        connection.close()
        return status != 404

    def walk_pages(self, pages):
        b = self.browser
        for name, path, nav_text, heading in pages:
            if nav_text:
                b.click(By.CSS_SELECTOR, f"header nav a[href='{path}']")
                current = b.driver.find_elements(By.CSS_SELECTOR, "header nav a[aria-current=page]")
                check(current and current[0].text == nav_text,
                      f"{self.tag(name)}: the navigation marks {current[0].text if current else None!r} as the page shown")
            else:
                b.click(By.CSS_SELECTOR, f"main a[href='{path}']")
            check(b.path() == path, f"{self.tag(name)}: the navigation reaches {path} ({b.path()})")
            self.inspect(name, heading)

    def try_a_link(self):
        """Routes: "try a link" through its form, the result, its QR code read back by zbarimg."""
        b = self.browser
        b.driver.get(self.base + "/console/routes")
        field = b.driver.find_element(By.ID, "url")
        field.clear()
        field.send_keys(TRIED_LINK)
        b.click(By.CSS_SELECTOR, "main form[method=get] button[type=submit]")
        check(urllib.parse.parse_qs(b.query()).get("url") == [TRIED_LINK], f"{self.tag('routes-try')}: the form asks for ?url= ({b.query()})")
        source = b.source()
        check(f"Result for {TRIED_LINK}" in source and TRIED_HTTPS in source,
              f"{self.tag('routes-try')}: the result names the link and its canonical https link")
        self.inspect("routes-try", "Routes")
        self.read_qr("routes-try", "figure.qr svg", TRIED_HTTPS)

    def read_qr(self, name, selector, expected):
        shot = os.path.join(self.options.out, f"{self.prefix}{name}-qr.png")
        size = self.browser.element_screenshot(selector, shot)
        if not check(size > 0, f"{self.tag(name)}: a QR code ({selector}) is on the page"):
            return
        read = subprocess.run(["zbarimg", "-q", "--raw", "-Sdisable", "-Sqrcode.enable", shot], capture_output=True, text=True)
        check(read.stdout.strip() == expected, f"{self.tag(name)}: zbarimg reads the QR code as {read.stdout.strip()!r} (want {expected!r})")

    def webhooks(self):
        """Create an endpoint from the form, rotate its secret: each secret is shown once."""
        b = self.browser
        b.driver.get(self.base + "/console/webhooks")
        b.driver.find_element(By.ID, "webhook-url").send_keys(self.receiver.url)
        b.driver.find_element(By.ID, "webhook-description").send_keys(f"console browser proof ({'js' if self.js else 'no-js'})")
        boxes = b.driver.find_elements(By.CSS_SELECTOR, "input[type=checkbox][name=events]")
        check(len(boxes) > 0, f"{self.tag('webhooks')}: the form offers events ({len(boxes)})")
        if boxes:
            boxes[0].click()
        b.click(By.XPATH, "//main//form[@method='post']//button[normalize-space()='Add the endpoint']")
        secret = Tables(b.source()).ids.get("webhook-secret", "").strip()
        check(secret.startswith("whsec_"), f"{self.tag('webhook-created')}: the page shows the new secret once ({secret[:10]}…)")
        self.expect_banner("webhook-created", "Webhook endpoint created")
        self.inspect("webhook-created", "Endpoint added")
        b.click(By.CSS_SELECTOR, "main a[href='/console/webhooks']")
        rows = [row for row in (Tables(b.source()).table("Every endpoint") or {"rows": []})["rows"] if self.receiver.url in row[0]]
        check(len(rows) >= 1, f"{self.tag('webhooks-list')}: the list shows the endpoint ({len(rows)} row(s))")
        check(secret and secret not in b.source(), f"{self.tag('webhooks-list')}: the list does not show the secret")
        self.inspect("webhooks-list", "Webhooks")
        # The newest endpoint is the last row: rotate its secret.
        buttons = b.driver.find_elements(By.XPATH, f"//main//button[@aria-label='Rotate the secret of {self.receiver.url}']")
        if not check(len(buttons) >= 1, f"{self.tag('webhooks-list')}: a rotate button names the endpoint"):
            return
        marker = b.document_marker()
        buttons[-1].click()
        b.wait_for(lambda: b.document_marker() != marker, "the rotated secret's page")
        rotated = Tables(b.source()).ids.get("webhook-secret", "").strip()
        check(rotated.startswith("whsec_") and rotated != secret,
              f"{self.tag('webhook-rotated')}: the page shows a new secret once ({rotated[:10]}…)")
        self.inspect("webhook-rotated", "Secret rotated")
        b.click(By.CSS_SELECTOR, "main a[href='/console/webhooks']")
        link = b.driver.find_elements(By.XPATH, f"//main//table//a[normalize-space()='{self.receiver.url}']")
        check(secret not in b.source() and rotated not in b.source(),
              f"{self.tag('webhooks-list')}: after the rotation, neither secret is shown again")
        if link:
            b.click(By.XPATH, f"(//main//table//a[normalize-space()='{self.receiver.url}'])[last()]")
            check(b.path().startswith("/console/webhooks/"), f"{self.tag('webhook-deliveries')}: the endpoint's page ({b.path()})")
            check(secret not in b.source() and rotated not in b.source(), f"{self.tag('webhook-deliveries')}: no secret shown")
            # "Send a test": the receiver gets it, and the endpoint's page lists the delivery.
            before = self.receiver.deliveries
            b.click(By.XPATH, "//main//form[@method='post']//button[normalize-space()='Send a test']")
            check(b.path().startswith("/console/webhooks/"), f"{self.tag('webhook-deliveries')}: a test sent, back on the endpoint's page")
            self.expect_banner("webhook-deliveries", "Test message queued: it is listed in the deliveries below")
            deadline = time.monotonic() + 10
            while self.receiver.deliveries == before and time.monotonic() < deadline:
                time.sleep(0.1)
            check(self.receiver.deliveries > before, f"{self.tag('webhook-deliveries')}: the receiver got the test message")
            table = Tables(b.source()).table("The newest")
            check(table is not None and any("webhook.test" in row for row in table["rows"]),
                  f"{self.tag('webhook-deliveries')}: the page lists the test message")
            self.inspect("webhook-deliveries", f"Deliveries to {self.receiver.url}")

    def analytics(self, expected):
        """The Overview's and the Analytics page's numbers equal the analytics API's."""
        b = self.browser
        today = time.strftime("%Y-%m-%d", time.gmtime())
        first = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 29 * 86400))
        _, series = admin_call(self.port, TOKEN, "GET", f"/v1/analytics/timeseries?interval=day&from={first}&to={today}&tz=UTC")
        _, platform = admin_call(self.port, TOKEN, "GET", f"/v1/analytics/breakdown?dimension=platform&from={first}&to={today}&tz=UTC")
        totals = series["totals"]
        check(all(totals.get(key) == value for key, value in expected.items()),
              f"{self.tag('analytics')}: the API counts the scripted visits: {totals} ⊇ {expected}")

        b.driver.get(self.base + "/console/overview")
        tables = Tables(b.source())
        counts = tables.table("Visits by class")
        row = {r[0]: r[1:] for r in (counts or {"rows": []})["rows"][1:]}
        api_rows = {"Human visits": "human", "of which QR scans": "qr", "Previews": "preview", "Bots": "bot",
                    "Claims": "claims", "Installs": "installs"}
        for label, key in api_rows.items():
            if key not in totals:
                continue
            page_values = row.get(label, [None, None, None])
            check(page_values[2] == str(totals[key]) and page_values[0] == str(totals[key]),
                  f"{self.tag('overview')}: {label} today and over 30 days on the page {page_values} = the API's {totals[key]}")
        chart = tables.table("Human visits per UTC day")
        page_days = [(r[0], r[1]) for r in (chart or {"rows": []})["rows"][1:]]
        api_days = [(bucket["start"][:10], str(bucket["human"])) for bucket in series["buckets"]]
        check(page_days and [v for _, v in page_days] == [v for _, v in api_days] and sum(int(v) for _, v in page_days) == totals["human"],
              f"{self.tag('overview')}: the chart's numbers ({len(page_days)} days, {sum(int(v) for _, v in page_days)} visits) "
              f"are the API's day buckets")

        b.driver.get(self.base + "/console/analytics")
        tables = Tables(b.source())
        chart = tables.table("Human visits per day")
        page_buckets = [(r[0], r[1]) for r in (chart or {"rows": []})["rows"][1:]]
        api_buckets = [(bucket["start"], str(bucket["human"])) for bucket in series["buckets"]]
        check(page_buckets == api_buckets, f"{self.tag('analytics')}: the chart's table ({len(page_buckets)} rows) is the API's time series")
        total_table = tables.table("Totals")
        if check(total_table is not None and len(total_table["rows"]) == 2, f"{self.tag('analytics')}: a totals table"):
            headings, values = total_table["rows"][0][1:], total_table["rows"][1][1:]
            page_totals = dict(zip(headings, values))
            check(page_totals == {key: str(value) for key, value in totals.items() if key in page_totals} and len(page_totals) >= 4,
                  f"{self.tag('analytics')}: the totals on the page {page_totals} are the API's")
        breakdown = tables.table("By platform")
        page_platforms = {r[0]: r[1] for r in (breakdown or {"rows": []})["rows"][1:]}
        api_platforms = {r["value"]: str(r["count"]) for r in platform["rows"]}
        check(page_platforms == api_platforms and api_platforms,
              f"{self.tag('analytics')}: the platform breakdown on the page {page_platforms} is the API's {api_platforms}")

    def links(self, visited_code):
        """The Links pages: the list and its search (`q`), the form that makes a link (`link`,
        `alias`), the import of a pasted CSV, a link's page with its QR code, and the visited
        link's page, whose chart table ("Human visits …") sums to the analytics API's total."""
        b = self.browser
        self.walk_pages(LINKS_PAGES)
        searches = b.driver.find_elements(By.CSS_SELECTOR, "main form[method=get] input[name=q]")
        if searches:
            searches[0].send_keys(visited_code)
            b.click(By.CSS_SELECTOR, "main form[method=get] button[type=submit]")
            check(visited_code in b.source(), f"{self.tag('links-search')}: searching {visited_code!r} lists it")
            self.inspect("links-search")
            b.driver.get(self.base + "/console/links")
        alias = f"browser-{'js' if self.js else 'nojs'}-{int(time.time())}"
        forms = b.driver.find_elements(By.CSS_SELECTOR, "main form[method=post]")
        forms = [form for form in forms if form.find_elements(By.CSS_SELECTOR, "input[name=alias]")]
        if not check(forms, f"{self.tag('links')}: a form with an alias field makes a link"):
            return
        form = forms[0]
        form.find_element(By.CSS_SELECTOR, "input[name=link],input[name=target]").send_keys("fuelmoney://settings/account")
        form.find_element(By.CSS_SELECTOR, "input[name=alias]").send_keys(alias)
        marker = b.document_marker()
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        b.wait_for(lambda: b.document_marker() != marker, "the made link's page")
        check(alias in b.source(), f"{self.tag('link-created')}: the answer names the new link {alias}")
        self.expect_banner("link-created", f"Link {alias} created")
        self.inspect("link-created")
        status, made = admin_call(self.port, TOKEN, "GET", f"/v1/short-links/{alias}")
        check(status == 200, f"{self.tag('link-created')}: GET /v1/short-links/{alias} answers {status}")
        b.driver.get(self.base + f"/console/links/{alias}")
        check(alias in b.source(), f"{self.tag('link')}: /console/links/{alias} is the link's page")
        self.inspect("link")
        if status == 200:
            # The console's QR codes carry the scan marker (`sl_qr=1`), so a scan counts as `qr`.
            self.read_qr("link", "figure.qr svg", made["url"] + "?sl_qr=1")
        self.import_links(alias)
        self.change_and_delete(alias)
        # The visited link's page: its chart's numbers are the analytics API's for the link.
        b.driver.get(self.base + f"/console/links/{visited_code}")
        self.inspect("link-visited")
        _, series = admin_call(self.port, TOKEN, "GET", f"/v1/analytics/timeseries?scope=link:{visited_code}&interval=day")
        chart = Tables(b.source()).table("Human visits")
        page_sum = sum(int(row[1]) for row in (chart or {"rows": []})["rows"][1:] if len(row) > 1 and row[1].isdigit())
        api_sum = series.get("totals", {}).get("human") if isinstance(series, dict) else None
        check(chart is not None and page_sum == api_sum,
              f"{self.tag('link-visited')}: the link's chart table sums to {page_sum}, the API's total is {api_sum}")

    def expect_banner(self, name, sentence):
        """The page shows the notification banner of the change just made."""
        found = self.browser.driver.find_elements(By.CSS_SELECTOR, "main .banner[role=status] .banner-message")
        check(found and found[0].text == sentence,
              f"{self.tag(name)}: the banner says {sentence!r} ({found[0].text if found else 'no banner'!r})")

    def change_and_delete(self, alias):
        """A link's title changed from its page (banner "saved"), then the link deleted (banner
        "deleted" on the list); the API agrees with each."""
        b = self.browser
        b.driver.get(self.base + f"/console/links/{alias}")
        title = b.driver.find_element(By.ID, "link-title")
        title.clear()
        title.send_keys("Changed in the browser")
        b.click(By.XPATH, "//main//form[@method='post']//button[normalize-space()='Save the link']")
        self.expect_banner("link-saved", f"Link {alias} saved")
        status, changed = admin_call(self.port, TOKEN, "GET", f"/v1/short-links/{alias}")
        check(status == 200 and changed.get("title") == "Changed in the browser", f"{self.tag('link-saved')}: the API has the new title")
        self.inspect("link-saved")
        b.driver.find_element(By.ID, "link-delete-confirm").click()
        b.click(By.XPATH, "//main//form[@method='post']//button[normalize-space()='Delete the link']")
        check(b.path() == "/console/links", f"{self.tag('link-deleted')}: deleting lands on the list ({b.path()})")
        self.expect_banner("link-deleted", f"Link {alias} deleted")
        status, _ = admin_call(self.port, TOKEN, "GET", f"/v1/short-links/{alias}")
        check(status == 404, f"{self.tag('link-deleted')}: GET /v1/short-links/{alias} answers {status}")
        self.inspect("link-deleted", "Links")

    def import_links(self, stem):
        """Paste a CSV of two links into the Links page's import form: the report lists both as
        made, each linked to its page, and the API has them."""
        b = self.browser
        b.driver.get(self.base + "/console/links")
        aliases = [f"{stem}-csv{index}" for index in (1, 2)]
        csv = "link,alias,tags\n" + "".join(f"fuelmoney://settings/account,{alias},imported\n" for alias in aliases)
        area = b.driver.find_elements(By.ID, "import-csv")
        if not check(area, f"{self.tag('links')}: the page has the import form's CSV field"):
            return
        area[0].send_keys(csv)
        marker = b.document_marker()
        b.click(By.XPATH, "//main//form[@method='post']//button[normalize-space()='Import the links']")
        b.wait_for(lambda: b.document_marker() != marker, "the import's report")
        check("Made: 2." in b.driver.find_element(By.TAG_NAME, "main").text,
              f"{self.tag('links-imported')}: the report says both rows were made")
        self.inspect("links-imported", "Import links")
        for alias in aliases:
            status, _ = admin_call(self.port, TOKEN, "GET", f"/v1/short-links/{alias}")
            check(status == 200, f"{self.tag('links-imported')}: GET /v1/short-links/{alias} answers {status}")
        b.click(By.CSS_SELECTOR, f"main a[href='/console/links/{aliases[0]}']")
        check(aliases[0] in b.source(), f"{self.tag('links-imported')}: the report links to {aliases[0]}'s page")

    def sign_out(self, name="sign-out"):
        b = self.browser
        b.driver.get(self.base + "/console/overview")
        b.click(By.CSS_SELECTOR, "header form button[type=submit]")
        check(b.path() == "/console/", f"{self.tag(name)}: signing out lands on the sign-in page ({b.path()})")
        b.driver.get(self.base + "/console/overview")
        check(b.path() == "/console/" and b.driver.find_elements(By.ID, "token"),
              f"{self.tag(name)}: a console page afterwards is the sign-in page ({b.path()})")
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", "/console/overview", headers={"Cookie": f"scenelink_console={self.cookie}"})
        response = connection.getresponse()
        check(response.status == 303 and response.getheader("Location") == "/console/",
              f"{self.tag(name)}: the old session's cookie is refused on the server ({response.status})")
        connection.close()
        b.log()  # the sign-in page after sign-out was inspected before; drop what it logged

    def negative_controls(self):
        """Each check must be able to fail: axe (JavaScript on), the CSP listener and the browser's
        log, the focus check. The faults are made over the DevTools protocol, which works with
        the page's JavaScript off too."""
        b = self.browser
        if self.js:
            b.driver.get(self.base + "/console/overview")
            b.evaluate("document.querySelector('main p').style.color='#d8d8d8'")  # CSSOM: the policy allows it
            b.evaluate(self.axe_source)
            found = [v["id"] for v in json.loads(b.evaluate(AXE_RUN, await_promise=True))]
            check("color-contrast" in found, f"{self.tag('negative control')}: axe-core catches a contrast failure made on purpose: {found}")
        b.driver.get(self.base + "/console/overview")
        b.evaluate("var i=document.createElement('img');i.alt='';i.src='https://other-origin.example/x.png';document.body.appendChild(i)")
        time.sleep(0.3)
        logged = [e for e in b.log() if "Content Security Policy" in e.get("message", "")]
        check(logged, f"{self.tag('negative control')}: an image from another origin is a CSP report in the browser's log ({len(logged)} entries)")
        violations = b.evaluate("window.__cspViolations")
        if self.js or violations:
            check(any("img-src" in v for v in violations or []),
                  f"{self.tag('negative control')}: the page's listener reports it too: {violations}")
        else:
            print(f"note: {self.tag('negative control')}: with JavaScript off the listener reports nothing; the log is the witness")
        # The layout check: a block wider than a phone, and a lone link 10 px square (CSSOM).
        b.driver.get(self.base + "/console/overview")
        b.evaluate("var w=document.createElement('div');w.style.width='1200px';w.textContent='wide';document.querySelector('main').appendChild(w);"
                   "var p=document.createElement('p'),a=document.createElement('a');a.href='#main';a.style.display='inline-block';"
                   "a.style.width='10px';a.style.height='10px';a.style.minWidth='0';a.style.minHeight='0';a.style.overflow='hidden';a.className='tiny';p.appendChild(a);"
                   "document.querySelector('main').appendChild(p)")
        try:
            found = b.layout(390)
        finally:
            b.unset_width()
        check(found["scrollWidth"] > found["innerWidth"],
              f"{self.tag('negative control')}: a block 1200 px wide is an overflow at 390 px ({found['scrollWidth']} > {found['innerWidth']})")
        check(any(entry.endswith(" #main 10x10") for entry in found["small"]),
              f"{self.tag('negative control')}: a lone 10 px link is a target too small: {found['small']}")
        b.driver.get(self.base + "/console/overview")
        b.evaluate("document.querySelector('header nav a').setAttribute('tabindex','-1')")
        missing = self.focus(self.tag("negative control"), record=False)
        check(missing == ["a /console/overview"], f"{self.tag('negative control')}: the focus check notices a link Tab skips: {missing}")
        b.log()


def visits(port, code):
    """Each User-Agent visits /s/CODE a few times; answers what the analytics must count."""
    expected = {"human": 0, "preview": 0, "bot": 0, "qr": 0}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for round_number in range(3):
        for agent, kind in AGENTS.items():
            connection.request("GET", f"/s/{code}" + ("?sl_qr=1" if round_number == 0 and kind == "human" else ""),
                               headers={"User-Agent": agent, "Accept": "text/html"})
            response = connection.getresponse()
            response.read()
            check(response.status in (200, 301, 302, 303, 307, 308), f"visit /s/{code} as {agent[:30]}… answers {response.status}")
            expected[kind] += 1
            if round_number == 0 and kind == "human":
                expected["qr"] += 1
    connection.close()
    return expected


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.environ.get("SCENELINK_BIN", str(ROOT / ".build/release/scenelink")))
    parser.add_argument("--axe", required=True, help="axe-core's axe.min.js")
    parser.add_argument("--out", default=str(ROOT / ".build/console"))
    parser.add_argument("--chromium", default=shutil.which(os.environ.get("CHROMIUM", "chromium")) or "chromium")
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    options = parser.parse_args()
    os.makedirs(options.out, exist_ok=True)
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must not fetch a browser or driver

    # A SIGTERM (the wrapper's timeout) unwinds like an error, so the cleanup below still runs.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("console in the browser: stopped by SIGTERM"))
    started = time.monotonic()
    folder = tempfile.mkdtemp(prefix="scenelink-console-browser-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = receiver = None
    browsers = []
    try:
        receiver = Receiver()
        server = start_server(options.bin, folder, port)
        status, made = admin_call(port, TOKEN, "POST", "/v1/short-links", {"link": TRIED_LINK, "alias": "console-browser"})
        check(status == 201, f"POST /v1/short-links answers {status}")
        expected = visits(port, "console-browser")
        deadline = time.monotonic() + 15
        totals = {}
        while time.monotonic() < deadline:  # a flush (--analytics-flush 1s) makes them readable
            _, series = admin_call(port, TOKEN, "GET", "/v1/analytics/timeseries?interval=day")
            totals = series.get("totals", {}) if isinstance(series, dict) else {}
            if all(totals.get(key) == value for key, value in expected.items()):
                break
            time.sleep(0.25)
        check(all(totals.get(key) == value for key, value in expected.items()),
              f"the scripted visits are flushed: {totals} ⊇ {expected}")

        for javascript in (True, False):
            profile = os.path.join(folder, "profile-js" if javascript else "profile-nojs")
            browser = Browser(options, profile, javascript)
            browsers.append(browser)
            walk = Walk(options, browser, base, port, receiver)
            print(f"\n--- the console with JavaScript {'on' if javascript else 'off'}", flush=True)
            try:
                # The setting works: a page without a policy runs its script only with JavaScript on.
                browser.driver.get("data:text/html,<title>idle</title><script>document.title='ran'</script>")
                title = browser.evaluate("document.title")
                check(title == ("ran" if javascript else "idle"),
                      f"{walk.tag('setting')}: a page's own script {'runs' if title == 'ran' else 'does not run'}")
                browser.log()
                walk.sign_in()
                walk.walk_pages(PAGES)
                if walk.has_links_pages():
                    walk.links("console-browser")
                else:
                    print(f"notice: {walk.tag('links')}: /console/links answers 404 on this build: the Links steps are skipped")
                walk.try_a_link()
                walk.webhooks()
                key = walk.make_key()
                walk.analytics(expected)
                walk.negative_controls()
                walk.sign_out()
                if key:
                    walk.key_session(key)
                    walk.sign_out("key-sign-out")
            except Exception as error:  # noqa: BLE001 (one failure among the others, with where it stopped)
                traceback.print_exc()
                message = getattr(error, "msg", None) or str(error)
                check(False, f"{walk.tag('walk')}: stopped at {browser.driver.current_url}: "
                             f"{type(error).__name__}: {message.splitlines()[0] if message else ''}")
            print(f"{walk.tag('pages')}: {len(walk.pages_seen)} pages checked: {', '.join(walk.pages_seen)}")
            browser.quit()
            browsers.remove(browser)
        check(server.poll() is None, "the server is still running")
    finally:
        for browser in browsers:
            browser.quit()
        if server is not None and server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        if receiver is not None:
            receiver.stop()
        if FAILURES and os.path.exists(os.path.join(folder, "server.log")):
            print("the server's log (last lines):")
            print("\n".join(open(os.path.join(folder, "server.log"), errors="replace").read().splitlines()[-20:]))
        shutil.rmtree(folder, ignore_errors=True)

    print(f"\nconsole in the browser: {time.monotonic() - started:.1f} s")
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed:")
        for failure in FAILURES:
            print(f"  - {failure}")
        sys.exit(1)
    print("console in the browser: every check passed")


if __name__ == "__main__":
    main()
