#!/usr/bin/env python3
"""Runs the shell examples of README.md and docs/*.md against a live `scenelink serve` and compares
what they print with what the documents say they print, so the README cannot drift again.

Which examples: every fenced ```sh block that talks to the built-in app, that is, names
`127.0.0.1:8080` or `localhost:8080`; a block right after the comment
`<!-- doc-example: skip (REASON) -->` is left out (say why: it needs the internet, say). The
blocks of one file run in order in one bash process (so `$ID` and `$TOKEN` carry over) against a
server of its own, started as the walkthrough assumes: the built-in FuelMoney app, a fresh store,
and an admin token that the shell also has as `$SCENELINK_ADMIN_TOKEN`. `8080` is rewritten to the
server's free port, and `scenelink` runs `SCENELINK_BIN`.

What is compared: the `# ` lines right below a command are its documented output; a ```json
block right after the shell block is the documented output of the block's last command (compared
as JSON, so indentation does not matter). Before comparing, both sides are masked: dates (RFC
3339 and HTTP), session and endpoint ids, tokens, secrets and other random strings of 16 or more
letters and digits. `…` in the documented output stands for anything, and the line breaks between
documented lines for any white space (a page's documented fragments, a response's CRLFs).

Usage: SCENELINK_BIN=.build/debug/scenelink python3 scripts/doc_examples.py [FILE...]
       (default: README.md and docs/*.md; exit 1 with a diff per mismatch)
"""
import json
import os
import pathlib
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
ADMIN_TOKEN = secrets.token_urlsafe(32)  # as `scenelink token` makes one: serve refuses a guessable token
SKIP = re.compile(r"<!--\s*doc-example:\s*skip\b")
TALKS_TO_APP = re.compile(r"(127\.0\.0\.1|localhost):8080\b")
FENCE = re.compile(r"^```(\w*)\s*$")

MASKS = [
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"), "<date>"),
    (re.compile(r"[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT"), "<date>"),
    (re.compile(r"whsec_[A-Za-z0-9+/=]+"), "<secret>"),
    (re.compile(r"\b(ep|msg)_[A-Za-z0-9_-]+"), r"\1_<id>"),
    # A session's id and token, and ids in paths, wherever they are: a random id may hold no digit
    # (about one 22-character id in forty), which the general rule below needs.
    (re.compile(r'("(?:id|token)":")[A-Za-z0-9_-]{16,}(")'), r"\1<random>\2"),
    (re.compile(r"(/v1/sessions/)[A-Za-z0-9_-]{16,}"), r"\1<random>"),
    # A random id or token: 16 or more URL-safe characters with at least one digit and one letter.
    (re.compile(r"(?<![A-Za-z0-9_-])(?=[A-Za-z_-]*\d)(?=[0-9_-]*[A-Za-z])[A-Za-z0-9_-]{16,}(?![A-Za-z0-9_-])"), "<random>"),
    (re.compile(r"X-Request-ID: \S+", re.IGNORECASE), "X-Request-ID: <id>"),
]


def without_comment(line):
    """The line without a trailing `# comment` (one after white space, outside quotes)."""
    quote = None
    for index, character in enumerate(line):
        if quote:
            quote = None if character == quote else quote
        elif character in "'\"":
            quote = character
        elif character == "#" and (index == 0 or line[index - 1].isspace()):
            return line[:index]
    return line


def mask(text):
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return text


class Example:
    """One command of a block, with its documented output (a list of lines, or JSON text)."""

    def __init__(self, document, line, command):
        self.document, self.line, self.command = document, line, command
        self.expected_lines = []
        self.expected_json = None

    @property
    def where(self):
        return f"{self.document}:{self.line}"


def blocks(path):
    """(first line number, language, lines, following block's language and lines) of each fence."""
    lines = path.read_text().splitlines()
    found, index, skip_next = [], 0, False
    while index < len(lines):
        if SKIP.search(lines[index]):
            skip_next = True
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        start, language = index + 1, match.group(1)
        end = start
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        found.append({"line": start + 1, "language": language, "lines": lines[start:end], "skip": skip_next})
        skip_next = False
        index = end + 1
        # A block that follows at once (blank lines only) is the previous one's output.
        gap = index
        while gap < len(lines) and not lines[gap].strip():
            gap += 1
        found[-1]["next_at"] = gap
    for first, second in zip(found, found[1:]):
        first["next"] = second if first["next_at"] == second["line"] - 2 else None
    return found


def examples(path):
    """Every command of the file's blocks that talk to the app, with its documented output."""
    document = path.relative_to(ROOT)
    out = []
    for block in blocks(path):
        if block["language"] not in ("sh", "bash", "shell") or block["skip"]:
            continue
        if not any(TALKS_TO_APP.search(without_comment(line)) for line in block["lines"]):
            continue
        for line in block["lines"]:
            if re.match(r"\s*(sudo\s+)?(scenelink|swift run\b.*scenelink) serve\b", line):
                sys.exit(f"doc_examples: {document}:{block['line']}: the block starts a server of its own; "
                         "mark it <!-- doc-example: skip (REASON) --> or move the serve out of it")
        commands, pending, pending_line = [], None, None
        for offset, line in enumerate(block["lines"]):
            number = block["line"] + offset
            if pending is not None:
                pending += "\n" + line
                if not line.endswith("\\"):
                    commands.append(Example(document, pending_line, pending))
                    pending = None
                continue
            if line.startswith("# ") or line == "#":
                if commands:
                    commands[-1].expected_lines.append(line[2:])
                continue
            if not line.strip():
                continue
            if line.endswith("\\"):
                pending, pending_line = line, number
            else:
                commands.append(Example(document, number, line))
        following = block.get("next")
        if commands and following and following["language"] == "json" and not commands[-1].expected_lines:
            commands[-1].expected_json = "\n".join(following["lines"])
        out.extend(commands)
    return out


def expected_pattern(lines):
    """The documented lines as a regular expression: `…` is anything, a line break any white space."""
    parts = []
    for line in lines:
        pieces = [re.escape(piece) for piece in mask(line).split("…")]
        parts.append(".*?".join(pieces))
    return re.compile(r"\s*".join(parts) + r"\s*", re.DOTALL)


def masked_json(text):
    value = json.loads(text)

    def walk(item):
        if isinstance(item, dict):
            return {key: walk(member) for key, member in item.items()}
        if isinstance(item, list):
            return [walk(member) for member in item]
        if isinstance(item, str):
            return mask(item)
        return item
    return walk(value)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(binary, folder):
    port = free_port()
    log = open(folder / "server.log", "w")
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--db", str(folder / "doc.sqlite"),
                                "--admin-token", ADMIN_TOKEN, "--access-log", "off"],
                               stdout=log, stderr=subprocess.STDOUT)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return process, port
        except Exception:
            if process.poll() is not None:
                break
            time.sleep(0.05)
    sys.exit(f"doc_examples: the server did not start:\n{(folder / 'server.log').read_text()}")


def run(document_examples, binary, folder, port):
    """Runs the commands in one bash process; returns each command's standard output."""
    marker = "@@doc-example-end@@"
    script = ["set +e"]
    for example in document_examples:
        script.append(TALKS_TO_APP.sub(f"127.0.0.1:{port}", example.command))
        script.append(f"printf '\\n{marker}\\n'")
    environment = dict(os.environ, SCENELINK_ADMIN_TOKEN=ADMIN_TOKEN,
                       PATH=f"{pathlib.Path(binary).parent}:{os.environ.get('PATH', '')}")
    result = subprocess.run(["bash", "-c", "\n".join(script)], cwd=folder, env=environment,
                            capture_output=True, text=True, timeout=120)
    outputs = result.stdout.split(f"\n{marker}\n")
    return outputs[:len(document_examples)]


def main():
    binary = os.environ.get("SCENELINK_BIN", str(ROOT / ".build/release/scenelink"))
    if not os.access(binary, os.X_OK):
        sys.exit(f"doc_examples: no scenelink binary at {binary}; set SCENELINK_BIN")
    binary = str(pathlib.Path(binary).resolve())
    files = [ROOT / name for name in sys.argv[1:]] or [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    failures, compared, ran = [], 0, 0
    for path in files:
        found = examples(path)
        if not found:
            continue
        folder = pathlib.Path(tempfile.mkdtemp(prefix="scenelink-doc-"))
        process, port = start_server(binary, folder)
        try:
            outputs = run(found, binary, folder, port)
        finally:
            process.terminate()
            process.wait(timeout=15)
        for example, output in zip(found, outputs):
            ran += 1
            if example.expected_json is not None:
                compared += 1
                try:
                    same = masked_json(output) == masked_json(example.expected_json)
                except ValueError as error:
                    same, output = False, f"{output}\n(not JSON: {error})"
                if not same:
                    failures.append((example, example.expected_json, output))
            elif example.expected_lines:
                compared += 1
                if not expected_pattern(example.expected_lines).fullmatch(mask(output)):
                    failures.append((example, "\n".join(example.expected_lines), output))
        shutil.rmtree(folder, ignore_errors=True)
        print(f"{path.relative_to(ROOT)}: {len(found)} commands run")
    for example, expected, actual in failures:
        print(f"\nFAIL {example.where}: {example.command.splitlines()[0]}")
        print("  documented:\n    " + expected.replace("\n", "\n    "))
        print("  printed:\n    " + actual.rstrip("\n").replace("\n", "\n    "))
    print(f"\ndoc examples: {ran} commands run, {compared} outputs compared, {len(failures)} differ")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
