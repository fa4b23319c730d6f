#!/usr/bin/env python3
"""The QR encoder against independent tools. Run by scripts/qr_proof.sh.

Inputs: every sample link of every route of examples/*.json (`scenelink generate sample-links`),
each also as https://HOST/... on the app's first host and as a short link https://HOST/s/CODE;
N random URLs of 1-1,000 bytes (byte mode); random upper-case texts without digits
(alphanumeric mode) and random digit strings (numeric mode); and at each level one URL of the
most bytes version 40 holds at that level.

For each level L, M, Q, H, one `scenelink qr --batch` writes every input's SVG and reports its
version and mode, then:
  * version: qrencode encodes the same input at the same level in the same mode (-8 for byte
    mode; its own segmentation otherwise, which for digits-only or digit-free alphanumeric text
    is one segment of that mode), and its symbol must have the same size;
  * decoding: at level M (GET /v1/qr's default) the example links are rendered one SVG per PNG
    by rsvg-convert and decoded by zbarimg, which must print exactly each input; every other code
    is rendered 36 to a PNG (each SVG unchanged but for the position and size on its root element,
    2 pixels a module) and the QR codes zbarimg finds must be exactly the batch's inputs (they are
    distinct), so one rsvg-convert and one zbarimg serve 36 codes.
Exit 1 with each failure named.
"""
import argparse
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import time

LEVELS = "LMQH"
# The most bytes version 40 holds in byte mode at each level (ISO/IEC 18004 Table 7).
LARGEST = {"L": 2953, "M": 2331, "Q": 1663, "H": 1273}
URL_CHARACTERS = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                  "-._~:/?#[]@!$&'()*+,;=%")
ALPHANUMERIC_NO_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
PER_IMAGE = 36
PIXELS_PER_MODULE = 2
failures = []


def fail(message):
    failures.append(message)
    if len(failures) <= 20:
        print("FAIL " + message, file=sys.stderr)


def example_inputs(scenelink, folder):
    links = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(folder, name)
        with open(path) as f:
            app = json.load(f).get("app", {})
        hosts = app.get("hosts", [])
        out = subprocess.run([scenelink, "generate", "sample-links", path], capture_output=True, text=True, check=True)
        for link in out.stdout.split("\n"):
            if not link:
                continue
            links.append(link)
            if hosts and "://" in link and not link.startswith("https://"):
                links.append("https://" + hosts[0] + "/" + link.split("://", 1)[1])
        if hosts:
            links.append("https://" + hosts[0] + "/s/spring-sale_2026")
    return list(dict.fromkeys(links))


def random_inputs(count, rng):
    inputs = set()
    while len(inputs) < count:
        length = rng.randint(1, 1000)
        prefix = "https://" + rng.choice(["fuelmoney.example.com", "a.example", "links.example.org"]) + "/"
        text = (prefix + "".join(rng.choice(URL_CHARACTERS) for _ in range(length)))[:length]
        inputs.add(text)
    return sorted(inputs, key=lambda t: (len(t), t))


def other_mode_inputs(rng):
    texts = set()
    for _ in range(20):
        texts.add("".join(rng.choice(ALPHANUMERIC_NO_DIGITS) for _ in range(rng.randint(2, 1000))))
        texts.add("".join(rng.choice("0123456789") for _ in range(rng.randint(2, 1000))))
    texts.add("HTTPS://FUELMONEY.EXAMPLE.COM/S/SPRING-SALE")
    return sorted(texts, key=lambda t: (len(t), t))


def qrencode_version(text, level, mode):
    command = ["qrencode", "-l", level, "-m", "0", "-t", "ASCII", "-o", "-"]
    if mode == "byte":
        command.insert(1, "-8")
    out = subprocess.run(command, input=text.encode(), capture_output=True, check=True)
    size = len(out.stdout.decode().rstrip("\n").split("\n"))
    return (size - 17) // 4


def zbar_decode(pngs):
    """Every symbol zbarimg finds in each PNG: {png: [text, ...]}."""
    # QR codes only: other symbologies can be "found" in the modules of many codes side by side.
    out = subprocess.run(["zbarimg", "-q", "--xml", "-Sdisable", "-Sqrcode.enable"] + pngs, capture_output=True, text=True)
    found = {png: [] for png in pngs}
    for source in re.split(r"<source href='", out.stdout)[1:]:
        href = source.split("'", 1)[0]
        found.setdefault(href, []).extend(
            re.findall(r"<symbol type='QR-Code'[^>]*><data><!\[CDATA\[(.*?)\]\]></data>", source, re.S))
    return found


def render(svg_path, png_path):
    subprocess.run(["rsvg-convert", "-z", str(PIXELS_PER_MODULE), svg_path, "-o", png_path], check=True)


def composite(svg_paths, out_svg):
    """One SVG with each code's SVG as a nested <svg>, unchanged but for x, y, width and height."""
    documents = [open(p).read() for p in svg_paths]
    sides = [int(re.search(r'viewBox="0 0 (\d+) ', d).group(1)) for d in documents]
    cell = max(sides) * PIXELS_PER_MODULE + 16
    columns = 6
    rows = (len(documents) + columns - 1) // columns
    width, height = columns * cell, rows * cell
    parts = []
    for index, (document, side) in enumerate(zip(documents, sides)):
        x, y, w = (index % columns) * cell, (index // columns) * cell, side * PIXELS_PER_MODULE
        parts.append(document.replace("<svg ", f'<svg x="{x}" y="{y}" width="{w}" height="{w}" ', 1))
    with open(out_svg, "w") as f:
        f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
                f'<rect width="{width}" height="{height}" fill="#fff"/>' + "".join(parts) + "</svg>")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--examples", required=True)
    parser.add_argument("--random", type=int, default=500)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.time()
    examples = example_inputs(args.bin, args.examples)
    randoms = random_inputs(args.random, rng)
    others = other_mode_inputs(rng)
    print(f"qr_proof: seed {args.seed}; {len(examples)} example links, {len(randoms)} random URLs "
          f"(1-1,000 bytes), {len(others)} alphanumeric and numeric texts, one URL filling version 40; "
          f"levels {', '.join(LEVELS)}")
    common = examples + randoms + others
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2)
    totals = {"versions": 0, "decoded": 0}
    for level in LEVELS:
        # Plus, at each level, a URL of the most bytes version 40 holds.
        largest = "https://fuelmoney.example.com/"
        largest += "".join(rng.choice(URL_CHARACTERS) for _ in range(LARGEST[level] - len(largest)))
        inputs = common + [largest]
        folder = os.path.join(args.work, level)
        listing = os.path.join(args.work, f"inputs-{level}.txt")
        with open(listing, "w") as f:
            f.write("".join(text + "\n" for text in inputs))
        out = subprocess.run([args.bin, "qr", "--batch", listing, "--output", folder, "--ecc", level],
                             capture_output=True, text=True)
        if out.returncode != 0:
            fail(f"scenelink qr --batch at {level}: {out.stderr.strip()}")
            continue
        reported = [line.split(" ") for line in out.stdout.strip().split("\n")]
        versions = {int(n): int(v) for n, v, _ in reported}
        modes = {int(n): m for n, _, m in reported}

        # Versions against qrencode.
        theirs = list(pool.map(lambda i: qrencode_version(inputs[i], level, modes[i]), range(len(inputs))))
        for index, their_version in enumerate(theirs):
            if versions[index] != their_version:
                fail(f"{level} {modes[index]} {len(inputs[index])} bytes: version {versions[index]}, "
                     f"qrencode {their_version}: {inputs[index][:60]!r}")
        totals["versions"] += len(inputs)

        # At M (what GET /v1/qr serves by default) each example link's SVG on its own, one PNG each.
        alone = len(examples) if level == "M" else 0
        pngs = [os.path.join(folder, f"{index}.png") for index in range(alone)]
        list(pool.map(lambda i: render(os.path.join(folder, f"{i}.svg"), pngs[i]), range(alone)))
        found = zbar_decode(pngs) if pngs else {}
        for index, png in enumerate(pngs):
            if found.get(png) != [examples[index]]:
                fail(f"{level} example {examples[index]!r} decoded as {found.get(png)!r}")
        totals["decoded"] += alone

        # The rest PER_IMAGE to a PNG.
        batches = [list(range(start, min(start + PER_IMAGE, len(inputs))))
                   for start in range(alone, len(inputs), PER_IMAGE)]

        def decode_batch(number_and_batch):
            number, batch = number_and_batch
            svg = os.path.join(folder, f"batch{number}.svg")
            png = os.path.join(folder, f"batch{number}.png")
            composite([os.path.join(folder, f"{i}.svg") for i in batch], svg)
            subprocess.run(["rsvg-convert", svg, "-o", png], check=True)
            return batch, zbar_decode([png])[png]

        for batch, decoded in pool.map(decode_batch, enumerate(batches)):
            expected = sorted(inputs[i] for i in batch)
            if sorted(decoded) != expected:
                missing = [t[:60] for t in expected if t not in decoded]
                extra = [t[:60] for t in decoded if t not in expected]
                fail(f"{level} batch of inputs {batch[0]}-{batch[-1]}: not decoded {missing!r}, unexpected {extra!r}")
            totals["decoded"] += len(batch)
        counts = {}
        for mode in modes.values():
            counts[mode] = counts.get(mode, 0) + 1
        print(f"  level {level}: {len(inputs)} codes, versions {min(versions.values())}-{max(versions.values())}, "
              f"modes {counts}, {time.time() - started:.1f} s")
    if failures:
        print(f"qr_proof: {len(failures)} failures (seed {args.seed})", file=sys.stderr)
        return 1
    print(f"qr_proof: ok: {totals['decoded']} codes decoded to exactly their input, {totals['versions']} versions "
          f"equal to qrencode's, in {time.time() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
