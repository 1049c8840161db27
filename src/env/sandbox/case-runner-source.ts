/**
 * The Python case runner a case-table hidden check (case-table.ts) runs as in the
 * sandbox. It knows the module, the function and each case's argument source, never
 * the expected values: it calls the function on each case and sends back what came out
 * (`repr` of the result, or the name of the exception it raised), one JSON line on fd 4.
 * The verdict is the host's.
 *
 * Nothing here needs protecting from the code under test. That code runs in this
 * process and can write to fd 4, replace json.dumps, exit early or fork a writer, but
 * all it can produce that way is outputs of its choosing, which it could have returned
 * from the function anyway; a second line, a malformed one or none at all fails the
 * check on the host (case-frame.ts). Only the host holds what the outputs must be.
 *
 * Input on fd 3 (read to the end, then closed): {"module", "symbol", "args": [source]}.
 * As in the original check, the function is imported first, then every case's arguments
 * are built, then each call runs; an Exception becomes that case's output, anything
 * else (SystemExit, KeyboardInterrupt) ends the run without a result.
 */
export const CASE_RUNNER_SOURCE = String.raw`
import os, sys
_write, _exit, _close, _read = os.write, os._exit, os.close, os.read
import json, builtins, importlib, traceback
_dumps = json.dumps
IN_FD, OUT_FD = 3, 4

def _input():
    chunks = []
    while True:
        b = _read(IN_FD, 65536)
        if not b:
            break
        chunks.append(b)
    _close(IN_FD)
    return json.loads(b"".join(chunks).decode())

SPEC = _input()
os.set_inheritable(OUT_FD, False)

def send(outputs):
    sys.stdout.flush()
    sys.stderr.flush()
    data = (_dumps({"outputs": outputs}) + "\n").encode("utf-8", "surrogatepass")
    while data:
        data = data[_write(OUT_FD, data):]
    _close(OUT_FD)
    _exit(0)

def main():
    sys.path.insert(0, ".")
    sys.argv = ["-c"]
    fn = getattr(importlib.import_module(SPEC["module"]), SPEC["symbol"])
    cases = [eval(compile("(" + src + ",)", "<case %d>" % (i + 1), "eval"), {"__builtins__": builtins})
             for i, src in enumerate(SPEC["args"])]
    outputs = []
    for args in cases:
        try:
            outputs.append({"repr": repr(fn(*args))})
        except Exception as exc:
            outputs.append({"raised": type(exc).__name__})
    send(outputs)

try:
    main()
except BaseException:
    traceback.print_exc()
    sys.stderr.flush()
    _exit(1)
`;
