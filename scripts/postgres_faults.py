#!/usr/bin/env python3
"""PostgreSQL faults against live SceneLink instances: each must answer 503 with Retry-After
(never hang, never crash), recover by itself, and never show the database password.

Usage: scripts/postgres_faults.py   (or scripts/postgres_faults.sh)
(build first: swift build -c release --product scenelink; or set SCENELINK_BIN)

Starts a throwaway PostgreSQL (scripts/postgres.sh) whose role `scenelink` needs a random
password over TCP (scram-sha-256), and two instances whose --store URL carries it:
  main  --store-connections 2 --store-statement-timeout 1s
  tiny  --store-connections 1 --store-statement-timeout 3s --store-acquire-timeout 1s --store-max-queued 2
The script's own SQL (pg_terminate_backend, the row lock) goes through the server's Unix
socket. Cases, each printed PASS or FAIL; the script exits 1 when any fails:
  dropped connection   pg_terminate_backend on main's backends, twice (a GET first, then a
                       POST /v1/sessions, a write alone, first): reads are retried (200) or
                       503, writes 503 or 2xx, and a GET and a PUT succeed again within
                       RECOVERY seconds. Then once more while a PUT waits for a row lock: it
                       answers 503 at once, not at the statement timeout.
  frozen backend       main's backends stopped with SIGSTOP (a server or network that neither
                       answers nor closes): a GET and a PUT answer within 4 s (200 on a new
                       connection, or 503), and everything succeeds again while they stay stopped.
  statement timeout    a psql transaction holds the session's row (FOR UPDATE): a PUT answers
                       503 after about 1 s, a GET still 200; after ROLLBACK the PUT succeeds.
  full pool            tiny's one connection waits on that row lock: of 10 concurrent GETs,
                       all but the 2 that may queue are 503 at once, the queued ones 503 within
                       the acquire timeout (not when the connection frees); then all succeed.
  PostgreSQL restart   pg_ctl stop -m immediate under 4 client loops (PUT and GET of values,
                       POST /v1/sessions, a short link's follow), 2.5 s down, start: while down
                       every answer and /readyz is 503, /metrics and /healthz 200; the same
                       processes are ready and serve again within RECOVERY seconds.
  wrong password       an instance started with a wrong password exits with a message that
                       names the database, not the password.
  clean stop           after all that, SIGTERM stops each instance with exit 0 within 15 s.
  log lines            every line the instances wrote is a JSON object (no raw libpq notices).
  credentials          the logs, /metrics, every problem and /readyz body seen contain neither
                       the password nor USER:PASSWORD@.
Every request has a 10 s client timeout: a hang is a failure, so is a reset connection.
"""
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slclient  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POSTGRES_SH = os.path.join(ROOT, "scripts", "postgres.sh")
CLIENT_TIMEOUT = 10   # seconds: a request without an answer by then hangs
RECOVERY = 5          # seconds: the bound for serving again once the database is back
USER = "scenelink"
ADMIN_TOKEN = secrets.token_urlsafe(32)  # as `scenelink token` makes one: serve refuses a guessable token


# HTTP -------------------------------------------------------------------------------------
class Answer:
    def __init__(self, method, path, started):
        self.method, self.path, self.started = method, path, started
        self.ended = None
        self.status, self.headers, self.body, self.error = None, {}, b"", None

    @property
    def seconds(self):
        return self.ended - self.started

    @property
    def ok(self):
        return self.status is not None and 200 <= self.status < 300

    def describe(self):
        what = self.error or f"{self.status} {self.body[:160]!r}"
        return f"{self.method} {self.path} after {self.seconds:.2f} s: {what}"


ANSWERS = []          # every answer of the run, for the credential scan
ANSWERS_LOCK = threading.Lock()


def send(port, method, path, body=None, headers=None):
    """One request on its own connection; a missing answer is recorded, never raised."""
    answer = Answer(method, path, time.monotonic())
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=CLIENT_TIMEOUT)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        answer.body = response.read()
        answer.status = response.status
        answer.headers = {k.lower(): v for k, v in response.getheaders()}
    except socket.timeout:
        answer.error = f"no answer within {CLIENT_TIMEOUT} s (a hang)"
    except (OSError, http.client.HTTPException) as error:
        answer.error = f"{type(error).__name__}: {error} (a reset or crashed server)"
    finally:
        connection.close()
        answer.ended = time.monotonic()
    with ANSWERS_LOCK:
        ANSWERS.append(answer)
    return answer


def unavailable_complaint(answer):
    """None when `answer` is a proper 503 problem with Retry-After, else what is wrong."""
    if answer.error:
        return answer.describe()
    if answer.status != 503:
        return f"expected 503: {answer.describe()}"
    retry = answer.headers.get("retry-after", "")
    if not retry.isdigit():
        return f"503 without a Retry-After in seconds ({retry!r}): {answer.describe()}"
    if not answer.headers.get("content-type", "").startswith("application/problem+json"):
        return f"503 as {answer.headers.get('content-type')!r}, not application/problem+json: {answer.describe()}"
    try:
        if json.loads(answer.body).get("status") != 503:
            return f"problem body without status 503: {answer.describe()}"
    except ValueError:
        return f"problem body is not JSON: {answer.describe()}"
    return None


def acceptable_complaint(answer):
    """None for a 2xx or a proper 503 problem."""
    return None if answer.ok else unavailable_complaint(answer)


class Session:
    def __init__(self, port):
        self.id, self.token = slclient.open_session(slclient.Client(port))

    def value_path(self, key="k"):
        return f"/v1/sessions/{self.id}/scenes/main/values/{key}"

    def get(self, port, key="k"):
        return send(port, "GET", self.value_path(key), headers={"Authorization": f"Bearer {self.token}"})

    def put(self, port, body=b"v", key="k"):
        return send(port, "PUT", self.value_path(key), body=body,
                    headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/octet-stream"})


# PostgreSQL -------------------------------------------------------------------------------
class Postgres:
    def __init__(self, password):
        self.port = slclient.free_port()
        self.socket_dir = f"/tmp/scenelink-pg-{self.port}"
        self.password = password
        self.url = None

    def start(self):
        env = dict(os.environ, SCENELINK_PG_PASSWORD=self.password)
        self.url = subprocess.run([POSTGRES_SH, "start", str(self.port)], check=True, env=env,
                                  capture_output=True, text=True).stdout.strip()

    def stop(self):
        subprocess.run([POSTGRES_SH, "stop", str(self.port)], capture_output=True)

    def crash(self):
        subprocess.run([POSTGRES_SH, "crash", str(self.port)], check=True, capture_output=True)

    def restart(self):
        subprocess.run([POSTGRES_SH, "restart", str(self.port)], check=True, capture_output=True)

    def store_url(self, application, password=None):
        """The URL an instance gets: the password in it, the instance's name as application_name."""
        return (f"postgres://{USER}:{password or self.password}@127.0.0.1:{self.port}/scenelink"
                f"?application_name={application}")

    def psql_arguments(self):
        return ["psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-h", self.socket_dir,
                "-p", str(self.port), "-U", USER, "-d", "scenelink"]

    def query(self, sql):
        """Runs SQL through the trusted Unix socket; returns the output's first line."""
        result = subprocess.run(self.psql_arguments() + ["-c", sql], check=True, capture_output=True, text=True)
        return result.stdout.strip().split("\n")[0]

    def query_all(self, sql):
        result = subprocess.run(self.psql_arguments() + ["-c", sql], check=True, capture_output=True, text=True)
        return [line for line in result.stdout.split("\n") if line.strip()]

    def count(self, sql):
        return int(self.query(sql) or 0)

    def tcp_login_works(self, password):
        env = dict(os.environ, PGPASSWORD=password, PGCONNECT_TIMEOUT="5")
        result = subprocess.run(["psql", "-X", "-t", "-A", "-h", "127.0.0.1", "-p", str(self.port), "-U", USER,
                                 "-d", "scenelink", "-c", "SELECT 1"], env=env, capture_output=True, text=True)
        return result.returncode == 0

    def wait_until(self, sql, expected, timeout=5):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.count(sql) >= expected:
                return True
            time.sleep(0.02)
        return False


class RowLock:
    """A psql transaction holding one session's row (`SELECT … FOR UPDATE`) until released."""

    def __init__(self, postgres, session_id):
        if not re.fullmatch(r"[A-Za-z0-9_-]+", session_id):
            raise ValueError(f"unexpected session id {session_id!r}")
        self.postgres = postgres
        self.process = subprocess.Popen(postgres.psql_arguments(), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, text=True,
                                        env=dict(os.environ, PGAPPNAME="faults-lock"))
        self.process.stdin.write(f"BEGIN;\nSELECT id FROM sessions WHERE id = '{session_id}' FOR UPDATE;\n")
        self.process.stdin.flush()
        if not postgres.wait_until("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'faults-lock' "
                                   "AND state = 'idle in transaction'", 1):
            self.release()
            raise RuntimeError("the psql row lock did not take hold within 5 s")

    def release(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.write("ROLLBACK;\n\\q\n")
                self.process.stdin.close()
                self.process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()


# Instances --------------------------------------------------------------------------------
class Instance:
    def __init__(self, name, postgres, folder, flags):
        self.name, self.flags = name, flags
        self.url = postgres.store_url(f"scenelink-{name}")
        self.port = slclient.free_port()
        self.log_path = os.path.join(folder, f"{name}.log")
        self.process, self.pid = None, None

    def start(self, binary):
        with open(self.log_path, "ab") as log:
            self.process = slclient.start_server(
                binary, self.port, os.path.join(os.path.dirname(self.log_path), "unused.sqlite"),
                ["--store", self.url, "--log-level", "debug", *self.flags], log=log)
        self.pid = self.process.pid

    def alive(self):
        return self.process is not None and self.process.poll() is None and self.process.pid == self.pid

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            try:
                slclient.stop_server(self.process)
            except RuntimeError:
                pass

    def backends(self):
        return f"application_name = 'scenelink-{self.name}'"


# Cases ------------------------------------------------------------------------------------
class Case:
    """One named check: collects failures and notes, prints PASS or FAIL."""

    def __init__(self, name):
        self.name, self.failures, self.notes = name, [], []

    def check(self, condition, failure):
        if not condition:
            self.failures.append(failure)
        return condition

    def note(self, text):
        self.notes.append(text)

    def expect_acceptable(self, answers, what):
        for answer in answers:
            complaint = acceptable_complaint(answer)
            self.check(complaint is None, f"{what}: {complaint}")

    def report(self):
        print(f"\n{self.name}: {'PASS' if not self.failures else 'FAIL'}")
        for note in self.notes:
            print(f"  {note}")
        for failure in self.failures[:12]:
            print(f"  FAIL: {failure}")
        if len(self.failures) > 12:
            print(f"  ... and {len(self.failures) - 12} more failures")
        sys.stdout.flush()
        return not self.failures


def until_serving(case, instance, session, since, what):
    """Repeats a GET and a PUT until both succeed; returns the seconds since `since`, or None."""
    deadline = time.monotonic() + RECOVERY
    while time.monotonic() < deadline:
        read, write = session.get(instance.port), session.put(instance.port, body=b"again")
        case.expect_acceptable([read, write], what)
        if read.ok and write.ok:
            return time.monotonic() - since
        time.sleep(0.05)
    case.check(False, f"{what}: a GET and a PUT did not both succeed within {RECOVERY} s")
    return None


def dropped_connection(postgres, main):
    case = Case("dropped connection (pg_terminate_backend)")
    session = Session(main.port)
    case.check(session.put(main.port, body=b"v0").ok, "the first PUT failed")
    for first in ("GET", "POST"):
        # Both pooled connections open: concurrent reads keep more than one thread busy.
        warm = [threading.Thread(target=session.get, args=(main.port,)) for _ in range(8)]
        for thread in warm:
            thread.start()
        for thread in warm:
            thread.join()
        killed = terminate(postgres, main)
        since = time.monotonic()
        case.check(killed >= 1, f"{first} first: no backend of main to terminate")
        # A PUT reads its session before it writes, so that read would meet the dead connection
        # first; POST /v1/sessions is a write alone, the path that is never retried.
        answers = [session.get(main.port), session.put(main.port, body=b"v1")] if first == "GET" else \
            [send(main.port, "POST", "/v1/sessions"), session.put(main.port, body=b"v1")]
        case.expect_acceptable(answers, f"{first} first")
        recovered = until_serving(case, main, session, since, f"{first} first")
        statuses = ", ".join(f"{a.method} {a.status or a.error} in {a.seconds * 1000:.0f} ms" for a in answers)
        case.note(f"{first} first: {killed} backend(s) terminated; then {statuses}; "
                  f"GET and PUT both 2xx {recovered or float('nan'):.2f} s after the terminate")

    # Terminated while a statement runs: the PUT waits for a row lock (statement timeout 1 s).
    lock = RowLock(postgres, session.id)
    try:
        held = {}
        writer = threading.Thread(target=lambda: held.setdefault("answer", session.put(main.port, body=b"v2")))
        writer.start()
        case.check(postgres.wait_until(f"SELECT count(*) FROM pg_stat_activity WHERE {main.backends()} "
                                       "AND wait_event_type = 'Lock'", 1), "the PUT did not wait for the row lock")
        since = time.monotonic()
        killed = terminate(postgres, main)
        writer.join(timeout=CLIENT_TIMEOUT + 1)
    finally:
        lock.release()
    answer = held.get("answer")
    case.check(answer is not None and unavailable_complaint(answer) is None,
               f"the PUT whose connection was terminated: {unavailable_complaint(answer) if answer else 'no answer'}")
    if answer is not None:
        case.check(answer.ended - since < 0.5, f"the PUT whose connection was terminated answered {answer.ended - since:.2f} s "
                   "after the terminate (the statement timeout, not the dropped connection, ended it)")
    recovered = until_serving(case, main, session, since, "during a statement")
    if answer is not None:
        case.note(f"during a statement: {killed} backend(s) terminated; the waiting PUT answered "
                  f"{answer.status or answer.error} {(answer.ended - since) * 1000:.0f} ms after the terminate was sent; "
                  f"GET and PUT both 2xx {recovered or float('nan'):.2f} s after the terminate")
    return case.report()


def frozen_backend(postgres, main):
    case = Case("frozen backend (SIGSTOP on main's backends: the server neither answers nor closes)")
    session = Session(main.port)
    case.check(session.put(main.port, body=b"before").ok, "the first PUT failed")
    warm = [threading.Thread(target=session.get, args=(main.port,)) for _ in range(8)]
    for thread in warm:
        thread.start()
    for thread in warm:
        thread.join()
    pids = [int(p) for p in postgres.query_all(f"SELECT pid FROM pg_stat_activity WHERE {main.backends()}")]
    case.check(len(pids) >= 1, "main has no backend to freeze")
    stopped = []
    try:
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
            stopped.append(pid)
        since = time.monotonic()
        answers = [session.get(main.port), session.put(main.port, body=b"frozen")]
        case.expect_acceptable(answers, "while frozen")
        # The response timeout is twice the 1 s statement timeout; a fresh connection may follow.
        case.check(all(a.seconds < 4 for a in answers),
                   "answers took " + ", ".join(f"{a.seconds:.2f}" for a in answers) + " s; at most 4 s expected")
        recovered = until_serving(case, main, session, since, "while frozen")
        statuses = ", ".join(f"{a.method} {a.status or a.error} after {a.seconds:.2f} s" for a in answers)
        case.note(f"{len(pids)} backend(s) stopped; then {statuses}; GET and PUT both 2xx "
                  f"{recovered or float('nan'):.2f} s after the freeze (on new connections, the old backends still stopped)")
    finally:
        for pid in stopped:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
    return case.report()


def terminate(postgres, instance):
    """pg_terminate_backend on every backend of `instance`; returns once they have exited."""
    return postgres.count("SELECT count(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity "
                          f"WHERE {instance.backends()}")


def statement_timeout(postgres, main):
    case = Case("statement timeout (a row lock held by psql, --store-statement-timeout 1s)")
    session = Session(main.port)
    case.check(session.put(main.port, body=b"before").ok, "the first PUT failed")
    lock = RowLock(postgres, session.id)
    try:
        read = session.get(main.port)
        case.check(read.ok, f"a GET while the row is locked: {read.describe()}")
        write = session.put(main.port, body=b"during")
        case.check(unavailable_complaint(write) is None, f"the PUT while the row is locked: {unavailable_complaint(write)}")
        case.check(0.8 <= write.seconds <= 2.5,
                   f"the PUT answered after {write.seconds:.2f} s, expected the 1 s statement timeout (+1.5 s at most)")
        case.note(f"GET while locked: {read.status} in {read.seconds * 1000:.0f} ms; "
                  f"PUT while locked: {write.status or write.error} after {write.seconds:.2f} s")
    finally:
        lock.release()
    released = time.monotonic()
    recovered = until_serving(case, main, session, released, "after ROLLBACK")
    read = session.get(main.port)
    case.check(read.ok and read.body == b"again", f"the value after the lock: {read.describe()}")
    case.note(f"after ROLLBACK: GET and PUT both 2xx in {recovered or float('nan'):.2f} s")
    return case.report()


def full_pool(postgres, tiny):
    case = Case("full pool (1 connection busy, --store-max-queued 2, --store-acquire-timeout 1s)")
    if not case.check(tiny.alive(), "the instance 'tiny' is not running (see its start failure above)"):
        return case.report()
    session = Session(tiny.port)
    case.check(session.put(tiny.port, body=b"before").ok, "the first PUT failed")
    lock = RowLock(postgres, session.id)
    blocked = {}
    blocker = threading.Thread(target=lambda: blocked.setdefault("answer", session.put(tiny.port, body=b"blocked")))
    try:
        blocker.start()
        waiting = postgres.wait_until(f"SELECT count(*) FROM pg_stat_activity WHERE {tiny.backends()} "
                                      "AND wait_event_type = 'Lock'", 1)
        case.check(waiting, "tiny's connection did not wait for the row lock within 5 s")
        burst, results, start = 10, [None] * 10, threading.Barrier(10)

        def one(index):
            start.wait()
            results[index] = session.get(tiny.port)
        threads = [threading.Thread(target=one, args=(i,)) for i in range(burst)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        case.expect_acceptable(results, "burst")
        at_once = [a for a in results if a.status == 503 and a.seconds < 0.5]
        later = sorted(a.seconds for a in results if a not in at_once)
        case.check(len(at_once) >= burst - 2,
                   f"{len(at_once)} of {burst} GETs were 503 within 0.5 s; at least {burst - 2} should be")
        case.check(all(s <= 2.0 for s in later),
                   f"queued GETs answered after {', '.join(f'{s:.2f}' for s in later)} s: more than the 1 s acquire "
                   "timeout + 1 s (they waited for the busy connection)")
        case.note(f"{burst} concurrent GETs: {len(at_once)} answered 503 within 0.5 s "
                  f"(slowest {max((a.seconds for a in at_once), default=0) * 1000:.0f} ms); the rest "
                  f"({', '.join(f'{a.status or a.error} after {a.seconds:.2f} s' for a in results if a not in at_once)})")
    finally:
        blocker.join(timeout=CLIENT_TIMEOUT + 1)
        lock.release()
    answer = blocked.get("answer")
    case.check(answer is not None and unavailable_complaint(answer) is None,
               f"the PUT that held the connection: {unavailable_complaint(answer) if answer else 'no answer'}")
    if answer is not None:
        case.note(f"the PUT holding the connection: {answer.status or answer.error} after {answer.seconds:.2f} s "
                  "(statement timeout 3 s)")
    recovered = until_serving(case, tiny, session, time.monotonic(), "after ROLLBACK")
    case.note(f"after ROLLBACK: GET and PUT both 2xx in {recovered or float('nan'):.2f} s")
    return case.report()


def readiness(instance):
    return send(instance.port, "GET", "/readyz")


def postgres_restart(postgres, main, instances):
    case = Case("PostgreSQL restart (pg_ctl stop -m immediate, 2.5 s down, start)")
    session = Session(main.port)
    created = send(main.port, "POST", "/v1/short-links", body=json.dumps({"link": "fuelmoney://settings/account", "alias": "faults"}),
                   headers={"Authorization": f"Bearer {ADMIN_TOKEN}", "Content-Type": "application/json"})
    case.check(created.status == 201, f"creating the short link: {created.describe()}")
    stop = threading.Event()
    answers, lock = [], threading.Lock()

    def client(worker):
        n = 0
        while not stop.is_set():
            if worker < 3:
                key = f"w{worker}k{n % 16}"   # 48 keys: under the 64 one scene may hold
                round_trip = (session.put(main.port, body=key.encode(), key=key), session.get(main.port, key=key))
            else:   # a write alone, and a short link's follow (a read, its click counted after)
                round_trip = (send(main.port, "POST", "/v1/sessions"),
                              send(main.port, "GET", "/s/faults", headers={"Accept": "application/json"}))
            with lock:
                answers.extend(round_trip)
            n += 1
            time.sleep(0.01)
    clients = [threading.Thread(target=client, args=(w,)) for w in range(4)]
    for thread in clients:
        thread.start()
    try:
        time.sleep(1)
        postgres.crash()
        down = time.monotonic()
        probes, pages = [], []
        while time.monotonic() - down < 2.5:
            probes.append(readiness(main))
            pages.append(send(main.port, "GET", "/metrics"))
            pages.append(send(main.port, "GET", "/healthz"))
            time.sleep(0.2)
        restarting = time.monotonic()
        postgres.restart()
        up = time.monotonic()
        ready = {}
        for instance in instances:
            while time.monotonic() - up < RECOVERY and instance.name not in ready:
                probe = readiness(instance)
                if probe.status == 200:
                    ready[instance.name] = time.monotonic() - up
                else:
                    case.expect_acceptable([probe], f"/readyz of {instance.name} after the restart")
                    time.sleep(0.05)
        serving = None
        while time.monotonic() - up < RECOVERY and serving is None:
            with lock:
                after = [a for a in answers if a.started >= up]
            if any(a.ok and a.method == "PUT" for a in after) and any(a.ok and a.method == "GET" for a in after):
                serving = max(a.ended for a in after if a.ok) - up
            time.sleep(0.05)
        time.sleep(0.3)
    finally:
        stop.set()
        for thread in clients:
            thread.join(timeout=CLIENT_TIMEOUT + 2)

    case.expect_acceptable(answers, "client loop")
    during = [a for a in answers if a.started >= down and a.ended <= restarting]
    case.check(len(during) > 0, "no client request was answered while PostgreSQL was down")
    for answer in during:
        complaint = unavailable_complaint(answer)
        case.check(complaint is None, f"while down: {complaint}")
    for probe in probes:
        complaint = unavailable_complaint(probe)
        case.check(complaint is None, f"/readyz while down: {complaint}")
    for page in pages:
        case.check(page.status == 200 and page.seconds < 1, f"{page.path} while down: {page.describe()}")
    for method, path in (("PUT", "/values/"), ("GET", "/values/"), ("POST", "/v1/sessions"), ("GET", "/s/faults")):
        case.check(any(a.method == method and path in a.path for a in during),
                   f"no {method} {path} was answered while PostgreSQL was down")
    for instance in instances:
        case.check(instance.name in ready, f"{instance.name}'s /readyz was not 200 within {RECOVERY} s of the restart")
        case.check(instance.alive(), f"{instance.name} (pid {instance.pid}) is no longer running")
    case.check(serving is not None, f"the client loop saw no successful GET and PUT within {RECOVERY} s of the restart")
    slowest = max((a.seconds for a in answers), default=0)
    slowest_down = max((a.seconds for a in during), default=0)
    counts = {}
    for answer in answers:
        counts[answer.status or "error"] = counts.get(answer.status or "error", 0) + 1
    case.note(f"client answers {dict(sorted(counts.items(), key=str))}; {len(during)} while down, all 503 "
              f"(slowest {slowest_down * 1000:.0f} ms); slowest of all {slowest * 1000:.0f} ms")
    case.note(f"/readyz while down: {sorted(set(p.status or p.error for p in probes), key=str)} ({len(probes)} probes); "
              f"/metrics and /healthz {sorted(set(p.status or p.error for p in pages), key=str)}, slowest "
              f"{max((p.seconds for p in pages), default=0) * 1000:.0f} ms")
    case.note("after pg_ctl start returned: " + ", ".join(f"{name} ready in {s:.2f} s" for name, s in ready.items())
              + (f", client loop served GET and PUT in {serving:.2f} s" if serving is not None else ""))
    case.note("same processes: " + ", ".join(f"{i.name} pid {i.pid} {'running' if i.alive() else 'GONE'}"
                                             for i in instances))
    return case.report()


def wrong_password(postgres, binary, folder, outputs):
    case = Case("wrong password at start")
    wrong = "wrong-" + secrets.token_hex(8)
    url = postgres.store_url("scenelink-wrong", password=wrong)
    try:
        result = subprocess.run([binary, "serve", "--port", "0", "--db", os.path.join(folder, "unused.sqlite"),
                                 "--store", url], capture_output=True, text=True, timeout=CLIENT_TIMEOUT)
        output = result.stdout + result.stderr
        outputs.append(("the wrong-password start's output", output, wrong))
        case.check(result.returncode != 0, "the instance started with a wrong password")
        case.check(wrong not in output, "its message shows the password")
        case.check(f"127.0.0.1:{postgres.port}" in output, f"its message does not name the database: {output!r}")
        case.note(f"exit {result.returncode}: {output.strip()[:300]}")
    except subprocess.TimeoutExpired:
        case.check(False, f"the instance neither started nor exited within {CLIENT_TIMEOUT} s")
    return case.report()


def log_lines(instances):
    case = Case("log lines (every line of the instances' output is one JSON object)")
    for instance in instances:
        with open(instance.log_path, "rb") as log:
            lines = log.read().decode("utf-8", "replace").splitlines()
        for line in lines:
            try:
                case.check(isinstance(json.loads(line), dict), f"{instance.name}: not a JSON object: {line[:160]!r}")
            except ValueError:
                case.check(False, f"{instance.name}: not JSON: {line[:160]!r}")
        case.note(f"{instance.name}: {len(lines)} lines")
    return case.report()


def clean_stop(instances, postgres, outputs):
    """Keeps each instance's /metrics for the credential scan, then stops it with SIGTERM."""
    case = Case("clean stop (SIGTERM after all the faults: exit 0 within 15 s)")
    for instance in instances:
        metrics = send(instance.port, "GET", "/metrics")
        case.check(metrics.status == 200, f"/metrics of {instance.name}: {metrics.describe()}")
        outputs.append((f"/metrics of {instance.name}", metrics.body.decode("utf-8", "replace"), postgres.password))
        started = time.monotonic()
        try:
            code = slclient.stop_server(instance.process)
            case.check(code == 0, f"{instance.name} exited {code} on SIGTERM")
            case.note(f"{instance.name}: exit {code} {time.monotonic() - started:.2f} s after SIGTERM")
        except RuntimeError as error:
            case.check(False, f"{instance.name}: {error}")
    return case.report()


def credentials(postgres, instances, outputs):
    case = Case("credentials (logs, /metrics, problem and /readyz bodies)")
    texts = list(outputs)
    forbidden = postgres.password
    for instance in instances:
        with open(instance.log_path, "rb") as log:
            texts.append((f"{instance.name}'s log", log.read().decode("utf-8", "replace"), forbidden))
    with ANSWERS_LOCK:
        seen = list(ANSWERS)
    problems = [a for a in seen if a.headers.get("content-type", "").startswith("application/problem+json")]
    ready = [a for a in seen if a.path == "/readyz"]
    for answer in problems + ready:
        texts.append((f"{answer.method} {answer.path} ({answer.status})", answer.body.decode("utf-8", "replace"),
                      forbidden))
    scanned = 0
    for name, text, password in texts:
        scanned += len(text)
        case.check(password not in text, f"{name} contains the password")
        case.check(f"{USER}:{password}@" not in text, f"{name} contains USER:PASSWORD@")
    logs = "".join(text for name, text, _ in texts if name.endswith("'s log"))
    case.check(f"127.0.0.1:{postgres.port}" in logs, "the logs never name the store (is the scan looking at them?)")
    case.check(len(problems) > 0 and any(a.status == 503 for a in ready), "no 503 problem or /readyz body was seen")
    case.note(f"scanned {len(texts)} texts, {scanned} characters: {len(problems)} problem bodies, "
              f"{len(ready)} /readyz bodies, {len(instances)} logs and /metrics pages")
    return case.report()


def main():
    # Stopped from outside (postgres_faults.sh's timeout): the finally blocks still stop
    # everything this script started and resume frozen backends.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("postgres_faults: stopped by SIGTERM"))
    for name in [k for k in os.environ if k.startswith("PG")]:
        del os.environ[name]   # the instances get their credentials from the URL only
    binary = slclient.binary_path(ROOT)
    if not os.path.exists(binary):
        sys.exit(f"postgres_faults: no {binary}; swift build -c release --product scenelink, or set SCENELINK_BIN")
    folder = tempfile.mkdtemp(prefix="scenelink-faults-")
    postgres = Postgres("pw-" + secrets.token_hex(12))
    main_instance = Instance("main", postgres, folder, ["--store-connections", "2", "--store-statement-timeout", "1s",
                                                        "--admin-token", ADMIN_TOKEN])
    tiny = Instance("tiny", postgres, folder, ["--store-connections", "1", "--store-statement-timeout", "3s",
                                               "--store-acquire-timeout", "1s", "--store-max-queued", "2"])
    results, outputs = [], []
    began = time.monotonic()
    try:
        postgres.start()
        if not (postgres.tcp_login_works(postgres.password) and not postgres.tcp_login_works("not-the-password")):
            sys.exit("postgres_faults: the throwaway PostgreSQL does not enforce its password over TCP")
        print(f"PostgreSQL :{postgres.port} (scram-sha-256 over TCP, a random password); binary {binary}")
        main_instance.start(binary)
        try:
            tiny.start(binary)
        except RuntimeError as error:
            print(f"tiny did not start: {error}")
        print(f"main :{main_instance.port} (pid {main_instance.pid}), tiny :{tiny.port}", flush=True)
        results.append(dropped_connection(postgres, main_instance))
        results.append(frozen_backend(postgres, main_instance))
        results.append(statement_timeout(postgres, main_instance))
        results.append(full_pool(postgres, tiny))
        running = [i for i in (main_instance, tiny) if i.alive()]
        results.append(postgres_restart(postgres, main_instance, running))
        results.append(wrong_password(postgres, binary, folder, outputs))
        results.append(clean_stop(running, postgres, outputs))
        results.append(log_lines(running))
        results.append(credentials(postgres, running, outputs))
    finally:
        for instance in (main_instance, tiny):
            instance.stop()
        failed = not all(results) or not results
        if failed:
            for instance in (main_instance, tiny):
                if os.path.exists(instance.log_path):
                    with open(instance.log_path, "rb") as log:
                        tail = log.read().decode("utf-8", "replace").splitlines()[-15:]
                    print(f"\n--- the last lines of {instance.name}'s log")
                    print("\n".join(tail))
        postgres.stop()
        if os.environ.get("KEEP_FAULT_LOGS") is None:
            shutil.rmtree(folder, ignore_errors=True)
    passed = sum(1 for r in results if r)
    print(f"\npostgres faults: {passed} of {len(results)} cases passed in {time.monotonic() - began:.1f} s")
    sys.exit(0 if passed == len(results) else 1)


if __name__ == "__main__":
    main()
