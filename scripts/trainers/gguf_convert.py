#!/usr/bin/env python3
"""Runs llama.cpp's converters (convert_hf_to_gguf.py, convert_lora_to_gguf.py) one after
another in a single Python process, for scripts/trainers/to-gguf.mjs.

    .venv-trainers/bin/python scripts/trainers/gguf_convert.py '[["<converter.py>", "arg", ...], ...]'

Each job is the converter's own command line, run as its `__main__` (runpy), exactly as
`python <converter.py> arg ...` would run it. One process instead of one per file because
each start imports torch, transformers and the converters' model registry (several seconds
of CPU), which a base plus three adapters paid four times. Exits non-zero naming the job
that failed.
"""
import json
import os
import runpy
import sys


def main() -> None:
    if len(sys.argv) != 2:
        print("usage: gguf_convert.py '<JSON list of [converter.py, args...]>'", file=sys.stderr)
        sys.exit(2)
    jobs = json.loads(sys.argv[1])
    for script, *args in jobs:
        # As `python <script>` would: the script's folder first on the import path.
        folder = os.path.dirname(os.path.abspath(script))
        if sys.path[0] != folder:
            sys.path.insert(0, folder)
        sys.argv = [script, *args]
        try:
            runpy.run_path(script, run_name="__main__")
        except SystemExit as e:
            if e.code not in (0, None):
                print(f"gguf_convert: {os.path.basename(script)} {' '.join(args)} exited with {e.code}", file=sys.stderr)
                sys.exit(e.code if isinstance(e.code, int) else 1)
        print(f"gguf_convert: done {os.path.basename(script)} -> {args[args.index('--outfile') + 1] if '--outfile' in args else '?'}", flush=True)


if __name__ == "__main__":
    main()
