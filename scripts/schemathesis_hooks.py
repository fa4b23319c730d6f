"""Schemathesis hooks for SceneLink: per-session bearer tokens.

Every session route needs the token of *that* session. Schemathesis's stateful phase follows
the OpenAPI links from `POST /v1/sessions` to the session's routes, but a link cannot set the
`Authorization` header (OpenAPI ignores header parameters of that name). So this module:

- remembers the token of every session the run creates (`after_call`), and
- authenticates each request with the token of the session id in its path, or, for an id the
  run never created, with a real token of another session (the server must answer 404 then,
  which the spec documents: a token never reveals whether another session exists).

Loaded with SCHEMATHESIS_HOOKS=schemathesis_hooks (scripts/schemathesis.sh sets it).

Diagnostics (off unless set): SCHEMATHESIS_CALL_LOG=FILE appends one line per call (phase,
method, path template, status), which shows whether the stateful phase reached scenes and values
with real ids; SCHEMATHESIS_REJECTION_LOG=FILE appends every 400 and 500 with the request, to tell
a spec that is too loose (positive 400s) from a server defect.
"""
import json
import os
import threading
import urllib.request

import schemathesis

TOKENS: dict[str, str] = {}
LOCK = threading.Lock()
FALLBACK = {"token": None}


def _fallback_token():
    """A real token of a session created for the run, used for ids the run did not create."""
    with LOCK:
        if FALLBACK["token"] is None:
            base = os.environ["SCENELINK_URL"]
            request = urllib.request.Request(base + "/v1/sessions", method="POST", data=b"")
            with urllib.request.urlopen(request, timeout=10) as response:
                doc = json.load(response)
            TOKENS[doc["id"]] = doc["token"]
            FALLBACK["token"] = doc["token"]
        return FALLBACK["token"]


@schemathesis.hook
def after_call(context, case, response):
    if case.operation.method.upper() == "POST" and case.operation.path == "/v1/sessions" and response.status_code == 201:
        doc = json.loads(response.content)
        with LOCK:
            TOKENS[doc["id"]] = doc["token"]


@schemathesis.auth(refresh_interval=None)
class SessionToken:
    def get(self, case, context):
        session = (case.path_parameters or {}).get("id")
        with LOCK:
            token = TOKENS.get(session)
        return token or _fallback_token()

    def set(self, case, data, context):
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


@schemathesis.hook("after_call")
def log_rejections(context, case, response):
    calls = os.environ.get("SCHEMATHESIS_CALL_LOG")
    if calls:
        phase = getattr(getattr(getattr(case, "meta", None), "phase", None), "name", "?")
        with LOCK, open(calls, "a") as log:
            log.write(f"{phase} {case.method} {case.operation.path} {response.status_code} {case.formatted_path} {dict(case.headers or {}).get('If-Match')} {response.text[:120] if response.status_code == 404 else ''}\n")
    path = os.environ.get("SCHEMATHESIS_REJECTION_LOG")
    if path and response.status_code in (400, 500):
        with LOCK, open(path, "a") as log:
            mode = getattr(getattr(getattr(case, "meta", None), "generation", None), "mode", "?")
            log.write(f"{mode} {response.status_code} {case.method} {case.formatted_path} q={case.query} h={ {k: v for k, v in (case.headers or {}).items() if k != 'Authorization'} } body={response.text[:300]}\n")
