#!/usr/bin/env python3
"""Runs the shell examples of README.md and docs/*.md against a live `scenelink serve` and compares
what they print with what the documents say they print, so the documents cannot drift again.

Which examples: every fenced ```sh (or bash, shell) block, all of them. A block that cannot run on
one machine as written (it needs Docker, SSH, the internet or Homebrew, builds the package, or
starts a server of its own) follows the comment `<!-- doc-example: skip (REASON) -->`, and the
reason is required: the run counts and lists every skip with its reason, and stops at a skip
without one or a block that starts a server unmarked. So every shell example either runs as
written or says why it cannot.

How: the blocks of one file run in order in one bash process (so `$ID` and `$TOKEN` carry over), in
an empty temporary folder, against a fresh server of its own, started as the documents assume: the
built-in FuelMoney app, a new store, and an admin token that the shell also has as
`$SCENELINK_ADMIN_TOKEN`, keeping its store in `./scenelink.sqlite` of the folder the examples
run in (serve's default). `<!-- doc-example: serve FLAGS -->` on a line of its own adds serve
flags for that file's server (`--webhook-allow-private on`). `127.0.0.1:8080`, `localhost:8080`
and `--port 8080` are rewritten to the server's free port, and `scenelink` runs `SCENELINK_BIN`.
Every command must exit 0.

What is compared: the `# ` lines right below a command are its documented output; a ```json
block right after the shell block is the documented output of the block's last command (compared
as JSON, so indentation does not matter). Before comparing, both sides are masked: dates (RFC
3339 and HTTP), session and endpoint ids, tokens, secrets and other random strings of 16 or more
letters and digits. `…` in the documented output stands for anything, and the line breaks between
documented lines for any white space (a page's documented fragments, a response's CRLFs).

Usage: SCENELINK_BIN=.build/debug/scenelink python3 scripts/doc_examples.py [FILE...]
       (default: README.md and docs/*.md; exit 1 with a diff per failure)
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
# Markers are whole lines, so a page may quote one in its text without acting on it.
SKIP = re.compile(r"^\s*<!--\s*doc-example:\s*skip\b\s*(?:\((?P<reason>[^)]*\S[^)]*)\))?\s*-->\s*$")
SERVE_FLAGS = re.compile(r"^\s*<!--\s*doc-example:\s*serve\s+(?P<flags>[^>]*?)\s*-->\s*$", re.MULTILINE)
SHELL = ("sh", "bash", "shell")
TALKS_TO_APP = re.compile(r"(127\.0\.0\.1|localhost):8080\b")
PORT_FLAG = re.compile(r"--port[ =]8080\b")
HEREDOC = re.compile(r"<<-?\s*(['\"]?)(?P<word>\w+)\1")
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
    found, index, skip_next = [], 0, None
    while index < len(lines):
        marker = SKIP.search(lines[index])
        if marker:
            skip_next = marker.group("reason") or ""
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        start, language = index + 1, match.group(1)
        end = start
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        found.append({"line": start + 1, "language": language, "lines": lines[start:end], "skip": skip_next})
        skip_next = None
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
    """Every command of the file's shell blocks, with its documented output; the skipped blocks
    as (where, reason); and the number of blocks run."""
    document = path.relative_to(ROOT)
    out, skipped, ran = [], [], 0
    for block in blocks(path):
        if block["language"] not in SHELL:
            continue
        if block["skip"] is not None:
            if not block["skip"].strip():
                sys.exit(f"doc_examples: {document}:{block['line']}: a skip needs its reason: "
                         "<!-- doc-example: skip (REASON) -->")
            skipped.append((f"{document}:{block['line']}", block["skip"].strip()))
            continue
        ran += 1
        for line in block["lines"]:
            if re.match(r"\s*(\w+=\S*\s+)*(sudo\s+)?(\S*/)?(scenelink|swift run\b.*scenelink) serve\b", line):
                sys.exit(f"doc_examples: {document}:{block['line']}: the block starts a server of its own; "
                         "mark it <!-- doc-example: skip (REASON) --> or move the serve out of it")
        commands, pending, pending_line, heredoc = [], None, None, None
        for offset, line in enumerate(block["lines"]):
            number = block["line"] + offset
            if pending is not None:
                pending += "\n" + line
                # A command goes on after a trailing backslash, and to the end of a here-document.
                if heredoc is not None:
                    if line == heredoc:
                        heredoc = None
                        commands.append(Example(document, pending_line, pending))
                        pending = None
                elif not line.endswith("\\"):
                    commands.append(Example(document, pending_line, pending))
                    pending = None
                continue
            opened = HEREDOC.search(without_comment(line))
            if opened:
                pending, pending_line, heredoc = line, number, opened.group("word")
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
    return out, skipped, ran


def serve_flags(path):
    """The extra serve flags a file asks for (`<!-- doc-example: serve FLAGS -->`)."""
    return [flag for match in SERVE_FLAGS.finditer(path.read_text()) for flag in match.group("flags").split()]


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


def start_server(binary, folder, flags=()):
    port = free_port()
    log = open(folder / "server.log", "w")
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--db", str(folder / "scenelink.sqlite"),
                                "--admin-token", ADMIN_TOKEN, "--access-log", "off", *flags],
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
    """Runs the commands in one bash process; returns each command's standard output and exit status."""
    marker = "@@doc-example-end@@"
    script = ["set +e"]
    for example in document_examples:
        command = TALKS_TO_APP.sub(f"127.0.0.1:{port}", example.command)
        script.append(PORT_FLAG.sub(f"--port {port}", command))
        script.append(f"printf '\\n{marker}%d\\n' $?")
    environment = dict(os.environ, SCENELINK_ADMIN_TOKEN=ADMIN_TOKEN,
                       PATH=f"{pathlib.Path(binary).parent}:{os.environ.get('PATH', '')}")
    result = subprocess.run(["bash", "-c", "\n".join(script)], cwd=folder, env=environment,
                            capture_output=True, text=True, timeout=120)
    parts = re.split(rf"\n{marker}(\d+)\n", result.stdout)
    # output, status, output, status, …, what follows the last marker
    return [(parts[index], int(parts[index + 1])) for index in range(0, len(parts) - 1, 2)][:len(document_examples)]


def main():
    binary = os.environ.get("SCENELINK_BIN", str(ROOT / ".build/release/scenelink"))
    if not os.access(binary, os.X_OK):
        sys.exit(f"doc_examples: no scenelink binary at {binary}; set SCENELINK_BIN")
    binary = str(pathlib.Path(binary).resolve())
    files = [ROOT / name for name in sys.argv[1:]] or [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    failures, compared, ran = [], 0, 0
    blocks_run, skips = 0, []
    for path in files:
        found, skipped, file_blocks = examples(path)
        skips += skipped
        blocks_run += file_blocks
        if not found:
            if skipped:
                print(f"{path.relative_to(ROOT)}: 0 blocks run, {len(skipped)} skipped")
            continue
        folder = pathlib.Path(tempfile.mkdtemp(prefix="scenelink-doc-"))
        process, port = start_server(binary, folder, serve_flags(path))
        try:
            outputs = run(found, binary, folder, port)
        finally:
            process.terminate()
            process.wait(timeout=15)
        if len(outputs) < len(found):
            failures.append((found[len(outputs)], "(this command and the rest run)",
                             "the shell stopped before it (an exit or exec in an example?)"))
        for example, (output, status) in zip(found, outputs):
            ran += 1
            if status != 0:
                failures.append((example, "exit status 0", f"{output}\n(exit status {status})"))
            elif example.expected_json is not None:
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
        print(f"{path.relative_to(ROOT)}: {file_blocks} blocks run ({len(found)} commands), {len(skipped)} skipped")
    for where, reason in skips:
        print(f"skipped {where}: {reason}")
    for example, expected, actual in failures:
        print(f"\nFAIL {example.where}: {example.command.splitlines()[0]}")
        print("  documented:\n    " + expected.replace("\n", "\n    "))
        print("  printed:\n    " + actual.rstrip("\n").replace("\n", "\n    "))
    total = blocks_run + len(skips)
    print(f"\ndoc examples: {total} shell blocks: {blocks_run} run as written, {len(skips)} skipped with a reason, "
          f"0 without one; {ran} commands run, {compared} outputs compared, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
