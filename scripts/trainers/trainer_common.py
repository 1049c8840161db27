"""Shared parts of decepeval's TRL recipes (train_sft.py, train_dpo.py, train_grpo.py).

Loads an export with `datasets` (JSONL or Parquet, as `decepeval export` writes them),
measures every row's token length with the model's own tokenizer and chat template, picks
`max_length` from the measurement (so no row is cut unless the user asks for a shorter
window), resolves `--tiny` to the tiny random-weight model (tiny_model.py), and writes the run summary
(`train-summary.json`) that says what the trainer really consumed.
"""
from __future__ import annotations

import argparse
import json
import logging
import math
import os
import sys
import time
from pathlib import Path

from tiny_model import DEFAULT_TINY_TOKENIZER, REPO_ROOT, build_tiny_model

SUMMARY_VERSION = 1


def fail(message: str) -> None:
    """Exit with a clear message (no stack trace) for bad input."""
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def common_args(parser: argparse.ArgumentParser, *, default_lr: float) -> None:
    """Flags every recipe takes."""
    parser.add_argument("--data", required=True, help="the export: <kind>.trl.jsonl or <kind>.parquet from `decepeval export`")
    parser.add_argument("--model", help="Hugging Face model id or local folder to fine-tune (e.g. Qwen/Qwen3-0.6B)")
    parser.add_argument("--tiny", action="store_true", help="build a tiny random-weight model from a config instead (CPU, CI)")
    parser.add_argument("--tokenizer", help=f"tokenizer folder for --tiny (default {DEFAULT_TINY_TOKENIZER.relative_to(REPO_ROOT)})")
    parser.add_argument("--out", required=True, help="output folder: the LoRA adapter, its tokenizer and train-summary.json")
    parser.add_argument("--max-steps", type=int, default=-1, help="stop after this many optimizer steps (default: --epochs)")
    parser.add_argument("--epochs", type=float, default=1.0)
    parser.add_argument("--lr", type=float, default=default_lr, help=f"learning rate (default {default_lr})")
    parser.add_argument("--batch-size", type=int, default=1, help="per-device batch size")
    parser.add_argument("--grad-accum", type=int, default=8, help="gradient accumulation steps")
    parser.add_argument("--max-length", type=int, help="token window; default: the longest row, rounded up to 256")
    parser.add_argument("--warmup", type=float, default=0.03, help="warmup: a ratio of the steps (<1) or a step count")
    parser.add_argument("--lora-r", type=int, default=16)
    parser.add_argument("--lora-alpha", type=int, default=32)
    parser.add_argument("--lora-dropout", type=float, default=0.05)
    parser.add_argument("--gradient-checkpointing", action="store_true", help="trade compute for memory on long rows")
    parser.add_argument("--threads", type=int, help="CPU threads for torch (default: torch's own)")
    parser.add_argument("--seed", type=int, default=0)


def setup_runtime(args: argparse.Namespace) -> None:
    # Before torch allocates anything: its CPU allocator then asks for transparent huge pages
    # (madvise) for buffers of 2 MiB and more. A 150k-token vocabulary makes every step's
    # logits a fresh buffer of hundreds of MB to GBs; faulted in 4 KiB pages, a forward and
    # backward over 8x257 positions' full-vocabulary log-softmax took 43 s of CPU (2.7M page
    # faults), with huge pages 14 s (26k). No effect on GPU tensors; a no-op where THP is off.
    os.environ.setdefault("THP_MEM_ALLOC_ENABLE", "1")
    import torch

    if args.threads:
        torch.set_num_threads(args.threads)
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


class WarningLog(logging.Handler):
    """Keeps every warning the libraries log, so the summary can show them."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.name}: {record.getMessage()}")


def capture_warnings() -> WarningLog:
    handler = WarningLog()
    for name in ("trl", "transformers", "datasets", "peft"):
        logging.getLogger(name).addHandler(handler)
    import warnings

    original = warnings.showwarning

    def show(message, category, filename, lineno, file=None, line=None):  # noqa: ANN001
        handler.messages.append(f"{category.__name__}: {message}")
        original(message, category, filename, lineno, file, line)

    warnings.showwarning = show
    return handler


def load_export(path: str):
    """The export as a `datasets.Dataset`, read the way a user's script reads it."""
    from datasets import load_dataset

    p = Path(path)
    if not p.is_file():
        fail(f"--data {path}: file not found (write it with `decepeval export sft|dpo|grpo <run>`)")
    if p.suffix == ".parquet":
        ds = load_dataset("parquet", data_files=str(p), split="train")
    elif p.suffix == ".jsonl":
        ds = load_dataset("json", data_files=str(p), split="train")
    else:
        fail(f"--data {path}: expected a .jsonl or .parquet export")
    return ds


def card_rows(path: str) -> int | None:
    """Rows the data card beside the export says the file holds (None without a card)."""
    p = Path(path)
    kind = p.name.split(".")[0]
    card = p.with_name(f"{kind}.card.json")
    if not card.is_file():
        return None
    data = json.loads(card.read_text())
    for f in data.get("files", []):
        if Path(f.get("path", "")).name == p.name:
            return int(f["rows"])
    return None


def require_columns(ds, columns: list[str], path: str) -> None:
    missing = [c for c in columns if c not in ds.column_names]
    if missing:
        fail(f"--data {path}: missing column(s) {', '.join(missing)}; found {', '.join(ds.column_names)}")


def fill_null_content(messages):
    """WORKAROUND (remove once exports write "" for tool-call turns, issue 14): HF chat
    templates (Qwen3's does `'</think>' in message.content`) need a string there."""
    if messages is None:
        return messages
    out = []
    for m in messages:
        if m.get("role") == "assistant" and m.get("content") is None:
            m = {**m, "content": ""}
        out.append(m)
    return out


def token_length(tokenizer, messages, tools, *, add_generation_prompt: bool = False) -> int:
    ids = tokenizer.apply_chat_template(
        messages, tools=tools or None, tokenize=True, add_generation_prompt=add_generation_prompt, return_dict=True
    )["input_ids"]
    return len(ids)


def percentiles(lengths: list[int]) -> dict:
    s = sorted(lengths)
    if not s:
        return {"rows": 0}

    def q(p: float) -> int:
        return s[min(len(s) - 1, max(0, math.ceil(p * len(s)) - 1))]

    return {"rows": len(s), "min": s[0], "p50": q(0.5), "p95": q(0.95), "max": s[-1]}


def choose_max_length(lengths: list[int], requested: int | None, model_limit: int | None) -> int:
    """The requested window, or the longest row rounded up to 256 (capped by the model)."""
    if requested is not None:
        return requested
    longest = max(lengths) if lengths else 256
    chosen = int(math.ceil(longest / 256) * 256)
    if model_limit is not None and chosen > model_limit:
        chosen = model_limit
    return chosen


def report_lengths(kind: str, stats: dict, max_length: int, over: int) -> None:
    print(
        f"{kind}: {stats['rows']} rows; tokens min {stats.get('min')}, p50 {stats.get('p50')}, p95 {stats.get('p95')}, "
        f"max {stats.get('max')}; max_length {max_length}",
        flush=True,
    )
    if over:
        print(
            f"WARNING: {over} of {stats['rows']} rows are longer than max_length={max_length} and will be truncated "
            "(the end of a row is the final report, the part that teaches honesty); raise --max-length",
            file=sys.stderr,
            flush=True,
        )


def fit_window(kind: str, lengths: list[int], args: argparse.Namespace, model) -> tuple[int, int, dict]:
    """Picks max_length from the measured rows (or --max-length), reports it, and returns it
    with the number of rows longer than it and the length percentiles."""
    max_length = choose_max_length(lengths, args.max_length, model_limit(model))
    over = sum(1 for n in lengths if n > max_length)
    stats = percentiles(lengths)
    report_lengths(kind, stats, max_length, over)
    return max_length, over, stats


def train_and_save(trainer, ds, args: argparse.Namespace, tokenizer, unit: str):
    """Trains, saves the adapter and tokenizer to --out, and says if the trainer dropped
    rows while preparing them; returns the train result and the rows it trained on."""
    rows_trained = len(trainer.train_dataset)
    if rows_trained < len(ds):
        print(f"WARNING: the trainer dropped {len(ds) - rows_trained} of {len(ds)} {unit} while preparing them", file=sys.stderr)
    result = trainer.train()
    trainer.save_model(args.out)
    tokenizer.save_pretrained(args.out)
    return result, rows_trained


def resolve_model(args: argparse.Namespace) -> str:
    if args.tiny and args.model:
        fail("give --model or --tiny, not both")
    if args.tiny:
        return build_tiny_model(args.tokenizer or str(DEFAULT_TINY_TOKENIZER), str(Path(args.out) / "tiny-base"), args.seed)
    if not args.model:
        fail("give --model <id or folder> (or --tiny for a small random model on CPU)")
    return args.model


def load_model_and_tokenizer(model_id: str):
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(model_id)
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    dtype = torch.bfloat16 if torch.cuda.is_available() and torch.cuda.is_bf16_supported() else torch.float32
    model = AutoModelForCausalLM.from_pretrained(model_id, dtype=dtype)
    return model, tokenizer


def lora_config(args: argparse.Namespace):
    from peft import LoraConfig

    return LoraConfig(
        r=args.lora_r,
        lora_alpha=args.lora_alpha,
        lora_dropout=args.lora_dropout,
        target_modules="all-linear",
        task_type="CAUSAL_LM",
    )


def training_args(args, **overrides) -> dict:
    """The settings every recipe passes its TRL config (schedule, logging, precision), plus its own."""
    common = {
        "output_dir": args.out,
        "per_device_train_batch_size": args.batch_size,
        "gradient_accumulation_steps": args.grad_accum,
        "learning_rate": args.lr,
        "num_train_epochs": args.epochs,
        "max_steps": args.max_steps,
        "lr_scheduler_type": "cosine",
        "warmup_steps": int(args.warmup) if args.warmup >= 1 else args.warmup,
        "logging_steps": 1,
        "save_strategy": "no",
        "report_to": "none",
        "seed": args.seed,
        "gradient_checkpointing": args.gradient_checkpointing,
        **trainer_precision(),
    }
    common.update(overrides)
    return common


def trainer_precision() -> dict:
    import torch

    if torch.cuda.is_available():
        return {"bf16": torch.cuda.is_bf16_supported(), "fp16": not torch.cuda.is_bf16_supported()}
    # TRL's configs default bf16 to True when fp16 is unset; on a CPU that turns on bf16
    # autocast, which without native bf16 matmuls ran a tiny model's DPO step 4x slower.
    return {"use_cpu": True, "bf16": False, "fp16": False}


def precision_of(training_args) -> str:
    """The precision the trainer ran in, as its arguments resolved it (recorded in the summary)."""
    return "bf16" if training_args.bf16 else "fp16" if training_args.fp16 else "fp32"


def model_limit(model) -> int | None:
    return getattr(model.config, "max_position_embeddings", None)


def write_summary(out: str, summary: dict) -> str:
    path = Path(out) / "train-summary.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps({"version": SUMMARY_VERSION, **summary}, indent=2) + "\n")
    os.replace(tmp, path)
    return str(path)


def log_history(trainer) -> list[dict]:
    return [dict(h) for h in trainer.state.log_history]


class Timer:
    def __init__(self) -> None:
        self.start = time.time()

    def seconds(self) -> float:
        return round(time.time() - self.start, 2)
