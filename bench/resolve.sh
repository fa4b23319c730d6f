#!/bin/sh
# In-process resolve benchmark (release build): median ns per resolve (link → navigationPath
# bytes) at 10, 1,000 and 100,000 routes, load+validate time, and peak RSS.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product ResolveBench
exec .build/release/ResolveBench
