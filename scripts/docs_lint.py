#!/usr/bin/env python3
"""Checks README.md and docs/*.md for what a reader cannot use, so it cannot creep back:

- a README over 12 KB (12,288 bytes): the rest belongs in docs/;
- "not built yet": a page that says so about a feature that is built misleads, and one that is
  not built is no feature to document;
- references to the project's work tracker ("issue 12", "issues 22 and 23", "#12", ".../issues/12"):
  readers of the repository cannot see it; say what the work was instead;
- placeholder hosts and names ("YOUR-GIT-HOST", "YOUR-…"): an example must run as written.

A `#` followed by 3, 6 or 8 hex digits is a colour (`#777777`), not an issue. Exit 1 listing each
finding as FILE:LINE; exit 0 with a one-line summary.

Usage: python3 scripts/docs_lint.py [FILE...]   (default: README.md and docs/*.md)
       python3 scripts/docs_lint.py --self-test  (each rule finds its sample; the colour passes)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
README_LIMIT = 12_288
RULES = [
    (re.compile(r"not built yet", re.IGNORECASE), "says something is not built yet"),
    (re.compile(r"\bissues?\s+#?\d+(\s*(,|and)\s*#?\d+)*\b", re.IGNORECASE), "cites a work-tracker issue"),
    (re.compile(r"issues/\d+"), "links a work-tracker issue"),
    # "#12", but not a colour (#777, #777777, #77777777) nor an anchor or entity (`a#1`, `&#12;`).
    (re.compile(r"(?<![\w&/#])#(?!(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})\b)\d+\b"), "cites an issue by number"),
    (re.compile(r"\bYOUR-[A-Z]"), "has a placeholder to fill in"),
]


def findings(path):
    found = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        for pattern, what in RULES:
            match = pattern.search(line)
            if match:
                found.append(f"{path.relative_to(ROOT)}:{number}: {what}: {match.group(0)!r}")
    return found


SAMPLES = {
    "says something is not built yet": "The import is not built yet.",
    "cites a work-tracker issue": "since issue 24 the page stores a claim",
    "links a work-tracker issue": "see https://example.com/x/issues/12",
    "cites an issue by number": "fixed in #12",
    "has a placeholder to fill in": "git clone https://YOUR-GIT-HOST/scenelink.git",
}


def self_test():
    """Each rule must find its sample, and a colour or an HTML entity must pass: a lint that can
    no longer fail is caught here."""
    for what, sample in SAMPLES.items():
        hits = [rule_what for pattern, rule_what in RULES if pattern.search(sample)]
        if what not in hits:
            sys.exit(f"docs_lint --self-test: the rule '{what}' misses {sample!r}")
    for clean in ["The text #777777 on #fff", "an entity &#12; and an anchor page#2", "GitHub issues are welcome"]:
        if any(pattern.search(clean) for pattern, _ in RULES):
            sys.exit(f"docs_lint --self-test: {clean!r} is reported, but is fine")
    print(f"docs_lint --self-test: {len(SAMPLES)} rules each find their sample; 3 clean lines pass")


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    files = [ROOT / name for name in sys.argv[1:]] or [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    problems = []
    for path in files:
        problems += findings(path)
    readme = ROOT / "README.md"
    size = readme.stat().st_size
    if readme in files and size > README_LIMIT:
        problems.append(f"README.md: {size} bytes, over {README_LIMIT}; move detail into docs/")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(f"docs_lint: {len(problems)} finding(s) in {len(files)} files")
    print(f"docs_lint: {len(files)} files clean; README.md {size} of {README_LIMIT} bytes")


if __name__ == "__main__":
    main()
