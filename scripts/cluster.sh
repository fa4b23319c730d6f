#!/usr/bin/env bash
# Several SceneLink instances on one throwaway PostgreSQL behind nginx (round robin); stops
# everything it started. See scripts/slcluster.py for the options, docs/deployment.md for the
# topology. Example: scripts/cluster.sh --instances 3 curl -s '$CLUSTER_URL/readyz'
set -euo pipefail
exec python3 "$(dirname "$0")/slcluster.py" "$@"
