#!/usr/bin/env bash
# Creates .venv-trainers with TRL, transformers, datasets, peft, torch (CPU), pyarrow, DuckDB,
# statsmodels and gguf. Only the trainer tests and recipes need it; decepeval itself does not.
# Uses the machine's local package index when one is configured (offline machines), the
# normal index elsewhere. Idempotent: reinstalls only when requirements.txt changed.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.venv-trainers
req=scripts/trainers/requirements.txt
stamp=$venv/.decepeval-req-hash
want=$(sha256sum "$req" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then exit 0; fi
python3 -m venv "$venv"
index_args=()
# A local file:// index (pip config's extra-index-url) replaces PyPI, which such machines cannot reach.
local_index=$(pip config list 2>/dev/null | sed -n "s/^global.extra-index-url='\(.*\)'$/\1/p")
if [ -n "$local_index" ] && [[ "$local_index" == file://* ]]; then
  set -- $local_index
  index_args+=(--index-url "$1"); shift
  for u in "$@"; do [ -d "${u#file://}" ] && index_args+=(--extra-index-url "$u"); done
fi
# pip asks every index for every package. A web index answers "not here" silently; a local
# file:// index without that package's folder makes pip print "WARNING: Location
# 'file:///…/<package>/' is ignored: it is neither a file nor a directory." once or twice
# per package and index (about 130 lines for this environment), none of which needs any
# action: the package comes from the other index. Exactly those lines are dropped; every
# other message, and pip's exit status, pass through.
quiet_local_index() {
  grep -v -E "^WARNING: Location 'file://[^']*/' is ignored: it is neither a file nor a directory\.$" || true
}
echo "setup: installing the trainer environment into $venv (TRL, transformers, torch CPU, ...)"
{ "$venv/bin/pip" install -q "${index_args[@]}" -r "$req" 2>&1 1>&3 3>&- | quiet_local_index >&2; } 3>&1
echo "$want" > "$stamp"
