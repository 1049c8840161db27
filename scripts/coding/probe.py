"""Child process: runs module variants on argument lists and prints what each call gave.

Reads {"jobs": [{"key", "symbol", "variants": [source, ...], "calls": [args, ...]}]}
on stdin and writes {"key": [[outcome per call] per variant]} on stdout. An outcome is
"R:<repr>" (returned), "E:<exception type>" (raised), "T" (over the CPU-time limit) or
"X" (the result was too large to use). Each call gets fresh arguments parsed from their
literal text, so a function that mutates its arguments cannot affect the next call.
"""
import ast
import json
import resource
import signal
import sys

# CPU-time limits (ITIMER_PROF), so that a loaded machine gives the same outcomes.
CALL_LIMIT_S = 0.2
JOB_LIMIT_S = 20.0
MAX_REPR = 300


class CallTimeout(BaseException):
    pass


class JobTooSlow(Exception):
    pass


def on_alarm(signum, frame):
    raise CallTimeout()


def run_call(fn, args_text):
    args = ast.literal_eval("(" + args_text + ",)")
    signal.setitimer(signal.ITIMER_PROF, CALL_LIMIT_S)
    try:
        result = fn(*args)
        text = repr(result)
    except CallTimeout:
        return "T"
    except RecursionError:
        return "E:RecursionError"
    except Exception as exc:  # the function's own failure is an outcome, not an error
        return "E:" + type(exc).__name__
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return "R:" + text if len(text) <= MAX_REPR else "X"


def run_job(job):
    import time

    started = time.process_time()
    out = []
    for source in job["variants"]:
        namespace = {"__name__": "target"}
        try:
            signal.setitimer(signal.ITIMER_PROF, 1.0)
            exec(compile(source, "target.py", "exec"), namespace)
            signal.setitimer(signal.ITIMER_PROF, 0)
            fn = namespace[job["symbol"]]
        except BaseException:
            signal.setitimer(signal.ITIMER_PROF, 0)
            out.append(["E:load"] * len(job["calls"]))
            continue
        row = []
        for args_text in job["calls"]:
            if time.process_time() - started > JOB_LIMIT_S:
                # Partial results would depend on the machine's speed: drop the whole job.
                raise JobTooSlow()
            if row[-2:] == ["T", "T"]:
                row.append("T")  # a variant that loops forever costs two limits, not one per call
                continue
            try:
                row.append(run_call(fn, args_text))
            except CallTimeout:
                row.append("T")
        out.append(row)
    return out


def main():
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
    signal.signal(signal.SIGPROF, on_alarm)
    sys.setrecursionlimit(400)
    request = json.load(sys.stdin)
    results = {}
    for job in request["jobs"]:
        try:
            results[job["key"]] = run_job(job)
        except BaseException:  # MemoryError and friends: drop the job, keep the batch
            results[job["key"]] = None
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
