#!/usr/bin/env python3
"""Failover proof: no save answered 2xx is lost across promotes of a synchronous standby.

Usage: scripts/failover_proof.py [--rounds 3] [--writers 3] [--seconds 3] [--negative-control]
(SCENELINK_BIN: the binary, default .build/release/scenelink; build it first)

Three PostgreSQL clusters on loopback (pg0 primary, pg1 and pg2 streaming standbys with
replication slots; synchronous_standby_names = 'ANY 1 (pg0, pg1, pg2)', so a commit waits for
one of the two others) and two SceneLink instances on the multi-host URL
postgres://…@127.0.0.1:P0,127.0.0.1:P1,127.0.0.1:P2/scenelink?target_session_attrs=read-write.
Writers save unique values (PUT, random bytes) through both instances. Each round:

  1. writes run for a while;
  2. the trap: both standbys are cut off (primary_conninfo = ''), so every commit waits; a "failover
     manager" cancels the waiting backends (pg_cancel_backend), which makes PostgreSQL commit
     them locally and answer success with a WARNING. SceneLink must answer those 503;
  3. the primary's postmaster is SIGKILLed (and its orphaned backends, as fencing would);
  4. the most advanced standby (pg_last_wal_receive_lsn) is promoted, the
     other re-pointed to it (primary_conninfo, a new slot), writes go on;
  5. the old primary is rebuilt as a standby of the new one (pg_basebackup) and started.

At the end every acknowledged save is read back through both instances and must be
byte-equal. Prints acknowledged, indeterminate (503 or a dropped connection), lost, and the
time from each promote until saves succeeded again. Exits 1 when anything acknowledged is lost.

--negative-control runs the same with asynchronous replication (synchronous_standby_names =
''): saves answered while the standbys are cut off are on the primary only, so they are lost after
the promote, and the proof must say so (exit 0 only when it detected the loss). It shows the
check can fail.

PostgreSQL refuses to run as root: under root every server command runs as `postgres`.
"""
import argparse
import glob
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slclient  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IS_ROOT = os.geteuid() == 0


def bindir():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))
    if not found:
        sys.exit("failover_proof: PostgreSQL is not installed; apt-get install postgresql")
    return found[-1]


BIN = bindir()


def as_server_user(args, **kwargs):
    """Runs a PostgreSQL program, as `postgres` under root."""
    if IS_ROOT:
        args = ["runuser", "-u", "postgres", "--"] + args
    return subprocess.run(args, check=True, capture_output=True, text=True, **kwargs)


class Node:
    """One PostgreSQL cluster on 127.0.0.1:port, in /tmp/scenelink-failover-PORT."""

    def __init__(self, name, port):
        self.name, self.port = name, port
        self.dir = f"/tmp/scenelink-failover-{port}"
        self.data = os.path.join(self.dir, "data")

    def prepare_dir(self):
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        if IS_ROOT:
            shutil.chown(self.dir, "postgres", "postgres")

    def init_primary(self):
        self.prepare_dir()
        as_server_user([f"{BIN}/initdb", "-D", self.data, "-U", "scenelink", "-A", "trust", "-E", "UTF8",
                        "--no-instructions"])
        settings = """
listen_addresses = '127.0.0.1'
wal_level = replica
max_wal_senders = 10
max_replication_slots = 10
hot_standby = on
wal_log_hints = on
fsync = on
synchronous_commit = on
shared_buffers = 32MB
max_connections = 100
wal_sender_timeout = 5s
wal_receiver_status_interval = 1s
"""
        self.append_conf("postgresql.conf", settings)

    def append_conf(self, name, text):
        as_server_user(["sh", "-c", f"cat >> {self.data}/{name}"], input=text)

    def start(self):
        as_server_user([f"{BIN}/pg_ctl", "-D", self.data, "-l", os.path.join(self.dir, "server.log"), "-w", "-t", "30",
                        "-o", f"-p {self.port} -k {self.dir}", "start"])

    def stop(self):
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            subprocess.run((["runuser", "-u", "postgres", "--"] if IS_ROOT else [])
                           + [f"{BIN}/pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop"], capture_output=True)

    def sql(self, query, db="scenelink"):
        result = subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "scenelink", "-d", db,
                                 "-Atqc", query], capture_output=True, text=True, timeout=20)
        if result.returncode != 0:
            raise RuntimeError(f"{self.name}: {query}: {result.stderr.strip()}")
        return result.stdout.strip()

    def postmaster_pid(self):
        with open(os.path.join(self.data, "postmaster.pid")) as f:
            return int(f.readline())

    def processes(self):
        """The postmaster and its children."""
        pid = self.postmaster_pid()
        children = []
        for stat in glob.glob("/proc/[0-9]*/stat"):
            try:
                with open(stat) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid:
                    children.append(int(stat.split("/")[2]))
            except (OSError, IndexError, ValueError):
                pass
        return [pid] + children

    def kill_postmaster(self):
        """SIGKILL the postmaster; then its orphaned backends too (the fencing a real setup needs)."""
        pids = self.processes()
        os.kill(pids[0], signal.SIGKILL)
        time.sleep(0.05)
        for pid in pids[1:]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.2)

    def make_standby_of(self, primary):
        """A fresh copy of `primary` (pg_basebackup through its slot), following it."""
        self.prepare_dir()
        as_server_user([f"{BIN}/pg_basebackup", "-h", "127.0.0.1", "-p", str(primary.port), "-U", "scenelink",
                        "-D", self.data, "-X", "stream", "-S", self.name, "-c", "fast"])
        as_server_user(["touch", os.path.join(self.data, "standby.signal")])
        self.follow(primary, reload=False)

    def follow(self, primary, reload=True):
        conninfo = f"host=127.0.0.1 port={primary.port} user=scenelink application_name={self.name}"
        if reload:
            self.sql(f"ALTER SYSTEM SET primary_conninfo = '{conninfo}'")
            self.sql(f"ALTER SYSTEM SET primary_slot_name = '{self.name}'")
            self.sql("SELECT pg_reload_conf()")
        else:
            self.append_conf("postgresql.auto.conf",
                             f"primary_conninfo = '{conninfo}'\nprimary_slot_name = '{self.name}'\n")


def auth(token):
    return {"Authorization": f"Bearer {token}"}


class Writers:
    """Writers saving unique values through the instances; a save counts once answered 2xx."""

    def __init__(self, ports, per_instance):
        self.acknowledged = {}
        self.counters = {}
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.last_success = 0.0
        self.sessions = []
        for port in ports:
            for _ in range(per_instance):
                session, token = slclient.open_session(slclient.Client(port))
                self.sessions.append((port, session, token))
        self.threads = [threading.Thread(target=self.write, args=(i,)) for i in range(len(self.sessions))]

    def start(self):
        for thread in self.threads:
            thread.start()

    def finish(self):
        self.stop.set()
        for thread in self.threads:
            thread.join()

    def write(self, index):
        port, session, token = self.sessions[index]
        client = slclient.Client(port, timeout=30)
        n = 0
        while not self.stop.is_set():
            key = f"n{n}"
            n += 1
            body = os.urandom(random.randint(1, 256)) + f"{index}/{key}".encode()
            try:
                status, _, _ = client.request("PUT", f"/v1/sessions/{session}/scenes/main/values/{key}", body=body,
                                              headers={**auth(token), "Content-Type": "application/octet-stream"})
            except Exception:
                status = "dropped"
            with self.lock:
                self.counters[status] = self.counters.get(status, 0) + 1
                if isinstance(status, int) and 200 <= status < 300:
                    self.acknowledged[(index, key)] = body
                    self.last_success = time.monotonic()
            if not (isinstance(status, int) and 200 <= status < 300):
                time.sleep(0.02)
        client.close()

    def successes_since(self, moment):
        with self.lock:
            return self.last_success > moment

    def indeterminate(self):
        with self.lock:
            return sum(count for status, count in self.counters.items() if status in (503, "dropped"))

    def verify(self, ports):
        """(lost, wrong, unreadable): acknowledged saves missing, different or unreadable through any port."""
        lost, wrong, unreadable = set(), set(), set()
        for port in ports:
            client = slclient.Client(port, timeout=30)
            for (index, key), body in self.acknowledged.items():
                _, session, token = self.sessions[index]
                status, _, data = client.request("GET", f"/v1/sessions/{session}/scenes/main/values/{key}",
                                                 headers=auth(token))
                if status == 404:
                    lost.add((index, key))
                elif status != 200:
                    unreadable.add((index, key))
                elif data != body:
                    wrong.add((index, key))
            client.close()
        return len(lost), len(wrong), len(unreadable)


def wait_ready(ports, timeout=30):
    deadline = time.monotonic() + timeout
    for port in ports:
        client = slclient.Client(port, timeout=2)
        while True:
            try:
                if client.request("GET", "/readyz")[0] == 200:
                    break
            except Exception:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"instance :{port} is not ready")
            time.sleep(0.1)
        client.close()


def lsn_value(text):
    high, low = text.split("/")
    return (int(high, 16) << 32) + int(low, 16)


def stall_and_cancel(primary, standbys, seconds):
    """Cuts both standbys off (primary_conninfo = ''), so every commit waits for them, and cancels
    every commit that waits, as a failover manager or a tired operator would."""
    for node in standbys:
        node.sql("ALTER SYSTEM SET primary_conninfo = ''")
        node.sql("SELECT pg_reload_conf()")
    deadline = time.monotonic() + 10
    while primary.sql("SELECT count(*) FROM pg_stat_replication") != "0":
        if time.monotonic() > deadline:
            raise RuntimeError("the standbys did not disconnect within 10 s")
        time.sleep(0.05)
    cancelled = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.2)
        cancelled += int(primary.sql("SELECT count(pg_cancel_backend(pid)) FROM pg_stat_activity "
                                     "WHERE wait_event = 'SyncRep'") or 0)
    return cancelled


def run(args):
    sync_names = "" if args.negative_control else "ANY 1 (pg0, pg1, pg2)"
    nodes = [Node(f"pg{i}", slclient.free_port()) for i in range(3)]
    binary = slclient.binary_path(ROOT)
    instances, logs = [], []
    workdir = f"/tmp/scenelink-failover-{nodes[0].port}-instances"
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    writers = None
    try:
        primary = nodes[0]
        primary.init_primary()
        primary.start()
        primary.sql("CREATE DATABASE scenelink", db="postgres")
        for node in nodes[1:]:
            primary.sql(f"SELECT pg_create_physical_replication_slot('{node.name}')")
            node.make_standby_of(primary)
            node.start()
        # Set once the standbys run (a commit would wait for them), on every node: any may be promoted.
        for node in nodes:
            node.sql(f"ALTER SYSTEM SET synchronous_standby_names = '{sync_names}'")
            node.sql("SELECT pg_reload_conf()")
        url = ("postgres://scenelink@" + ",".join(f"127.0.0.1:{n.port}" for n in nodes)
               + "/scenelink?target_session_attrs=read-write&connect_timeout=2")
        print(f"clusters: {', '.join(f'{n.name} :{n.port}' for n in nodes)}; synchronous_standby_names = "
              f"'{sync_names}'", flush=True)
        ports = [slclient.free_port() for _ in range(2)]
        for i, port in enumerate(ports):
            log = open(os.path.join(workdir, f"instance-{i}.log"), "ab")
            logs.append(log)
            instances.append(slclient.start_server(
                binary, port, os.path.join(workdir, "unused.sqlite"),
                ["--store", url, "--max-keys-per-scene", "100000", "--max-session-bytes", str(1 << 30)], log=log))
        wait_ready(ports)
        writers = Writers(ports, args.writers)
        writers.start()
        recoveries, cancelled_total = [], 0
        for round_number in range(1, args.rounds + 1):
            time.sleep(args.seconds)
            standbys = [n for n in nodes if n is not primary]
            cancelled_total += stall_and_cancel(primary, standbys, args.stall)
            primary.kill_postmaster()
            lsns = {node.name: node.sql("SELECT pg_last_wal_receive_lsn()") for node in standbys}
            promoted = max(standbys, key=lambda n: lsn_value(lsns[n.name] or "0/0"))
            other = next(n for n in standbys if n is not promoted)
            promoted.sql("SELECT pg_promote(true, 30)")
            promote_time = time.monotonic()
            old = primary
            primary = promoted
            for node in (other, old):
                primary.sql(f"SELECT pg_create_physical_replication_slot('{node.name}')")
            other.follow(primary)
            while not writers.successes_since(promote_time):
                if time.monotonic() - promote_time > 60:
                    raise RuntimeError("no save succeeded within 60 s of the promote")
                time.sleep(0.01)
            recoveries.append(time.monotonic() - promote_time)
            old.stop()
            old.make_standby_of(primary)
            old.start()
            with writers.lock:
                acknowledged = len(writers.acknowledged)
            print(f"round {round_number}: {old.name} killed, {promoted.name} promoted "
                  f"(receive LSNs {lsns}), {other.name} re-pointed, {old.name} rebuilt; saves succeeded again "
                  f"{recoveries[-1]:.2f} s after the promote; {acknowledged} acknowledged so far", flush=True)
        time.sleep(1)
        writers.finish()
        wait_ready(ports)
        lost, wrong, unreadable = writers.verify(ports)
        answered = ", ".join(f"{s}: {c}" for s, c in sorted(writers.counters.items(), key=lambda kv: str(kv[0])))
        print(f"answers ({answered}); waits cancelled by the 'operator': {cancelled_total}")
        print(f"acknowledged: {len(writers.acknowledged)}; indeterminate: {writers.indeterminate()}; "
              f"lost: {lost}; wrong bytes: {wrong}; unreadable: {unreadable} (read back through {len(ports)} instances)")
        print("time from promote until saves succeed: "
              + ", ".join(f"{r:.2f} s" for r in recoveries) + f" (median {sorted(recoveries)[len(recoveries) // 2]:.2f} s)")
        if args.negative_control:
            detected = lost > 0
            print("negative control (asynchronous replication): acknowledged saves lost and detected:",
                  "yes (PASS: the check can fail)" if detected else "no (FAIL: the check saw no loss)")
            return 0 if detected else 1
        ok = lost == 0 and wrong == 0 and unreadable == 0 and len(writers.acknowledged) > 0
        print("no acknowledged save lost across", args.rounds, "failovers:", "PASS" if ok else "FAIL", flush=True)
        return 0 if ok else 1
    finally:
        if writers is not None:
            writers.stop.set()
        for process in instances:
            try:
                slclient.stop_server(process)
            except RuntimeError:
                pass
        for node in nodes:
            node.stop()
            if not os.environ.get("KEEP_FAILOVER_LOGS"):
                shutil.rmtree(node.dir, ignore_errors=True)
        for log in logs:
            log.close()
        if not os.environ.get("KEEP_FAILOVER_LOGS"):
            shutil.rmtree(workdir, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--writers", type=int, default=3, help="writers per instance")
    parser.add_argument("--seconds", type=float, default=3, help="writing before each round's stall")
    parser.add_argument("--stall", type=float, default=1.5, help="seconds the standbys stay cut off")
    parser.add_argument("--negative-control", action="store_true")
    sys.exit(run(parser.parse_args()))


if __name__ == "__main__":
    main()
