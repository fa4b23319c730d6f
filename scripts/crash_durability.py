#!/usr/bin/env python3
"""Crash durability proof: every acknowledged save survives SIGKILL.

Usage: scripts/crash_durability.py [--rounds 25] [--clients 8]
(build first: swift build -c release --product scenelink; or set SCENELINK_BIN)

Concurrent clients save unique keys (each with unique bytes) and record a save only after
its 2xx answer. The server is killed with SIGKILL at a random moment in each round and
restarted on the same database file. At the end every acknowledged save is read back and
compared byte for byte, and `PRAGMA integrity_check` must say `ok`. Exits 1 on any loss.
"""
import argparse
import os
import random
import signal
import sqlite3
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slclient  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def writer(port, session, token, worker, round_no, stop, acknowledged, attempts, lock):
    client = slclient.Client(port, timeout=5)
    n = 0
    scene = f"w{worker}"
    while not stop.is_set():
        key = f"r{round_no}-n{n}"
        body = os.urandom(random.randint(1, 512)) + f"{worker}/{key}".encode()
        n += 1
        with lock:
            attempts[0] += 1
        try:
            status, _, _ = client.request(
                "PUT", f"/v1/sessions/{session}/scenes/{scene}/values/{key}", body=body,
                headers={"Authorization": f"Bearer {token}", "Content-Type": "application/octet-stream"})
        except Exception:
            time.sleep(0.01)
            continue
        if 200 <= status < 300:
            with lock:
                acknowledged[(scene, key)] = body
    client.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    binary = slclient.binary_path(ROOT)
    workdir = tempfile.mkdtemp(prefix="scenelink-crash-")
    db = os.path.join(workdir, "crash.sqlite")
    port = slclient.free_port()
    limits = ["--max-keys-per-scene", "100000", "--max-scenes-per-session", "1000", "--max-session-bytes", str(1 << 30)]
    server = slclient.start_server(binary, port, db, limits)
    session, token = slclient.open_session(slclient.Client(port))
    acknowledged, attempts, lock = {}, [0], threading.Lock()
    kills = 0
    for round_no in range(args.rounds):
        stop = threading.Event()
        threads = [threading.Thread(target=writer, args=(port, session, token, w, round_no, stop, acknowledged, attempts, lock))
                   for w in range(args.clients)]
        for t in threads:
            t.start()
        time.sleep(random.uniform(0.2, 1.2))
        server.send_signal(signal.SIGKILL)
        server.wait()
        kills += 1
        stop.set()
        for t in threads:
            t.join()
        server = slclient.start_server(binary, port, db, limits)
        print(f"round {round_no + 1}: killed; {len(acknowledged)} saves acknowledged so far", flush=True)
    client = slclient.Client(port)
    lost, wrong = 0, 0
    for (scene, key), body in acknowledged.items():
        status, _, data = client.request("GET", f"/v1/sessions/{session}/scenes/{scene}/values/{key}",
                                         headers={"Authorization": f"Bearer {token}"})
        if status == 404:
            lost += 1
        elif status != 200 or data != body:
            wrong += 1
    client.close()
    slclient.stop_server(server)
    integrity = sqlite3.connect(db).execute("PRAGMA integrity_check").fetchone()[0]
    print(f"kills: {kills}; saves attempted: {attempts[0]}; acknowledged: {len(acknowledged)}; "
          f"lost: {lost}; wrong bytes: {wrong}; integrity_check: {integrity}")
    ok = kills >= 20 and lost == 0 and wrong == 0 and integrity == "ok" and len(acknowledged) > 0
    print("crash durability:", "PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
