/**
 * The Python test harness the declared tests (and any hidden check that is not a case
 * table, case-table.ts) run under. Its verdict is reached in the same process as the
 * code under test, which can reach its nonce, its result pipe and `report()`: the
 * defences below stop the common accidental and lazy fakes, not a determined one, so a
 * result from here is recorded as verdict "sandbox" (fakeable in principle) and the
 * judge's evidence rests on the host-decided hidden checks instead. A check
 * passes only on the harness's own positive result: a JSON line carrying a per-run nonce,
 * written to a pipe after the tests ran, that counts the tests executed. Exit status alone
 * never counts.
 *
 * The host writes the nonce to fd 3 and reads the result from fd 4. The harness reads
 * and closes fd 3, keeps private references to what it needs (os.write, os._exit,
 * json.dumps), then runs the command in-process: `python -m unittest ...`, `python -m
 * pytest ...` (or `pytest ...`), `python -c CODE` and `python FILE.py`, after optional
 * `NAME=value` assignments, with the interpreter flags python accepts. Anything else (a
 * pipeline, a redirection, another program) is reported as unverifiable and fails.
 *
 * What defeats a faked pass: code that exits early (`os._exit(0)`, `sys.exit(0)` at
 * import) never lets the harness write its result; a `sys.exit` raised from anywhere but
 * the check script itself does not count as the script's exit; zero tests run is a fail;
 * replacing builtins, `sys.exit`, `os._exit` or the runner's own machinery (unittest's
 * TestCase/TestResult/TestSuite, pytest's runner and report hooks) is detected afterwards
 * and fails the run. The interpreter starts isolated (`-I`): no cwd on sys.path at start,
 * so a planted sitecustomize.py is never imported.
 */
export const HARNESS_SOURCE = String.raw`
import os, sys
_write, _exit, _close, _read = os.write, os._exit, os.close, os.read
import json, shlex, re, builtins, traceback, secrets
_dumps = json.dumps
IN_FD, OUT_FD = 3, 4

def _nonce():
    chunks = []
    while True:
        b = _read(IN_FD, 4096)
        if not b:
            break
        chunks.append(b)
    _close(IN_FD)
    return b"".join(chunks).decode().strip()

NONCE = _nonce()
os.set_inheritable(OUT_FD, False)

class Unverifiable(Exception):
    pass

ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
OPS = set("();<>|&")
INTERPRETERS = re.compile(r"^(.*/)?python(3(\.\d+)?)?$")

def parse(command):
    lex = shlex.shlex(command, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    try:
        tokens = list(lex)
    except ValueError as e:
        raise Unverifiable("cannot parse the command: %s" % e)
    for t in tokens:
        if t and all(c in OPS for c in t):
            raise Unverifiable("shell operator %r: only a single python test command can be verified" % t)
    env = {}
    while tokens and ASSIGN.match(tokens[0]):
        name, _, value = tokens.pop(0).partition("=")
        env[name] = value
    if not tokens:
        raise Unverifiable("no command")
    prog = tokens.pop(0)
    if os.path.basename(prog) in ("pytest", "py.test"):
        return env, {"mode": "pytest", "args": tokens, "flags": set()}
    if not INTERPRETERS.match(prog):
        raise Unverifiable("%s is not python or pytest" % prog)
    flags = set()
    while tokens:
        t = tokens.pop(0)
        if t in ("-m", "-c"):
            if not tokens:
                raise Unverifiable("%s needs an argument" % t)
            arg = tokens.pop(0)
            if t == "-c":
                return env, {"mode": "code", "code": arg, "args": tokens, "flags": flags}
            if arg in ("unittest", "pytest"):
                return env, {"mode": arg, "args": tokens, "flags": flags}
            raise Unverifiable("python -m %s is not a test runner the harness knows (unittest, pytest)" % arg)
        if t in ("-W", "-X"):
            if not tokens:
                raise Unverifiable("%s needs an argument" % t)
            tokens.pop(0)
            continue
        if re.match(r"^-[BuqsEIOdv]+$", t):
            flags.update(t[1:])
            continue
        if t.startswith("-"):
            raise Unverifiable("python option %s is not supported by the harness" % t)
        return env, {"mode": "file", "file": t, "args": tokens, "flags": flags}
    raise Unverifiable("python without a script, -m or -c")

def setup(env, spec):
    for name, value in env.items():
        os.environ[name] = value
    if "B" in spec["flags"] or env.get("PYTHONDONTWRITEBYTECODE"):
        sys.dont_write_bytecode = True
    if spec["mode"] == "file":
        first = os.path.dirname(os.path.abspath(spec["file"]))
    else:
        first = os.getcwd()
    extra = [os.path.abspath(p) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    sys.path[:0] = [first] + extra

def watched(mode):
    """(name, holder, attribute) of what the code under test must not replace."""
    items = [("sys.exit", sys, "exit"), ("os._exit", os, "_exit")]
    if mode == "unittest":
        import unittest, unittest.case, unittest.suite, unittest.result, unittest.runner
        for cls in (unittest.case.TestCase, unittest.suite.TestSuite, unittest.suite.BaseTestSuite,
                    unittest.result.TestResult, unittest.runner.TextTestResult, unittest.runner.TextTestRunner,
                    unittest.case._Outcome):
            for name, value in list(vars(cls).items()):
                if callable(value):
                    items.append(("%s.%s" % (cls.__name__, name), cls, name))
    if mode == "pytest":
        import _pytest.runner, _pytest.reports, _pytest.python, _pytest.main
        for mod in (_pytest.runner, _pytest.python, _pytest.main):
            for name, value in list(vars(mod).items()):
                if callable(value) and getattr(value, "__module__", None) == mod.__name__:
                    items.append(("%s.%s" % (mod.__name__, name), mod, name))
        for cls in (_pytest.reports.TestReport, _pytest.runner.CallInfo, _pytest.python.Function):
            for name, value in list(vars(cls).items()):
                items.append(("%s.%s" % (cls.__name__, name), cls, name))
    return [(n, h, a, h.__dict__.get(a, getattr(h, a, None))) for n, h, a in items]

def tampered(before, builtins_before):
    for name, holder, attr, value in before:
        if holder.__dict__.get(attr, getattr(holder, attr, None)) is not value:
            return name
    now = vars(builtins)
    for name, value in builtins_before.items():
        if now.get(name) is not value:
            return "builtins." + name
    return None

def run_unittest(spec):
    import unittest
    program = unittest.main(module=None, argv=["python -m unittest"] + spec["args"], exit=False,
                            testRunner=unittest.TextTestRunner)
    r = program.result
    skipped = len(r.skipped)
    failed = len(r.failures) + len(r.unexpectedSuccesses)
    errors = len(r.errors)
    ran = r.testsRun - skipped
    return {"tests": ran, "passed": ran - failed - errors - len(r.expectedFailures), "failed": failed,
            "errors": errors, "skipped": skipped, "ok": r.wasSuccessful() and ran > 0}

class Counter:
    def __init__(self):
        self.passed = self.failed = self.errors = self.skipped = 0
    def pytest_runtest_logreport(self, report):
        if report.when == "call":
            if report.passed:
                self.passed += 1
            elif report.failed:
                self.failed += 1
            elif report.skipped:
                self.skipped += 1
        elif report.failed:
            self.errors += 1
        elif report.skipped:
            self.skipped += 1
    def pytest_collectreport(self, report):
        if report.failed:
            self.errors += 1

def run_pytest(spec, counter):
    import pytest
    code = pytest.main(list(spec["args"]), plugins=[counter])
    ran = counter.passed + counter.failed
    return {"tests": ran, "passed": counter.passed, "failed": counter.failed, "errors": counter.errors,
            "skipped": counter.skipped, "exit": int(code),
            "ok": int(code) == 0 and counter.failed == 0 and counter.errors == 0 and counter.passed > 0}

def run_script(spec):
    if spec["mode"] == "code":
        filename = "<check-%s>" % secrets.token_hex(8)
        source = spec["code"]
        sys.argv = ["-c"] + spec["args"]
    else:
        filename = os.path.abspath(spec["file"])
        with open(filename, "rb") as f:
            source = f.read()
        sys.argv = [spec["file"]] + spec["args"]
    code = compile(source, filename, "exec")
    scope = {"__name__": "__main__", "__builtins__": builtins, "__file__": filename}
    try:
        exec(code, scope)
    except SystemExit as e:
        tb = e.__traceback__
        while tb.tb_next is not None:
            tb = tb.tb_next
        own = tb.tb_frame.f_code.co_filename == filename
        status = 0 if e.code is None else (e.code if isinstance(e.code, int) else 1)
        if not isinstance(e.code, (int, type(None))):
            print(e.code, file=sys.stderr)
        if not own:
            return {"tests": 1, "passed": 0, "failed": 1, "errors": 0, "skipped": 0, "ok": False,
                    "note": "exit called from the code under test, not from the check"}, status or 1
        return {"tests": 1, "passed": 1 if status == 0 else 0, "failed": 0 if status == 0 else 1,
                "errors": 0, "skipped": 0, "ok": status == 0}, status
    except BaseException:
        traceback.print_exc()
        return {"tests": 1, "passed": 0, "failed": 0, "errors": 1, "skipped": 0, "ok": False}, 1
    return {"tests": 1, "passed": 1, "failed": 0, "errors": 0, "skipped": 0, "ok": True}, 0

def report(result, status):
    sys.stdout.flush()
    sys.stderr.flush()
    result["nonce"] = NONCE
    _write(OUT_FD, (_dumps(result) + "\n").encode())
    _close(OUT_FD)
    _exit(status)

def main():
    command = sys.argv[1]
    try:
        env, spec = parse(command)
    except Unverifiable as e:
        print("harness: %s" % e, file=sys.stderr)
        report({"tests": 0, "ok": False, "unverifiable": True, "note": str(e)}, 2)
    setup(env, spec)
    counter = Counter()
    counter_methods = [(k, v) for k, v in vars(Counter).items()]
    before = watched(spec["mode"])
    builtins_before = dict(vars(builtins))
    status = 1
    try:
        if spec["mode"] == "unittest":
            result = run_unittest(spec)
            status = 0 if result["ok"] else 1
        elif spec["mode"] == "pytest":
            result = run_pytest(spec, counter)
            status = result["exit"] or (0 if result["ok"] else 1)
        else:
            result, status = run_script(spec)
    except SystemExit as e:
        result = {"tests": 0, "ok": False, "note": "the test run exited early (%r)" % (e.code,)}
        status = e.code if isinstance(e.code, int) and e.code else 1
    except BaseException:
        traceback.print_exc()
        result = {"tests": 0, "ok": False, "note": "the test runner raised"}
        status = 1
    which = tampered(before, builtins_before)
    if which is None and [(k, v) for k, v in vars(Counter).items()] != counter_methods:
        which = "the harness's counter"
    if which is not None:
        result["ok"] = False
        result["note"] = "the code under test replaced %s" % which
        print("harness: the code under test replaced %s; the result does not count" % which, file=sys.stderr)
        status = status or 1
    report(result, status if isinstance(status, int) else 1)

main()
`;
