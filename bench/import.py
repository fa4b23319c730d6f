#!/usr/bin/env python3
"""Leaving Firebase at scale: how long `scenelink import firebase` takes to bring in an export of
100,000 rows (codes of 4 to 7 mixed-case characters, a tenth with a social card, a tenth with
fallbacks, a tenth with UTM parameters, a twentieth archived) into a new SQLite file, how long
the same import takes again (every row `unchanged`), and the importer's peak memory (ru_maxrss),
against the built-in FuelMoney app.

Usage: SCENELINK_BIN=.build/release/scenelink python3 bench/import.py [--rows 100000] [--runs 3]
Prints one line per measurement with the median, and the CSV's size.
"""
import argparse
import csv
import os
import random
import resource
import statistics
import subprocess
import tempfile
import time

SCREENS = ["/settings", "/settings/account", "/settings/variable", "/settings/fixed", "/settings/premium", "/explain", "/information"]
HEADER = ["Short Dynamic Link", "Link name", "Deep link (link)", "Android package name (apn)", "iOS bundle ID (ibi)",
          "iOS fallback link (ifl)", "Android fallback link (afl)", "Other platform fallback link (ofl)",
          "Social title (st)", "Social description (sd)", "Social image link (si)",
          "utm_source", "utm_medium", "utm_campaign", "Archived", "Creation timestamp"]


def export(path, rows):
    random.seed(100_000)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    seen = set()
    with open(path, "w", newline="") as file:
        writer = csv.writer(file, lineterminator="\r\n")
        writer.writerow(HEADER)
        for index in range(rows):
            while True:
                code = "".join(random.choice(alphabet) for _ in range(4 + index % 4))
                if code not in seen:
                    seen.add(code)
                    break
            row = [f"https://links.fuelmoney.example.com/{code}", f"Link {index}",
                   "https://fuelmoney.example.com" + SCREENS[index % len(SCREENS)], "com.example.fuelmoney", "com.example.FuelMoney",
                   "", "", "", "", "", "", "", "", "", "", f"2024-0{1 + index % 9}-1{index % 10} 10:00:00"]
            if index % 10 == 1:
                row[8:11] = [f"Offer {index}", "Half off this week", f"https://cdn.fuelmoney.example.com/{index}.png"]
            if index % 10 == 2:
                row[5:8] = ["https://www.fuelmoney.example.com/ios", "https://www.fuelmoney.example.com/android",
                            "https://www.fuelmoney.example.com/"]
            if index % 10 == 3:
                row[11:14] = ["newsletter", "email", f"spring-{index % 50}"]
            if index % 20 == 4:
                row[14] = "TRUE"
            writer.writerow(row)


def timed(command):
    """Wall seconds and the child's peak resident memory (MiB) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.monotonic() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if result.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({result.returncode}): {result.stderr}")
    return elapsed, max(peak, before) / 1024, result.stdout.splitlines()[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    binary = os.environ.get("SCENELINK_BIN", ".build/release/scenelink")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "export.csv")
        export(path, arguments.rows)
        print(f"export: {arguments.rows} rows, {os.path.getsize(path) / 1_048_576:.1f} MiB")
        first, again, peaks = [], [], []
        for run in range(arguments.runs):
            database = os.path.join(folder, f"run{run}.sqlite")
            seconds, peak, summary = timed([binary, "import", "firebase", path, "--db", database])
            first.append(seconds)
            peaks.append(peak)
            seconds, _, summary_again = timed([binary, "import", "firebase", path, "--db", database])
            again.append(seconds)
        print(f"import into a new file: median {statistics.median(first):.2f} s over {arguments.runs} runs "
              f"({arguments.rows / statistics.median(first):,.0f} rows/s); {summary.split(': ', 1)[1]}")
        print(f"the same import again: median {statistics.median(again):.2f} s; {summary_again.split(': ', 1)[1]}")
        print(f"importer's peak memory (ru_maxrss of the children, the largest run): {max(peaks):.0f} MiB")


if __name__ == "__main__":
    main()
