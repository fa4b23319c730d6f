#!/usr/bin/env bash
# In-process QR encoding beside libqrencode: the same 1,000 URLs of 100 bytes encoded at level M
# in byte mode (automatic version and mask) by bench/QRBench (release) and by
# bench/qrencode_peer.c (gcc -O2 against libqrencode, apt libqrencode-dev), in interleaved
# rounds (and 100 URLs of 2,000 bytes, version 38, the same way); medians of ns per code, the ratio, SceneLink with its SVG written too, and
# instructions per code under callgrind (the 400-input run minus the 200-input one, so start-up
# cancels out), which hold still on a busy machine.
#
# Usage: bench/qr.sh [ROUNDS]   (default 5; the log goes to .build/bench-logs/)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
work=.build/bench-qr
logs=.build/bench-logs
mkdir -p "$work" "$logs"
log=$logs/qr-$(date -u +%Y%m%dT%H%M%SZ).log
exec > >(tee "$log") 2>&1
echo "bench/qr.sh $rounds: $(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
swift build -c release --product QRBench 2>&1 | grep -E 'error|warning: ' || true
if [ ! -f /usr/include/qrencode.h ]; then
  echo "bench/qr.sh: the libqrencode peer needs libqrencode's header; apt-get install libqrencode-dev" >&2
  exit 1
fi
gcc -O2 -Wall -Wextra -o "$work/qrencode_peer" bench/qrencode_peer.c -lqrencode
python3 - "$work" <<'PY'
import random, sys
rng = random.Random(100)
chars = "abcdefghijklmnopqrstuvwxyz0123456789-_"
prefix = "https://fuelmoney.example.com/s/"
lines = [prefix + "".join(rng.choice(chars) for _ in range(100 - len(prefix))) for _ in range(1000)]
open(sys.argv[1] + "/urls.txt", "w").write("\n".join(lines) + "\n")
open(sys.argv[1] + "/urls200.txt", "w").write("\n".join(lines[:200]) + "\n")
open(sys.argv[1] + "/urls400.txt", "w").write("\n".join(lines[:400]) + "\n")
# The large end: 100 URLs of 2,000 bytes (version 38 at M).
large = [prefix + "".join(rng.choice(chars) for _ in range(2000 - len(prefix))) for _ in range(100)]
open(sys.argv[1] + "/urls2000.txt", "w").write("\n".join(large) + "\n")
PY
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ours=() theirs=() svg=()
for round in $(seq 1 "$rounds"); do
  ours+=("$(.build/release/QRBench "$work/urls.txt" 3 | tail -1 | grep -Eo 'median [0-9]+' | grep -Eo '[0-9]+')")
  theirs+=("$("$work/qrencode_peer" "$work/urls.txt" 3 | tail -1 | grep -Eo 'median [0-9]+' | grep -Eo '[0-9]+')")
  svg+=("$(.build/release/QRBench "$work/urls.txt" 3 svg | tail -1 | grep -Eo 'median [0-9]+' | grep -Eo '[0-9]+')")
  echo "round $round: SceneLink ${ours[-1]} ns, libqrencode ${theirs[-1]} ns, SceneLink + svg() ${svg[-1]} ns"
done
.build/release/QRBench "$work/urls.txt" 1 | tail -1
"$work/qrencode_peer" "$work/urls.txt" 1 | tail -1
o=$(printf '%s\n' "${ours[@]}" | median)
t=$(printf '%s\n' "${theirs[@]}" | median)
s=$(printf '%s\n' "${svg[@]}" | median)
large_ours=() large_theirs=()
for round in $(seq 1 "$rounds"); do
  large_ours+=("$(.build/release/QRBench "$work/urls2000.txt" 3 | tail -1 | grep -Eo 'median [0-9]+' | grep -Eo '[0-9]+')")
  large_theirs+=("$("$work/qrencode_peer" "$work/urls2000.txt" 3 | tail -1 | grep -Eo 'median [0-9]+' | grep -Eo '[0-9]+')")
done
lo=$(printf '%s\n' "${large_ours[@]}" | median)
lt=$(printf '%s\n' "${large_theirs[@]}" | median)
echo "2,000-byte URLs (version 38), median of $rounds rounds: SceneLink $lo ns/code, libqrencode $lt ns/code ($(awk -v a="$lt" -v b="$lo" 'BEGIN { printf "%.2f", a / b }')x as fast)"
echo "median of $rounds rounds: SceneLink $o ns/code, libqrencode $t ns/code (SceneLink is $(awk -v a="$t" -v b="$o" 'BEGIN { printf "%.2f", a / b }')x as fast); SceneLink + svg() $s ns/code"
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | grep -Eo 'refs: +[0-9,]+' | tr -d ', ' | cut -d: -f2
}
a=$(instructions .build/release/QRBench "$work/urls200.txt" 1); b=$(instructions .build/release/QRBench "$work/urls400.txt" 1)
c=$(instructions "$work/qrencode_peer" "$work/urls200.txt" 1); d=$(instructions "$work/qrencode_peer" "$work/urls400.txt" 1)
e=$(instructions .build/release/QRBench "$work/urls200.txt" 1 svg); f=$(instructions .build/release/QRBench "$work/urls400.txt" 1 svg)
echo "instructions per code (callgrind): SceneLink $(( (b - a) / 200 )), libqrencode $(( (d - c) / 200 )), SceneLink + svg() $(( (f - e) / 200 ))"
echo "log: $log"
