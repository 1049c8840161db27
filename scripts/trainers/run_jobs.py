#!/usr/bin/env python3
"""Runs Python scripts one after another in this one process, each as its own `__main__`
(runpy), exactly as `python <script> arg ...` would run it, for the callers that run several
trainer scripts in a row (scripts/loop/run-loop.mjs, the trainer tests).

    .venv-trainers/bin/python scripts/trainers/run_jobs.py < jobs.jsonl

Reads one job per line on stdin, a JSON list `["<script.py>", "arg", ...]` (or, as with
`python -c`, `["-c", "<code>", "arg", ...]`), and runs it when it arrives; after each job it
writes `@@run_jobs done <exit code>` on a line of its own to stdout and then to stderr, so a
caller can tell which output belongs to which job and can send the next job after reading
the result of the last. A job that raises exits 1 (the traceback on stderr); the next job
still runs. Exits 0 when stdin ends.

One process instead of one per script because each start imports torch, transformers, TRL
and datasets (about 10 s of CPU). What one script leaves behind that would change the next
is put back before each job: the warning filters and the "show once" records of Python's
warnings and of transformers' logging (a warning the previous script showed is shown again),
log handlers and `warnings.showwarning` the scripts install, the import path, the working
folder, and torch's random number generator (reset to the seed a fresh process starts from).
Set thread and allocator environment variables (OMP_NUM_THREADS, THP_MEM_ALLOC_ENABLE) for
this process: torch reads them once.
"""
import gc
import json
import logging
import os
import runpy
import sys
import traceback
import warnings

MARK = "@@run_jobs done"
# torch's default generator seed in a fresh process (c10::detail::default_rng_seed_val).
TORCH_START_SEED = 67280421310721


def snapshot():
    loggers = {name: list(lg.handlers) for name, lg in logging.Logger.manager.loggerDict.items() if isinstance(lg, logging.Logger)}
    return {
        "filters": list(warnings.filters),
        "showwarning": warnings.showwarning,
        "path": list(sys.path),
        "cwd": os.getcwd(),
        "root": list(logging.getLogger().handlers),
        "loggers": loggers,
    }


def restore(s) -> None:
    warnings.filters[:] = s["filters"]
    # Invalidates every module's record of warnings already shown ("default" and "module").
    warnings._filters_mutated()  # noqa: SLF001
    warnings.onceregistry.clear()
    warnings.showwarning = s["showwarning"]
    sys.path[:] = s["path"]
    os.chdir(s["cwd"])
    logging.getLogger().handlers[:] = s["root"]
    for name, lg in logging.Logger.manager.loggerDict.items():
        if isinstance(lg, logging.Logger):
            lg.handlers[:] = s["loggers"].get(name, [])
    for once in ("warning_once", "info_once"):
        cached = getattr(logging.Logger, once, None)
        if cached is not None and hasattr(cached, "cache_clear"):
            cached.cache_clear()
    if "torch" in sys.modules:
        sys.modules["torch"].manual_seed(TORCH_START_SEED)


def run(script: str, args: list[str]) -> int:
    if script == "-c":
        code, args = (args[0], args[1:]) if args else ("", [])
        sys.path.insert(0, "")  # as `python -c` puts the working folder first
        sys.argv = ["-c", *args]
    else:
        sys.path.insert(0, os.path.dirname(os.path.abspath(script)))  # as `python <script>` puts the script's folder first
        sys.argv = [script, *args]
    try:
        if script == "-c":
            exec(compile(code, "<string>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})  # noqa: S102
        else:
            runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        if e.code is None:
            return 0
        if isinstance(e.code, int):
            return e.code
        print(e.code, file=sys.stderr)
        return 1
    except BaseException:  # noqa: BLE001 (a job's failure is reported, the next job still runs)
        traceback.print_exc()
        return 1
    return 0


def main() -> None:
    start = snapshot()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            script, *args = json.loads(line)
        except (ValueError, TypeError):
            print(f"run_jobs: not a JSON list [script, args...]: {line.strip()[:200]}", file=sys.stderr)
            code = 2
        else:
            restore(start)
            code = run(script, [str(a) for a in args])
            gc.collect()
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
            print(f"{MARK} {code}", file=stream, flush=True)
    sys.argv = sys.argv[:1]


if __name__ == "__main__":
    main()
