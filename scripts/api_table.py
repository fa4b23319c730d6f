#!/usr/bin/env python3
"""The API page's "whole API" table (docs/api.md), made from openapi.yaml, so the two cannot drift apart.

One row per operation, in the spec's order: the method and path, its query parameters, the token
it needs (the session's or the admin token) and its summary. The table sits in docs/api.md between
the two marker comments below; `--write` replaces it, `--check` (what .ci/run runs) exits 1 with a
diff when it differs from what the spec makes.

Usage: scripts/api_table.py --check | --write   (PyYAML: .ci/run's venv has it, so has python3-yaml)
"""
import difflib
import pathlib
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGE = "docs/api.md"
BEGIN = "<!-- api table: made from openapi.yaml by scripts/api_table.py --write; .ci/run checks it -->"
END = "<!-- end of the api table -->"
METHODS = ["get", "head", "post", "put", "patch", "delete"]
TOKENS = {"bearer": "session", "adminToken": "admin"}


def cell(text):
    """Markdown table cell text: one line, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def table(spec):
    rows = ["| method and path | query | token | does |", "|---|---|---|---|"]
    for path, item in spec["paths"].items():
        shared = item.get("parameters", [])
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            parameters = shared + operation.get("parameters", [])
            query = ", ".join(f"`{p['name']}`" for p in parameters if p.get("in") == "query")
            security = operation.get("security", spec.get("security", []))
            token = ", ".join(TOKENS.get(name, name) for requirement in security for name in requirement) or ""
            rows.append(f"| `{method.upper()} {path}` | {query} | {token} | {cell(operation.get('summary', ''))} |")
    return "\n".join(rows)


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("--check", "--write"):
        sys.exit(__doc__.strip().splitlines()[-1])
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    page_path = ROOT / PAGE
    page = page_path.read_text()
    if BEGIN not in page or END not in page:
        sys.exit(f"{PAGE} lacks the markers of the api table:\n{BEGIN}\n{END}")
    before, rest = page.split(BEGIN, 1)
    current, after = rest.split(END, 1)
    made = "\n" + table(spec) + "\n"
    if sys.argv[1] == "--write":
        page_path.write_text(before + BEGIN + made + END + after)
        print(f"wrote the api table of {PAGE} ({made.count(chr(10)) - 3} operations)")
    elif current != made:
        sys.stdout.writelines(difflib.unified_diff(current.splitlines(True), made.splitlines(True),
                                                   f"{PAGE} (the api table)", "made from openapi.yaml"))
        sys.exit(f"{PAGE}'s api table differs from openapi.yaml: run scripts/api_table.py --write")
    else:
        print(f"{PAGE}'s api table matches openapi.yaml ({made.count(chr(10)) - 3} operations)")


if __name__ == "__main__":
    main()
