#!/usr/bin/env python3
"""docs/configuration.md's table of serve's flags, made from `scenelink serve --help`, so the two
cannot drift apart (the flags, their environment variables, defaults and help texts are declared
once, in ServiceConfiguration.options).

Usage: SCENELINK_BIN=.build/debug/scenelink python3 scripts/configuration_table.py --check | --write
"""
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "configuration.md"
HEADER = "| flag | environment | default | what it does |\n|---|---|---|---|\n"
# A flag's line: the flag and its value's name, then its help after two spaces or more, or on the
# next line when the flag is too long for the column.
OPTION = re.compile(r"^  (--\S+(?: \S+)?)(?:\s{2,}(.*))?$")
ENV = re.compile(r"^\s+env (\S+), default (.*)$")


def table(help_text):
    rows, current = [], None
    for line in help_text.splitlines():
        option = OPTION.match(line)
        if option:
            current = [option.group(1), (option.group(2) or "").strip()]
            continue
        env = ENV.match(line)
        if not env and current and not current[1] and line.strip():
            current[1] = line.strip()
            continue
        if env and current:
            flag, text = current
            cell = lambda value: value.replace("|", "\\|")  # a pipe would end the Markdown cell
            rows.append(f"| `{cell(flag)}` | `{env.group(1)}` | {cell(env.group(2).strip())} | {cell(text)} |")
            current = None
    return HEADER + "\n".join(rows) + "\n"


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("--check", "--write"):
        sys.exit(__doc__)
    binary = os.environ.get("SCENELINK_BIN", str(ROOT / ".build" / "debug" / "scenelink"))
    made = table(subprocess.run([binary, "serve", "--help"], capture_output=True, text=True, check=True).stdout)
    doc = DOC.read_text()
    start = doc.index(HEADER)
    end = doc.index("\n\n", start) + 1
    if sys.argv[1] == "--write":
        DOC.write_text(doc[:start] + made + doc[end:])
        print(f"wrote the flag table of docs/configuration.md ({made.count(chr(10)) - 2} flags)")
    elif doc[start:end] != made:
        sys.exit("docs/configuration.md's flag table differs from `scenelink serve --help`: run scripts/configuration_table.py --write")
    else:
        print(f"docs/configuration.md's flag table matches `scenelink serve --help` ({made.count(chr(10)) - 2} flags)")


if __name__ == "__main__":
    main()
