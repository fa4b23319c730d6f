#!/usr/bin/env python3
"""The multi-instance proofs, against scripts/cluster.sh's cluster (PostgreSQL, instances, nginx).

Usage: scripts/cluster_proofs.py [--instances 3] [--clients 8] [--increments 200]
                                 [--instance-kills 10] [--postgres-crashes 10]
(build first: swift build -c release --product scenelink; or set SCENELINK_BIN)

1. Lost updates: 8 clients x 200 If-Match increments of one counter, each client sending its
   requests to the instances in turn (GET on one, PUT on the next): final value = successful
   PUTs. The same run without If-Match must lose updates, which shows the check can fail.
2. Isolation: a token of one session never reads, lists, writes or deletes another session's
   data through any instance or nginx (404), a wrong token is 401, and the data is unchanged.
3. Durability: clients save unique keys through nginx while instances are killed with SIGKILL
   and PostgreSQL is stopped with `pg_ctl stop -m immediate` and restarted; a save counts only
   after its 2xx. At the end every acknowledged save is read back through nginx, byte for byte.
Exits 1 when any proof fails.
"""
import argparse
import os
import random
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slclient  # noqa: E402
from lost_updates import run as increments  # noqa: E402
from slcluster import Cluster  # noqa: E402


def auth(token):
    return {"Authorization": f"Bearer {token}"}


# 1. Lost updates (scripts/lost_updates.py's clients, alternating between instances) ---------
def prove_lost_updates(cluster, clients, count):
    session, token = slclient.open_session(slclient.Client(cluster.port))
    final, puts, conflicts = increments(cluster.ports, session, token, clients, count, conditional=True)
    print(f"with If-Match:    final value {final}, successful PUTs {puts}, 412 retries {conflicts}, lost {puts - final}")
    blind_final, blind_puts, _ = increments(cluster.ports, session, token, clients, count, conditional=False)
    print(f"without If-Match: final value {blind_final}, successful PUTs {blind_puts}, lost {blind_puts - blind_final}")
    ok = final == puts == clients * count
    print("lost updates across instances with If-Match:", "none (PASS)" if ok else "FAIL")
    print("the check can fail (blind run lost updates):",
          "yes" if blind_final < blind_puts else "no (rerun: the race did not show)", flush=True)
    return ok


# 2. Isolation -----------------------------------------------------------------------------------
def prove_isolation(cluster):
    front = slclient.Client(cluster.port)
    a_id, a_token = slclient.open_session(front)
    b_id, b_token = slclient.open_session(front)
    secret = b"b's secret state"
    value = f"/v1/sessions/{b_id}/scenes/main/values/path"
    status, headers, _ = front.request("PUT", value, body=secret,
                                       headers={**auth(b_token), "Content-Type": "application/octet-stream"})
    assert status == 201, status
    b_etag = headers["etag"]
    failures = []
    attempts = [
        ("GET", value, None, {}),
        ("PUT", value, b"overwritten by a", {"Content-Type": "application/octet-stream"}),
        ("PUT", value, b"overwritten by a", {"Content-Type": "application/octet-stream", "If-Match": b_etag}),
        ("DELETE", value, None, {}),
        ("GET", f"/v1/sessions/{b_id}/scenes/main", None, {}),
        ("PUT", f"/v1/sessions/{b_id}/scenes/main", b'{"values":{}}', {"Content-Type": "application/json"}),
        ("DELETE", f"/v1/sessions/{b_id}/scenes/main", None, {}),
        ("GET", f"/v1/sessions/{b_id}/scenes", None, {}),
        ("DELETE", f"/v1/sessions/{b_id}", None, {}),
    ]
    for port in cluster.ports + [cluster.port]:
        client = slclient.Client(port)
        for method, path, body, extra in attempts:
            status, _, data = client.request(method, path, body=body, headers={**auth(a_token), **extra})
            if status != 404 or secret in data:
                failures.append(f"{method} {path} with a's token via :{port} answered {status}")
            status, _, _ = client.request(method, path, body=body, headers={**auth("not-a-token"), **extra})
            if status != 401:
                failures.append(f"{method} {path} with a wrong token via :{port} answered {status}")
        status, _, data = client.request("GET", value, headers=auth(b_token))
        if status != 200 or data != secret:
            failures.append(f"b's own value via :{port} answered {status} {data!r}")
        status, _, data = client.request("GET", f"/v1/sessions/{a_id}/scenes", headers=auth(a_token))
        if status != 200 or b"main" in data:
            failures.append(f"a's scene list via :{port} answered {status} {data!r}")
        client.close()
    front.close()
    for failure in failures:
        print("  isolation:", failure)
    print("isolation across instances:", "PASS" if not failures else "FAIL", flush=True)
    return not failures


# 3. Durability ----------------------------------------------------------------------------------
def writer(port, session, token, worker, stop, acknowledged, counters, lock):
    client = slclient.Client(port, timeout=10)
    n = 0
    scene = f"w{worker}"
    while not stop.is_set():
        key = f"n{n}"
        body = os.urandom(random.randint(1, 512)) + f"{worker}/{key}".encode()
        n += 1
        try:
            status, _, _ = client.request(
                "PUT", f"/v1/sessions/{session}/scenes/{scene}/values/{key}", body=body,
                headers={**auth(token), "Content-Type": "application/octet-stream"})
        except Exception:
            time.sleep(0.02)
            continue
        with lock:
            counters[status] = counters.get(status, 0) + 1
        if 200 <= status < 300:
            with lock:
                acknowledged[(scene, key)] = body
        elif status == 503:
            time.sleep(0.02)
    client.close()


def wait_ready(ports, timeout=30):
    deadline = time.monotonic() + timeout
    for port in ports:
        client = slclient.Client(port, timeout=2)
        while True:
            try:
                status, _, _ = client.request("GET", "/readyz")
                if status == 200:
                    break
            except Exception:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"instance :{port} did not become ready again")
            time.sleep(0.1)
        client.close()


def prove_durability(cluster, clients, instance_kills, postgres_crashes):
    session, token = slclient.open_session(slclient.Client(cluster.port))
    acknowledged, counters, lock = {}, {}, threading.Lock()
    stop = threading.Event()
    threads = [threading.Thread(target=writer, args=(cluster.port, session, token, w, stop, acknowledged, counters, lock))
               for w in range(clients)]
    for t in threads:
        t.start()
    faults = ["instance"] * instance_kills + ["postgres"] * postgres_crashes
    random.shuffle(faults)
    unavailable_seen = 0
    for number, fault in enumerate(faults, 1):
        time.sleep(random.uniform(0.3, 0.8))
        if fault == "instance":
            index = random.randrange(len(cluster.ports))
            cluster.kill_instance(index)
            time.sleep(random.uniform(0.05, 0.3))
            cluster.start_instance(index)
        else:
            cluster.crash_postgres()
            time.sleep(random.uniform(0.1, 0.5))
            cluster.restart_postgres()
            # Every instance finds its way back by itself: /readyz turns 200 again.
            wait_ready(cluster.ports)
        with lock:
            unavailable_seen = counters.get(503, 0)
            print(f"fault {number}/{len(faults)} ({fault}): {len(acknowledged)} saves acknowledged, "
                  f"{unavailable_seen} answered 503 so far", flush=True)
    time.sleep(0.5)
    stop.set()
    for t in threads:
        t.join()
    client = slclient.Client(cluster.port)
    lost, wrong = 0, 0
    for (scene, key), body in acknowledged.items():
        status, _, data = client.request("GET", f"/v1/sessions/{session}/scenes/{scene}/values/{key}", headers=auth(token))
        if status == 404:
            lost += 1
        elif status != 200 or data != body:
            wrong += 1
    client.close()
    answered = ", ".join(f"{status}: {count}" for status, count in sorted(counters.items()))
    print(f"instance kills: {instance_kills}; PostgreSQL crashes: {postgres_crashes}; answers ({answered}); "
          f"acknowledged: {len(acknowledged)}; lost: {lost}; wrong bytes: {wrong}")
    unexpected = [s for s in counters if not (200 <= s < 300 or s in (502, 503, 504))]
    ok = lost == 0 and wrong == 0 and len(acknowledged) > 0 and not unexpected
    print("durability across instance kills and PostgreSQL crashes:", "PASS" if ok else "FAIL", flush=True)
    return ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--instances", type=int, default=3)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--increments", type=int, default=200)
    parser.add_argument("--instance-kills", type=int, default=10)
    parser.add_argument("--postgres-crashes", type=int, default=10)
    args = parser.parse_args()
    # One session takes every save of the durability run: lift the per-session limits, the byte
    # quota (1 MiB by default) among them.
    limits = ["--max-keys-per-scene", "100000", "--max-scenes-per-session", "1000", "--max-session-bytes", str(1 << 30)]
    with Cluster(args.instances, extra=limits) as cluster:
        print(f"cluster: nginx :{cluster.port}, instances {cluster.ports}, PostgreSQL :{cluster.pg_port}", flush=True)
        results = [
            prove_lost_updates(cluster, args.clients, args.increments),
            prove_isolation(cluster),
            prove_durability(cluster, args.clients, args.instance_kills, args.postgres_crashes),
        ]
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
