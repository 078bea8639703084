#!/usr/bin/env bash
# Build the benchmark venv (RLCard + this package, never the product's venv) and run the comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=bench/.venv-rlcard
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
"$VENV/bin/python" -c "import rlcard, tischrunde" 2>/dev/null || \
  "$VENV/bin/pip" install -q "rlcard==1.2.0" "numpy<3" -e .
exec "$VENV/bin/python" bench/compare_rlcard.py "$@"
