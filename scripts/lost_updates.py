#!/usr/bin/env python3
"""Lost-update proof: conditional saves with If-Match lose no increment; blind saves do.

Usage: scripts/lost_updates.py [--clients 8] [--increments 200]
(build first: swift build -c release --product scenelink; or set SCENELINK_BIN)

Each client reads a counter (GET, keeping its ETag), adds one, and writes it back.
With If-Match a 412 means someone else wrote first: read again and retry. The final value
must equal the number of successful PUTs. The same run without If-Match is expected to
lose updates (final value < successful PUTs), which shows the check can fail.
"""
import argparse
import os
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slclient  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(ports, session, token, clients, increments, conditional):
    """Each client sends its requests to `ports` in turn (GET on one, PUT on the next), so with
    several instances every read-modify-write crosses instances; with one port it stays there."""
    path = f"/v1/sessions/{session}/scenes/main/values/{'guarded' if conditional else 'blind'}"
    auth = {"Authorization": f"Bearer {token}"}
    setup = slclient.Client(ports[0])
    status, _, _ = setup.request("PUT", path, body=b"0", headers={**auth, "Content-Type": "text/plain"})
    assert status in (200, 201, 204), status
    successes, conflicts, lock = [0], [0], threading.Lock()

    def worker(number):
        connections = [slclient.Client(port) for port in ports]
        turn, done = number, 0
        while done < increments:
            reader, writer = connections[turn % len(ports)], connections[(turn + 1) % len(ports)]
            turn += 1
            status, headers, body = reader.request("GET", path, headers=auth)
            assert status == 200, status
            headers_out = {**auth, "Content-Type": "text/plain"}
            if conditional:
                headers_out["If-Match"] = headers["etag"]
            status, _, _ = writer.request("PUT", path, body=str(int(body) + 1).encode(), headers=headers_out)
            if status == 412:
                with lock:
                    conflicts[0] += 1
                continue
            assert status in (200, 201, 204), status
            done += 1
            with lock:
                successes[0] += 1
        for connection in connections:
            connection.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    _, _, body = setup.request("GET", path, headers=auth)
    setup.close()
    return int(body), successes[0], conflicts[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--increments", type=int, default=200)
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="scenelink-lost-")
    port = slclient.free_port()
    server = slclient.start_server(slclient.binary_path(ROOT), port, os.path.join(workdir, "lost.sqlite"))
    try:
        session, token = slclient.open_session(slclient.Client(port))
        final, puts, conflicts = run([port], session, token, args.clients, args.increments, conditional=True)
        print(f"with If-Match:    final value {final}, successful PUTs {puts}, 412 retries {conflicts}, lost {puts - final}")
        blind_final, blind_puts, _ = run([port], session, token, args.clients, args.increments, conditional=False)
        print(f"without If-Match: final value {blind_final}, successful PUTs {blind_puts}, lost {blind_puts - blind_final}")
    finally:
        slclient.stop_server(server)
    guarded_ok = final == puts == args.clients * args.increments
    print("lost updates with If-Match:", "none (PASS)" if guarded_ok else "FAIL")
    print("the check can fail (blind run lost updates):", "yes" if blind_final < blind_puts else "no (rerun: the race did not show)")
    sys.exit(0 if guarded_ok else 1)


if __name__ == "__main__":
    main()
