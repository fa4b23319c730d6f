"""Checks SceneLink's link page as headless Chromium renders it (Python standard library only).

For the FuelMoney route file: loads /settings/premium and a hostile link with `--dump-dom` as an
iPhone and as a desktop browser, parses the rendered DOM and checks the title, the Open Graph and
Twitter card tags, the "Open in the app" href, the fallback for the platform, and that a hostile
link is only text; only the desktop page has a QR code. A phone's page carries a claim (deferred
deep links): the iPhone page shows "Enter this code in the app: ABCD-EFGH" and the copy button
for the claim URL (its one script), the Android page's Play button carries the install referrer. Then takes a screenshot of each platform's
page into --out, and zbarimg must read the desktop screenshot's QR code as the page's link.

Run by scripts/link_page_browser.sh against a live server.
"""
import argparse
import html.parser
import os
import re
import subprocess
import sys

IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/126.0.0.0 Mobile Safari/537.36")
DESKTOP = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/126.0.0.0 Safari/537.36")
FAILURES = []


class DOM(html.parser.HTMLParser):
    """What the checks read from a rendered page: title, meta tags, anchors by id, every tag."""

    def __init__(self):
        super().__init__()
        self.title = None
        self.meta = {}
        self.anchors = {}
        self.tags = []
        self.headings = []
        self.texts = {}
        self.buttons = {}
        self._in = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append(tag)
        if tag == "meta":
            key = attributes.get("property") or attributes.get("name")
            if key:
                self.meta[key] = attributes.get("content")
        elif tag == "a" and "id" in attributes:
            self.anchors[attributes["id"]] = attributes
            self._in = ("a", attributes["id"])
        elif tag in ("title", "h1"):
            self._in = (tag, None)
        elif tag == "button" and "id" in attributes:
            self.buttons[attributes["id"]] = attributes
            self._in = ("button", attributes["id"])
        elif "id" in attributes:
            self._in = ("text", attributes["id"])

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        if self._in is None:
            return
        kind, key = self._in
        if kind == "title":
            self.title = (self.title or "") + data
        elif kind == "h1":
            self.headings.append(data)
        elif kind == "a":
            self.anchors[key]["text"] = self.anchors[key].get("text", "") + data
        elif kind == "button":
            self.buttons[key]["text"] = self.buttons[key].get("text", "") + data
        elif kind == "text":
            self.texts[key] = self.texts.get(key, "") + data


def chromium(browser, profile, user_agent, *extra):
    command = [browser, "--headless", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
               "--disable-dev-shm-usage", f"--user-data-dir={profile}", f"--user-agent={user_agent}", *extra]
    if os.geteuid() == 0:
        command.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        sys.exit(f"chromium failed ({result.returncode}): {result.stderr[-2000:]}")
    return result.stdout


def dom(options, user_agent, path):
    parsed = DOM()
    parsed.feed(chromium(options.chromium, options.profile, user_agent, "--dump-dom", options.base + path))
    return parsed


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        FAILURES.append(message)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--profile", required=True)
    parser.add_argument("--chromium", default="chromium")
    options = parser.parse_args()

    expected_fallback = {"iphone": ("https://apps.apple.com/app/id1234567890", "ios", "Get FuelMoney on the App Store"),
                         "desktop": ("https://www.fuelmoney.example.com/premium", "web", "Continue on the website")}
    for name, agent in (("iphone", IPHONE), ("desktop", DESKTOP)):
        page = dom(options, agent, "/settings/premium")
        check(page.title == "FuelMoney Premium · FuelMoney", f"{name}: title is {page.title!r}")
        check(page.headings == ["FuelMoney Premium"], f"{name}: h1 is {page.headings!r}")
        for key, value in (("og:title", "FuelMoney Premium"), ("og:description", "Every fuel price, no ads."),
                           ("og:url", "https://fuelmoney.example.com/settings/premium"),
                           ("og:image", "https://fuelmoney.example.com/images/settings.png"),
                           ("twitter:card", "summary_large_image"), ("twitter:title", "FuelMoney Premium")):
            check(page.meta.get(key) == value, f"{name}: {key} is {page.meta.get(key)!r}")
        open_link = page.anchors.get("open", {})
        check(open_link.get("href") == "fuelmoney://settings/premium", f"{name}: Open in the app goes to {open_link.get('href')!r}")
        href, platform, label = expected_fallback[name]
        fallback = page.anchors.get("fallback", {})
        check(fallback.get("href") == href, f"{name}: the fallback goes to {fallback.get('href')!r}")
        check(fallback.get("data-platform") == platform and fallback.get("text") == label,
              f"{name}: the fallback says {fallback.get('text')!r} for {fallback.get('data-platform')!r}")
        if name == "desktop":
            check("script" not in page.tags, f"{name}: the page has no script")
        else:
            # The claim: the code to type and the button that copies the claim URL.
            code = page.texts.get("claim-code", "")
            check(re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}", code) is not None,
                  f"{name}: the page shows the claim code {code!r}")
            copy = page.buttons.get("copy", {})
            check(re.fullmatch(r"https://fuelmoney\.example\.com/c/[A-Za-z0-9_-]{27}", copy.get("data-copy", "")) is not None
                  and copy.get("text") == "Copy the link for the app",
                  f"{name}: the copy button copies {copy.get('data-copy')!r} and says {copy.get('text')!r}")
            check(page.texts.get("claim-url") == copy.get("data-copy"), f"{name}: the claim URL is shown as text too")
            check(page.tags.count("script") == 1, f"{name}: the page has one script (the copy button's)")
        check(("svg" in page.tags) == (name == "desktop"), f"{name}: a QR code only on the desktop page ({'svg' in page.tags})")

    android = dom(options, ANDROID, "/settings/premium")
    play = android.anchors.get("fallback", {}).get("href", "")
    check(re.fullmatch(r"https://play\.google\.com/store/apps/details\?id=com\.example\.fuelmoney"
                       r"&referrer=scenelink_claim%3D[A-Za-z0-9_-]{27}", play) is not None,
          f"android: the Play button carries the install referrer: {play!r}")
    check("claim-code" not in android.texts and "script" not in android.tags, "android: no code and no script")

    hostile = dom(options, DESKTOP, "/%22%3E%3Cscript%3Edocument.title%3D1%3C%2Fscript%3E%3Cimg%20src%3Dx%3E/x")
    check("script" not in hostile.tags and "img" not in hostile.tags, "a hostile link adds no element")
    check(hostile.headings == ["No route matches the link"], f"a link no route takes: h1 is {hostile.headings!r}")
    check(hostile.title == "No route matches the link · FuelMoney", f"the hostile page keeps its title: {hostile.title!r}")

    for name, agent, size in (("iphone", IPHONE, "390,844"), ("desktop", DESKTOP, "1280,800")):
        shot = os.path.join(options.out, f"fuelmoney-premium-{name}.png")
        chromium(options.chromium, options.profile, agent, f"--window-size={size}",
                 f"--screenshot={shot}", options.base + "/settings/premium")
        check(os.path.getsize(shot) > 5000, f"screenshot {shot} ({os.path.getsize(shot)} bytes)")
        if name == "desktop":
            # The inline QR code, as the browser drew it, reads back as the page's link.
            read = subprocess.run(["zbarimg", "-q", "--raw", "-Sdisable", "-Sqrcode.enable", shot],
                                  capture_output=True, text=True)
            check(read.stdout.strip() == "https://fuelmoney.example.com/settings/premium",
                  f"desktop: zbarimg reads the page's QR code as {read.stdout.strip()!r}")

    if FAILURES:
        sys.exit(f"link page in the browser: {len(FAILURES)} check(s) failed")
    print("link page in the browser: every check passed")


if __name__ == "__main__":
    main()
