"""Extracts function-level coding targets from real Python source.

Usage: python3 extract.py --from DIR [--max-files N]
Prints one JSON object a line (sorted by path and line) for every function for which
at least one mutation kind yields a usable task: the original `target.py`, and per
kind the mutant module with visible cases (the mutant still passes them) and hidden
cases (the mutant fails them). Cases come from running the original function on
generated arguments, twice under different hash seeds; only calls whose result is a
plain literal and identical in both runs are kept. Standard library only.
"""
import argparse
import ast
import concurrent.futures
import hashlib
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from purity import ContextResolver, NotPure, positional_params  # noqa: E402
from mutate import HEADER, variants  # noqa: E402

SKIP_DIRS = {"test", "tests", "idlelib", "tkinter", "turtledemo", "lib2to3", "ensurepip",
             "site-packages", "dist-packages", "__pycache__", "venv", "pydoc_data", "distutils"}
KINDS = ("injected_defect", "incomplete_implementation", "unwired_implementation")
MAX_MUTANTS_PER_KIND = 12
TASKS_PER_KIND = 3
BATCH = 40
LABEL = "the Python standard library"

STRINGS = ["''", "'a'", "'alpha'", "'Beta'", "'hello world'", "'a,b,c'", "'x.y.z'", "'  pad  '",
           "'CamelCase'", "'abc123'", "'42'", "'-7'", "'3.5'", "'a/b/c'", "'tab\\tsep'",
           "'line1\\nline2'", "\"it's\"", "'%s'", "'{0}'", "'_private'", "'UPPER'", "'a=b'",
           "'key: value'", "'0x1f'", "'[x]'", "'foo_bar'", "'..'", "'ab ab ab'", "'A'", "'z'", "' '",
           "'0'", "'-'", "'\\t'", "'\\xe9'", "'a b\\tc'", "'/usr/lib/x.py'", "'name.tar.gz'"]
INTS = ["0", "1", "2", "3", "4", "5", "7", "10", "12", "31", "-1", "-4", "65", "97", "100", "255", "1024",
        "1900", "2000", "2024"]
FLOATS = ["0.5", "2.0", "-3.25", "0.0", "1.0", "0.25", "10.5"]
SEQS = ["[]", "[1, 2, 3]", "[3, 1, 2]", "['a', 'b']", "['b', 'a', 'c']", "[0, -1, 5]", "(1, 2)",
        "('x', 'y', 'z')", "(3, 4, 5)", "[[1, 2], [3]]", "[('a', 1), ('b', 2)]", "['x=1', 'y=2']"]
OTHER = FLOATS + ["True", "False", "None", "{'a': 1}", "b'abc'", "b''", "b'\\x00\\x01'"] + SEQS
GROUPS = (STRINGS, INTS, FLOATS, SEQS)
STRING_HINTS = ("s", "str", "text", "name", "string", "line", "path", "word", "pattern", "pat",
                "value", "prefix", "suffix", "sep", "chars", "url", "host", "ident", "fmt", "format",
                "c", "ch", "char", "code", "header", "h", "p", "data", "src", "source")
INT_HINTS = ("n", "i", "j", "k", "count", "size", "width", "index", "num", "number", "pos",
             "level", "length", "x", "y", "base", "bits", "maxsplit", "year", "month", "day",
             "start", "stop", "end", "a", "b")


def stable_seed(*parts):
    return int(hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16], 16)


def pool_for(param):
    name = param.lower().strip("_")
    if name in STRING_HINTS or name.endswith(("name", "str", "text", "path")):
        return STRINGS + INTS[:4] + OTHER[:3]
    if name in INT_HINTS or name.startswith(("n_", "num")):
        return INTS + FLOATS + STRINGS[:4]
    return STRINGS + INTS + OTHER


def make_calls(params, rng):
    """Argument lists: every pool value for one parameter; for several, mixed draws plus
    draws that keep all arguments of one kind (three floats, two strings, ...)."""
    pools = [pool_for(p) for p in params]
    if len(params) == 1:
        return list(pools[0])
    calls = []

    def add(call):
        if call not in calls:
            calls.append(call)

    for group in GROUPS:
        for _ in range(14):
            add(", ".join(rng.choice(group) for _ in params))
    for _ in range(200):
        add(", ".join(rng.choice(pool) for pool in pools))
        if len(calls) >= 110:
            break
    return calls


def source_files(root):
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith((".", "config-")))
        for f in sorted(filenames):
            if f.endswith(".py") and not f.startswith("test_"):
                out.append(os.path.join(dirpath, f))
    return sorted(out, key=lambda p: os.path.relpath(p, root))


def candidates_in_file(root, path):
    rel = os.path.relpath(path, root).replace(os.sep, "/")
    with open(path, "rb") as fh:
        raw = fh.read()
    if len(raw) > 400_000:
        return []
    try:
        text = raw.decode("utf-8")
        tree = ast.parse(text)
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return []
    lines = text.splitlines(keepends=True)
    file_sha = hashlib.sha256(raw).hexdigest()
    out = []
    for func in tree.body:
        if not isinstance(func, ast.FunctionDef) or func.name.startswith("__"):
            continue
        params = positional_params(func)
        if not params or len(params) > 4:
            continue
        resolver = ContextResolver(tree)
        try:
            resolver.check_function(func)
        except (NotPure, RecursionError):
            continue
        context = sorted(resolver.needed.values(), key=lambda s: (not isinstance(s, (ast.Import, ast.ImportFrom)), s.lineno))
        header = HEADER.format(label=LABEL, path=rel, symbol=func.name, lineno=func.lineno)
        try:
            original, kinds = variants(lines, func, context, header)
            ast.parse(original)
        except (SyntaxError, IndexError, ValueError):
            continue
        key = f"{rel}:{func.name}"
        rng = random.Random(stable_seed(key, "calls"))
        mutants = {}
        for kind, items in kinds.items():
            valid = []
            for desc, src in items:
                try:
                    ast.parse(src)
                except SyntaxError:
                    continue
                valid.append((desc, src))
            random.Random(stable_seed(key, kind)).shuffle(valid)
            mutants[kind] = valid[:MAX_MUTANTS_PER_KIND]
        if not any(mutants.values()):
            continue
        out.append({
            "key": key, "path": rel, "symbol": func.name, "lineno": func.lineno,
            "file_sha256": file_sha, "params": params, "original": original,
            "mutants": mutants, "calls": make_calls(params, rng),
            "function_sha256": hashlib.sha256("".join(lines[func.lineno - 1 : func.end_lineno]).encode()).hexdigest(),
        })
    return out


def run_probe(jobs, hash_seed, timeout):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONHASHSEED": str(hash_seed),
           "PYTHONDONTWRITEBYTECODE": "1", "LC_ALL": "C.UTF-8"}
    proc = subprocess.run([sys.executable, "-I", os.path.join(HERE, "probe.py")], input=json.dumps({"jobs": jobs}),
                          capture_output=True, text=True, env=env, timeout=timeout, cwd="/tmp")
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    return json.loads(proc.stdout)


def probe_all(cands, hash_seed):
    """Runs every candidate's variants; a batch that crashes or hangs is retried one job at a time."""
    results = {}
    for i in range(0, len(cands), BATCH):
        jobs = [job_of(c) for c in cands[i : i + BATCH]]
        try:
            results.update(run_probe(jobs, hash_seed, timeout=600))
        except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError):
            for job in jobs:
                try:
                    results.update(run_probe([job], hash_seed, timeout=60))
                except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError):
                    results[job["key"]] = None
        print(f"probed {min(i + BATCH, len(cands))}/{len(cands)} (hash seed {hash_seed})", file=sys.stderr)
    return results


def job_of(c):
    srcs = [c["original"]] + [src for kind in KINDS for _, src in c["mutants"][kind]]
    return {"key": c["key"], "symbol": c["symbol"], "variants": srcs, "calls": c["calls"]}


def literal(outcome):
    if not outcome.startswith("R:"):
        return False
    try:
        ast.literal_eval(outcome[2:])
        return True
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False


EMPTY = {"''", "[]", "b''", "None", "()", "{}", "0", "False"}


def triviality(args):
    """How many arguments are empty values; visible tests should exercise real inputs."""
    return sum(1 for a in ast.literal_eval("(" + args + ",)") if repr(a) in EMPTY)


def pick_distinct(indices, expected, limit, calls=None):
    """Up to `limit` indices, preferring ones whose expected results differ."""
    if calls is not None:
        indices = sorted(indices, key=lambda i: (triviality(calls[i]), i))
    chosen, seen = [], set()
    for i in indices:
        if expected[i] not in seen:
            chosen.append(i)
            seen.add(expected[i])
        if len(chosen) == limit:
            return chosen
    for i in indices:
        if i not in chosen and len(chosen) < limit:
            chosen.append(i)
    return chosen


def select(c, rows_a, rows_b):
    """Chooses, per kind, the first mutants that some cases expose and others do not."""
    calls = c["calls"]
    orig_a, orig_b = rows_a[0], rows_b[0]
    good = [i for i in range(len(calls)) if orig_a[i] == orig_b[i] and literal(orig_a[i])]
    expected = {i: orig_a[i][2:] for i in good}
    if len(good) < 4 or len(set(expected.values())) < 2:
        return None
    tasks = {}
    row = 1
    for kind in KINDS:
        for desc, src in c["mutants"][kind]:
            ma, mb = rows_a[row], rows_b[row]
            row += 1
            if len(tasks.get(kind, [])) >= TASKS_PER_KIND:
                continue
            usable = [i for i in good if ma[i] == mb[i] and ma[i] != "T"]
            survive = [i for i in usable if ma[i] == orig_a[i]]
            killed = [i for i in usable if ma[i] != orig_a[i]]
            if len(survive) < 2 or not killed:
                continue
            visible = pick_distinct(survive, expected, 3, calls)
            hidden = pick_distinct(killed, expected, 3, calls)
            tasks.setdefault(kind, []).append({
                "mutation": desc, "source": src,
                "visible": [{"args": calls[i], "expected": expected[i]} for i in visible],
                "hidden": [{"args": calls[i], "expected": expected[i], "mutant": ma[i]} for i in hidden],
            })
    if not tasks:
        return None
    return {k: c[k] for k in ("key", "path", "symbol", "lineno", "file_sha256", "function_sha256", "params", "original")} | {"tasks": tasks}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="root", required=True)
    ap.add_argument("--max-files", type=int, default=0)
    ap.add_argument("--label", default="the Python standard library", help="how target.py names the source")
    args = ap.parse_args()
    global LABEL
    LABEL = args.label
    root = os.path.abspath(args.root)
    if not os.path.isdir(root):
        print(f"error: {args.root}: not a folder", file=sys.stderr)
        return 2
    files = source_files(root)
    if args.max_files:
        files = files[: args.max_files]
    cands = []
    for path in files:
        cands.extend(candidates_in_file(root, path))
    print(f"{len(files)} files, {len(cands)} pure candidate functions", file=sys.stderr)
    # The two hash seeds' probes are independent subprocesses: run them side by side (a core each).
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        runs = [pool.submit(probe_all, cands, seed) for seed in (0, 1)]
        res_a, res_b = (r.result() for r in runs)
    kept = 0
    for c in cands:
        a, b = res_a.get(c["key"]), res_b.get(c["key"])
        if a is None or b is None:
            continue
        out = select(c, a, b)
        if out is not None:
            kept += 1
            sys.stdout.write(json.dumps(out, sort_keys=True) + "\n")
    print(f"{kept} functions with usable tasks", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
