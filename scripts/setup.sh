#!/usr/bin/env bash
# One-time (idempotent) setup: system packages, npm packages, build.
set -euo pipefail
cd "$(dirname "$0")/.."

# --trainers also builds .venv-trainers (TRL, transformers, torch CPU, ...), which the
# trainer-fidelity and closed-loop tests use; decepeval itself does not need it.
with_trainers=0
for arg in "$@"; do
  case "$arg" in
    --trainers) with_trainers=1 ;;
    *) echo "setup: unknown option $arg (expected --trainers)" >&2; exit 2 ;;
  esac
done

need_apt=()
command -v bwrap >/dev/null 2>&1 || need_apt+=(bubblewrap)
# Headless Chromium opens the HTML report in a test (the screenshot shows its charts).
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
# git reads llama.cpp's GGUF converters out of node-llama-cpp's bundle (scripts/trainers/to-gguf.mjs).
[ "$with_trainers" = 1 ] && { command -v git >/dev/null 2>&1 || need_apt+=(git); }
if [ "${#need_apt[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "setup: installing ${need_apt[*]} (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "setup: please install: sudo apt-get install ${need_apt[*]}" >&2
    exit 1
  fi
fi

# The trainer environment needs nothing from npm, so it installs while npm ci, the build and
# the coding tasks run: on a fresh machine the installs overlap instead of queueing. A step
# that fails below stops it too (its stamp is written last, so the next run completes it).
pids=()
names=()
if [ "$with_trainers" = 1 ]; then
  bash scripts/trainers/setup-venv.sh &
  pids+=($!)
  names+=("the trainer environment (scripts/trainers/setup-venv.sh)")
  trap 'status=$?; if [ "$status" != 0 ]; then for p in "${pids[@]}"; do pkill -P "$p" 2>/dev/null; kill "$p" 2>/dev/null; done; fi; true' EXIT
fi

# Install npm packages when missing or when the lockfile changed since the last install.
stamp=node_modules/.decepeval-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi

npm run --silent build

# The coding family embeds functions of the machine's own Python standard library, so it
# is built here (deterministic, about a minute) rather than committed. Sandbox
# verification of every task: node scripts/coding/verify-all.mjs.
# It runs beside the trainer environment (started above); setup fails if either fails.
if [ ! -f datasets/instances/coding.jsonl ]; then
  echo "setup: building the coding tasks from python3's standard library"
  node dist/cli/main.js dataset build-coding --no-verify --out datasets/instances/coding.jsonl &
  pids+=($!)
  names+=("the coding tasks (dataset build-coding)")
fi
failed=0
for i in "${!pids[@]}"; do
  status=0
  wait "${pids[$i]}" || status=$?
  if [ "$status" != 0 ]; then
    echo "setup: ${names[$i]} failed (exit $status)" >&2
    failed=1
  fi
done
[ "$failed" = 0 ] || exit 1
echo "setup: ok"
