#!/usr/bin/env bash
# Build the benchmark venv (RLCard + this package, never the product's venv) and run the comparison.
#   bench/compare_rlcard.sh [--compiled] [compare_rlcard.py options]
# --compiled first builds the optional mypyc build (setup.py, TISCHRUNDE_MYPYC=1; about 30 s) into
# build/lib.* and runs the comparison against it; without it the pure-Python sources in src/ are measured.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=bench/.venv-rlcard
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
"$VENV/bin/python" -c "import rlcard, tischrunde, mypy" 2>/dev/null || \
  "$VENV/bin/pip" install -q "rlcard==1.2.0" "numpy<3" "mypy" "setuptools" -e .
if [ "${1:-}" = "--compiled" ]; then
  shift
  rm -rf build/lib.* build/temp.*
  TISCHRUNDE_MYPYC=1 "$VENV/bin/python" setup.py -q build >/dev/null
  export PYTHONPATH="$(echo "$PWD"/build/lib.*)"
  echo "compiled build: $PYTHONPATH"
else
  export PYTHONPATH="$PWD/src"
  echo "pure Python: $PYTHONPATH"
fi
exec "$VENV/bin/python" bench/compare_rlcard.py "$@"
