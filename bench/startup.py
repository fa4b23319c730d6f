#!/usr/bin/env python3
"""Start-up at scale: how long `scenelink serve` takes to answer /healthz, and `scenelink check` to
load the same file, on generated route files of 1,000, 10,000 and 50,000 routes (half without
parameters, half with an Int and a String; every route with a localized preview, on FuelMoney's
apps), and the server's RSS once it answers.

Usage: SCENELINK_BIN=.build/release/scenelink python3 bench/startup.py [--routes 1000,10000,50000] [--runs 3]
Prints one line per size with the medians.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time, urllib.request, socket


def route_file(count):
    routes = []
    for index in range(count):
        preview = {"title": f"Screen {index}", "description": f"What screen {index} shows.",
                   "localized": {"ja": {"title": f"画面 {index}"}}}
        if index % 2 == 0:
            routes.append({"name": f"screen{index}", "path": f"/area{index // 100}/screen{index}",
                           "preview": preview, "push": [{"type": "String", "value": f"screen{index}"}]})
        else:
            routes.append({"name": f"item{index}", "path": f"/area{index // 100}/item{index}/{{id:Int}}/{{tab:String}}",
                           "preview": preview, "push": [{"type": "Int", "value": "{id}"}, {"type": "String", "value": "{tab}"}]})
    return {"app": {"name": "FuelMoney", "schemes": ["fuelmoney"], "hosts": ["fuelmoney.example.com"],
                    "apple": {"teamID": "A1B2C3D4E5", "bundleIDs": ["com.example.fuelmoney"], "appStoreID": "1234567890"},
                    "android": {"package": "com.example.fuelmoney", "sha256CertFingerprints": [":".join(["AB"] * 32)]},
                    "fallback": {"web": "https://www.fuelmoney.example.com/"}},
            "routes": routes}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_time(binary, path):
    port = free_port()
    started = time.monotonic()
    errors = tempfile.TemporaryFile()
    process = subprocess.Popen([binary, "serve", path, "--port", str(port), "--db", ":memory:"],
                               stdout=subprocess.DEVNULL, stderr=errors)
    try:
        while True:
            if process.poll() is not None:
                errors.seek(0)
                sys.exit(f"scenelink serve exited: {errors.read().decode()}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                time.sleep(0.01)
        elapsed = time.monotonic() - started
        with open(f"/proc/{process.pid}/status") as status:
            rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024
        return elapsed, rss
    finally:
        process.terminate()
        process.wait()
        errors.close()


def check_time(binary, path):
    started = time.monotonic()
    subprocess.run([binary, "check", path], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--routes", default="1000,10000,50000")
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    binary = os.environ.get("SCENELINK_BIN", ".build/release/scenelink")
    with tempfile.TemporaryDirectory() as folder:
        for count in [int(text) for text in arguments.routes.split(",")]:
            path = os.path.join(folder, f"routes-{count}.json")
            with open(path, "w") as file:
                json.dump(route_file(count), file)
            serves = [serve_time(binary, path) for _ in range(arguments.runs)]
            checks = [check_time(binary, path) for _ in range(arguments.runs)]
            print(f"{count:>6} routes ({os.path.getsize(path) / 1e6:.1f} MB): serve answers /healthz in "
                  f"{statistics.median(s[0] for s in serves):.2f} s (RSS {statistics.median(s[1] for s in serves):.0f} MB), "
                  f"check loads it in {statistics.median(checks):.2f} s; medians of {arguments.runs}", flush=True)


if __name__ == "__main__":
    main()
