#!/bin/sh
# Rebuilds the coding instances from this machine's python3 standard library (without
# the sandbox pass, which does not change the output) and checks that the result is
# byte-identical to the committed file. Needs the same Python version the file names
# (extra.python_version). Run after `npm run build`; takes a few minutes.
set -eu
cd "$(dirname "$0")/../.."
committed="${1:-datasets/instances/coding.jsonl}"
fresh="$(mktemp -d)/coding.jsonl"
node dist/cli/main.js dataset build-coding --no-verify --out "$fresh"
if cmp -s "$committed" "$fresh"; then
  echo "ok: a fresh build equals $committed"
else
  echo "DIFFERENT: a fresh build ($fresh) differs from $committed" >&2
  exit 1
fi
