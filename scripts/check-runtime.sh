#!/usr/bin/env bash
# What the container image needs, checked without a Docker engine.
#
# 1. Builds scenelink as the Dockerfile does (release, --static-swift-stdlib) into .build-static.
# 2. ldd: every shared library the binary needs must come from a package the Dockerfile's
#    runtime stage installs (or from Debian's essential libc6 / libgcc-s1).
# 3. Starts it as an unprivileged user with only the environment variables the Dockerfile
#    sets (ENV lines), in a copy of the image's layout; `scenelink healthcheck` must pass.
# 4. SIGTERM: it must exit 0 within the drain time (10 s by default) plus a margin.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

echo "--- the build stage's copies make a valid package (every target's folder is copied)"
stage=$(mktemp -d /tmp/scenelink-build-stage.XXXXXX)
awk '/^FROM debian/{exit} /^COPY /{print $2, $3}' Dockerfile | while read -r src dest; do
  mkdir -p "$stage/$(dirname "$dest")"
  cp -r "$root/$src" "$stage/$dest"
done
(cd "$stage" && swift package describe --type json >/dev/null) || {
  echo "the Dockerfile's build stage does not copy every folder Package.swift names"; rm -rf "$stage"; exit 1; }
rm -rf "$stage"
echo "ok: Package.swift, Sources, Tests, Plugins and bench as the build stage copies them"

echo "--- build (release, static Swift stdlib; FoundationNetworking and the webhook sender need libcurl4-openssl-dev)"
swift build -c release --static-swift-stdlib --product scenelink --scratch-path .build-static 2>&1 | tail -1
bin=$root/.build-static/release/scenelink

echo "--- shared libraries"
runtime_pkgs=$(awk '/^FROM debian/{rt=1} rt && /apt-get install/{for(i=1;i<=NF;i++) if ($i ~ /^lib|^ca-|^tzdata/) print $i}' Dockerfile)
echo "runtime stage installs: $(echo $runtime_pkgs)"
# What apt brings along with them (libpq5 pulls in libssl3, Kerberos, LDAP), from the
# installed packages' Depends fields, so no package list needs downloading.
declare -A closure=()
add_with_depends() {
  local pkg=$1 dep
  [ -n "${closure[$pkg]:-}" ] && return
  closure[$pkg]=1
  for dep in $(dpkg-query -W -f='${Depends} ${Pre-Depends}' "$pkg" 2>/dev/null \
               | tr ',|' '\n\n' | sed -e 's/(.*)//' -e 's/:any//' | awk 'NF {print $1}'); do
    add_with_depends "$dep"
  done
}
for pkg in $runtime_pkgs; do add_with_depends "$pkg"; done
status=0
while read -r lib path; do
  [ -n "$lib" ] || continue
  case "$lib" in linux-vdso*|*ld-linux*) continue ;; esac
  [ -n "$path" ] && [ -e "$path" ] || { echo "MISSING: $lib (not found on this machine)"; status=1; continue; }
  pkg=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -1 | cut -d: -f1) || pkg=""
  [ -n "$pkg" ] || pkg=$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1) || true
  case "$pkg" in
    libc6|libgcc-s1) verdict="essential in debian:bookworm-slim" ;;
    # A here-string, not `echo | grep -q`: under pipefail, grep quitting at its first match can
    # make echo fail with SIGPIPE, and the pipeline with it. -F: package names hold `+`.
    *) if grep -qxF -- "$pkg" <<<"$runtime_pkgs"; then verdict="installed by the Dockerfile"
       elif [ -n "$pkg" ] && [ -n "${closure[$pkg]:-}" ]; then verdict="a dependency of what the Dockerfile installs"
       else verdict="NOT installed by the Dockerfile"; status=1; fi ;;
  esac
  printf '  %-24s %-18s %s\n' "$lib" "${pkg:-?}" "$verdict"
done < <(ldd "$bin" | awk '{ if ($2 == "=>") print $1, $3; else print $1, "" }')
[ "$status" -eq 0 ] || { echo "the binary needs a library the runtime stage does not install"; exit 1; }

echo "--- start as an unprivileged user with only the Dockerfile's environment"
user=scenelink-ci
id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
image=$(mktemp -d /tmp/scenelink-image.XXXXXX)
pid=""
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$image"' EXIT
install -d -m 755 "$image/usr/local/bin" "$image/etc/scenelink"
install -m 755 "$bin" "$image/usr/local/bin/scenelink"
cp -r examples "$image/etc/scenelink/examples"
install -d -o "$user" -m 700 "$image/data"
chmod 755 "$image"
# ENV lines of the runtime stage, with /data mapped into the copy.
mapfile -t envs < <(awk '/^FROM debian/{rt=1} rt && /^ENV/{on=1} on{line=$0; sub(/^ENV +/,"",line); sub(/ *\\$/,"",line); n=split(line,a," "); for(i=1;i<=n;i++) if (a[i] ~ /=/) print a[i]; if ($0 !~ /\\$/) on=0}' Dockerfile \
  | sed "s#=/data#=$image/data#")
echo "environment: ${envs[*]}"
port=$(printf '%s\n' "${envs[@]}" | sed -n 's/^SCENELINK_PORT=//p')
cd "$image/data"
setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups \
  env -i "${envs[@]}" "$image/usr/local/bin/scenelink" serve > "$image/server.log" 2>&1 &
pid=$!
healthy=0
for _ in $(seq 1 50); do
  if setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups env -i "${envs[@]}" \
       "$image/usr/local/bin/scenelink" healthcheck >/dev/null 2>&1; then healthy=1; break; fi
  sleep 0.2
done
[ "$healthy" -eq 1 ] || { echo "healthcheck never passed; server log:"; cat "$image/server.log"; kill "$pid" 2>/dev/null; exit 1; }
echo "healthcheck: ok (server pid $pid, user $(ps -o user= -p "$pid"), port $port)"
curl -sf "http://127.0.0.1:$port/v1/resolve?url=fuelmoney://settings/account&format=navigationPath"; echo
[ -f "$image/data/scenelink.sqlite" ] && echo "database created in the data volume: $(ls -l "$image/data/scenelink.sqlite" | awk '{print $3, $5, $9}')"

echo "--- SIGTERM"
started=$(date +%s%N)
kill -TERM "$pid"
code=0
for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then echo "still running 15 s after SIGTERM"; kill -KILL "$pid"; exit 1; fi
wait "$pid" || code=$?
pid=""
echo "exited with $code after $(( ($(date +%s%N) - started) / 1000000 )) ms"
tail -3 "$image/server.log"
[ "$code" -eq 0 ] || exit 1
echo "runtime check: PASS"
