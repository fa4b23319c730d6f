"""Checks SceneLink's link page as headless Chromium renders it (Python standard library only).

For the FuelMoney route file: loads /settings/premium and a hostile link with `--dump-dom` as an
iPhone and as a desktop browser, parses the rendered DOM and checks the title, the Open Graph and
Twitter card tags, the "Open in the app" href, the fallback for the platform, and that a hostile
link is only text; only the desktop page has a QR code. A phone's page carries a claim (deferred
deep links): the iPhone page shows "Enter this code in the app: ABCD-EFGH" and the copy button
for the claim URL (its one script), the Android page's Play button carries the install referrer. Then takes a screenshot of each platform's
page into --out, and zbarimg must read the desktop screenshot's QR code as the page's link.

Then, over the DevTools protocol (scripts/devtools.py), the page in Japanese (Chromium started with
`--lang=ja`) and in a theme (--themed-base: a server whose route file has `app.pages.theme`), on an
iPhone and a desktop: the words and `<html lang>` of the language, no Content-Security-Policy
violation reported (the theme's style sheet by its hash, the logo by its origin, the claim page's
copy script by its hash), axe-core (--axe: axe.min.js) with no violation of WCAG 2 A and AA rules
(colour contrast included) or its best practices, and a screenshot each. axe must still catch a
contrast failure made on purpose, so a silent axe cannot pass.

Run by scripts/link_page_browser.sh against live servers.
"""
import argparse
import html.parser
import json
import os
import re
import subprocess
import sys
import urllib.request

import devtools

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


def languages_and_themes(options):
    """The Japanese and the themed pages: words, policy violations, axe-core, screenshots."""
    axe = open(options.axe, encoding="utf-8").read()
    # name, server, user agent, --lang, viewport, expected lang, title, open label, fallback label
    cases = (
        ("ja-iphone", options.base, IPHONE, "ja", (390, 844, True), "ja", "FuelMoney プレミアム · FuelMoney",
         "アプリで開く", "App StoreでFuelMoneyを入手"),
        ("ja-desktop", options.base, DESKTOP, "ja", (1280, 800, False), "ja", "FuelMoney プレミアム · FuelMoney",
         "アプリで開く", "ウェブサイトで続ける"),
        ("theme-iphone", options.themed_base, IPHONE, "ja", (390, 844, True), "ja", "FuelMoney プレミアム · フューエルマネー",
         "アプリで開く", "App Storeでフューエルマネーを入手"),
        ("theme-desktop", options.themed_base, DESKTOP, "en-US", (1280, 800, False), "en", "FuelMoney Premium · FuelMoney",
         "Open in the app", "Continue on the website"),
    )
    for name, base, agent, lang, (width, height, mobile), expected_lang, title, open_label, fallback_label in cases:
        profile = os.path.join(options.profile, name)
        with devtools.Chromium(options.chromium, profile, agent, lang=lang) as browser:
            page = browser.load(base + "/settings/premium", width, height, mobile=mobile)
            parsed = DOM()
            parsed.feed(page.html)
            check(page.evaluate("document.documentElement.lang") == expected_lang,
                  f"{name}: <html lang> is {page.evaluate('document.documentElement.lang')!r} with --lang={lang}")
            check(parsed.title == title, f"{name}: title is {parsed.title!r}")
            check(parsed.meta.get("og:locale") == {"ja": "ja_JP", "en": "en_US"}[expected_lang],
                  f"{name}: og:locale is {parsed.meta.get('og:locale')!r}")
            check(parsed.anchors.get("open", {}).get("text") == open_label,
                  f"{name}: the open link says {parsed.anchors.get('open', {}).get('text')!r}")
            check(parsed.anchors.get("fallback", {}).get("text") == fallback_label,
                  f"{name}: the fallback says {parsed.anchors.get('fallback', {}).get('text')!r}")
            if agent == IPHONE:
                copy = parsed.buttons.get("copy", {})
                check(copy.get("text") == "アプリ用のリンクをコピー" and copy.get("data-copied") == "コピーしました",
                      f"{name}: the copy button says {copy.get('text')!r}, then {copy.get('data-copied')!r}")
            if base == options.themed_base:
                logo = page.evaluate("(function(i){return i?[i.getAttribute('src'),i.alt]:null})(document.querySelector('img.logo'))")
                check(logo is not None and logo[1] == title.split(" · ")[1], f"{name}: the logo's alt text is the app's name: {logo!r}")
                accent = page.evaluate("getComputedStyle(document.getElementById('open')).backgroundColor")
                check(accent == "rgb(11, 87, 208)", f"{name}: the open button is the theme's accent: {accent}")
            violations = page.axe(axe)
            check(violations == [], f"{name}: axe-core finds no violation: {json_text(violations)}")
            check(page.csp_violations == [], f"{name}: no Content-Security-Policy violation: {page.csp_violations!r}")
            shot = os.path.join(options.out, f"fuelmoney-premium-{name}.png")
            check(page.screenshot(shot) > 5000, f"{name}: screenshot {shot} ({os.path.getsize(shot)} bytes)")
            if name == "ja-desktop":
                # A contrast failure on purpose (through the CSSOM, which the policy allows): axe must see it.
                page.evaluate("document.querySelector('.detail').style.color='#c8c8c8'")
                found = [violation["id"] for violation in page.axe(axe)]
                check("color-contrast" in found, f"{name}: axe-core catches a contrast failure made on purpose: {found}")

    # The headers agree with the page, and the theme's logo is the one image origin allowed.
    request = urllib.request.Request(options.themed_base + "/settings/premium",
                                     headers={"Accept-Language": "ja-JP,ja;q=0.9", "User-Agent": DESKTOP})
    with urllib.request.urlopen(request, timeout=10) as response:
        headers = response.headers
    check(headers.get("Content-Language") == "ja", f"theme: Content-Language is {headers.get('Content-Language')!r}")
    check("Accept-Language" in headers.get("Vary", ""), f"theme: Vary is {headers.get('Vary')!r}")
    policy = headers.get("Content-Security-Policy", "")
    check("img-src https://fuelmoney.example.com;" in policy and "unsafe-inline" not in policy,
          f"theme: the policy allows images from the logo's origin only: {policy!r}")


def json_text(value):
    return json.dumps(value, ensure_ascii=False)[:3000]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--themed-base", required=True)
    parser.add_argument("--axe", required=True, help="axe-core's axe.min.js")
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
    check(hostile.headings == ["This link does not open anything"], f"a link no route takes: h1 is {hostile.headings!r}")
    check(hostile.title == "This link does not open anything · FuelMoney", f"the hostile page keeps its title: {hostile.title!r}")

    for name, agent, size in (("iphone", IPHONE, "390,844"), ("desktop", DESKTOP, "1280,800")):
        shot = os.path.join(options.out, f"fuelmoney-premium-{name}.png")
        chromium(options.chromium, options.profile, agent, f"--window-size={size}",
                 f"--screenshot={shot}", options.base + "/settings/premium")
        check(os.path.getsize(shot) > 5000, f"screenshot {shot} ({os.path.getsize(shot)} bytes)")
        if name == "desktop":
            # The inline QR code, as the browser drew it, reads back as the page's link with the
            # QR marker that tells analytics a scan from a click.
            read = subprocess.run(["zbarimg", "-q", "--raw", "-Sdisable", "-Sqrcode.enable", shot],
                                  capture_output=True, text=True)
            check(read.stdout.strip() == "https://fuelmoney.example.com/settings/premium?sl_qr=1",
                  f"desktop: zbarimg reads the page's QR code as {read.stdout.strip()!r}")

    languages_and_themes(options)

    if FAILURES:
        sys.exit(f"link page in the browser: {len(FAILURES)} check(s) failed")
    print("link page in the browser: every check passed")


if __name__ == "__main__":
    main()
