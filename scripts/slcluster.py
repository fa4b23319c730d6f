#!/usr/bin/env python3
"""Several SceneLink instances on one throwaway PostgreSQL, behind nginx (round robin).

Usage: scripts/cluster.sh [--instances 3] [--port 8090] [COMMAND ...]
(build first: swift build -c release --product scenelink; or set SCENELINK_BIN)

Starts PostgreSQL (scripts/postgres.sh: initdb in /tmp, loopback only, as the unprivileged
`postgres` user when run as root), N instances of `scenelink serve --store postgres://…`, and
nginx in front of them. Prints the addresses, then runs COMMAND with CLUSTER_URL,
CLUSTER_INSTANCES (comma-separated ports) and SCENELINK_STORE set, or waits for Ctrl-C.
Stops everything it started, whatever happens. The proofs (scripts/cluster_proofs.py) use the
Cluster class directly, to kill and restart instances and PostgreSQL.
"""
import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import slclient  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POSTGRES_SH = os.path.join(ROOT, "scripts", "postgres.sh")

NGINX_CONF = """
worker_processes 2;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    upstream scenelink {{
{servers}
        keepalive 64;
    }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 2m;
        location / {{
            proxy_pass http://scenelink;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            # An instance that dies mid-request: nginx tries the next one (PUT and DELETE are
            # idempotent; POST is never retried by nginx).
            proxy_next_upstream error timeout;
            proxy_connect_timeout 2s;
        }}
    }}
}}
"""


class Cluster:
    def __init__(self, instances=3, port=None, pg_port=None, extra=()):
        self.binary = slclient.binary_path(ROOT)
        self.count = instances
        self.port = port or slclient.free_port()
        self.pg_port = pg_port or slclient.free_port()
        self.extra = list(extra)
        self.dir = tempfile.mkdtemp(prefix="scenelink-cluster-")
        self.ports = [slclient.free_port() for _ in range(instances)]
        self.processes = [None] * instances
        self.nginx = None
        self.store = None
        self.logs = []

    # PostgreSQL -------------------------------------------------------------------------
    def start_postgres(self):
        self.store = subprocess.run([POSTGRES_SH, "start", str(self.pg_port)], check=True,
                                    capture_output=True, text=True).stdout.strip()

    def crash_postgres(self):
        """pg_ctl stop -m immediate: no shutdown checkpoint, crash recovery at the next start."""
        subprocess.run([POSTGRES_SH, "crash", str(self.pg_port)], check=True, capture_output=True)

    def restart_postgres(self):
        subprocess.run([POSTGRES_SH, "restart", str(self.pg_port)], check=True, capture_output=True)

    # Instances --------------------------------------------------------------------------
    def start_instance(self, index):
        log = open(os.path.join(self.dir, f"instance-{index}.log"), "ab")
        self.logs.append(log)
        args = ["--store", self.store, "--store-connections", "4", *self.extra]
        self.processes[index] = slclient.start_server(self.binary, self.ports[index],
                                                      os.path.join(self.dir, "unused.sqlite"), args, log=log)

    def kill_instance(self, index):
        process = self.processes[index]
        if process and process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait()

    # nginx ------------------------------------------------------------------------------
    def start_nginx(self):
        servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=1s;" for p in self.ports)
        conf = os.path.join(self.dir, "nginx.conf")
        with open(conf, "w") as f:
            f.write(NGINX_CONF.format(dir=self.dir, servers=servers, port=self.port))
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.nginx = subprocess.Popen([nginx, "-c", conf, "-p", self.dir], stdout=subprocess.DEVNULL,
                                      stderr=open(os.path.join(self.dir, "nginx-stderr.log"), "ab"))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not listen within 10 s; see " + self.dir)

    # All --------------------------------------------------------------------------------
    def start(self):
        try:
            self.start_postgres()
            for index in range(self.count):
                self.start_instance(index)
            self.start_nginx()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self):
        if self.nginx and self.nginx.poll() is None:
            self.nginx.send_signal(signal.SIGQUIT)
            try:
                self.nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
        for process in self.processes:
            if process and process.poll() is None:
                try:
                    slclient.stop_server(process)
                except RuntimeError:
                    pass
        subprocess.run([POSTGRES_SH, "stop", str(self.pg_port)], capture_output=True)
        for log in self.logs:
            log.close()
        if os.environ.get("KEEP_CLUSTER_LOGS") is None:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main():
    parser = argparse.ArgumentParser(usage="scripts/cluster.sh [--instances N] [--port PORT] [COMMAND ...]")
    parser.add_argument("--instances", type=int, default=3)
    parser.add_argument("--port", type=int, default=None, help="nginx's port (default: a free one)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    with Cluster(args.instances, args.port) as cluster:
        print(f"nginx:     http://127.0.0.1:{cluster.port} (round robin)")
        for port in cluster.ports:
            print(f"instance:  http://127.0.0.1:{port}")
        print(f"store:     {cluster.store}", flush=True)
        if args.command:
            env = dict(os.environ, CLUSTER_URL=f"http://127.0.0.1:{cluster.port}",
                       CLUSTER_INSTANCES=",".join(map(str, cluster.ports)), SCENELINK_STORE=cluster.store)
            sys.exit(subprocess.call(args.command, env=env))
        print("Ctrl-C stops everything.", flush=True)
        signal.signal(signal.SIGTERM, interrupt)
        try:
            while True:
                signal.pause()
        except KeyboardInterrupt:
            pass


def interrupt(*_):
    raise KeyboardInterrupt


if __name__ == "__main__":
    main()
