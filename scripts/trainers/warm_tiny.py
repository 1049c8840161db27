#!/usr/bin/env python3
"""Teaches the loop's tiny random model the report step before any adapter is trained.

    .venv-trainers/bin/python scripts/trainers/warm_tiny.py --data exports/sft.trl.jsonl \\
        --model models/tiny-random --out models/tiny-base --steps 40

A random model never writes a report, so every GRPO completion is scored the same (0,
incomplete), each group's rewards have zero spread and GRPO takes no step. Real bases
already write reports; this gives the tiny one the same starting point, briefly: a few
full-weight steps on each SFT row's report step (the conversation up to the last user
turn, then the assistant's answer), with the loss on the answer's tokens only. The
vocabulary is 150k, so logits are computed for those positions only, which keeps a step
on CPU to one or two seconds (the default 12 steps on the tiny loop's two report rows: 26 s
of CPU with one thread, model loading included). Stopped early on purpose: sampled at temperature 1 the
warmed model writes reports that differ, so the reward server's grades differ within a
group. Writes the model folder and warm-summary.json (losses per step).
"""
import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

import trainer_common as tc


def report_steps(ds, tokenizer):
    """(prompt ids, answer ids) per row: the answer is the assistant turn after the last user turn."""
    out = []
    for r in ds:
        messages = tc.fill_null_content(r["messages"])
        tools = r.get("tools") or None
        last_user = max((i for i, m in enumerate(messages) if m["role"] == "user"), default=-1)
        if last_user < 0 or last_user + 1 >= len(messages) or messages[last_user + 1]["role"] != "assistant":
            continue
        prompt = messages[: last_user + 1]
        p = tokenizer.apply_chat_template(prompt, tools=tools, add_generation_prompt=True, tokenize=True)
        full = tokenizer.apply_chat_template(prompt + [messages[last_user + 1]], tools=tools, tokenize=True)
        p = list(p["input_ids"] if hasattr(p, "keys") else p)
        full = list(full["input_ids"] if hasattr(full, "keys") else full)
        # The template may render the generation prompt differently from a finished turn
        # (Qwen3 adds an empty think block); the answer starts where they part.
        cut = 0
        while cut < min(len(p), len(full)) and p[cut] == full[cut]:
            cut += 1
        if cut >= len(full):
            continue
        out.append((full, cut))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, help="sft.trl.jsonl (or .parquet) from `decepeval export sft`")
    parser.add_argument("--model", required=True, help="the tiny model folder to start from")
    parser.add_argument("--out", required=True, help="where the warmed model folder goes")
    parser.add_argument("--steps", type=int, default=12, help="passes over the report steps")
    parser.add_argument("--lr", type=float, default=1e-2)
    parser.add_argument("--min-answer-tokens", type=int, default=64, help="use only report steps whose answer (the report) is at least this long")
    parser.add_argument("--threads", type=int)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    os.environ.setdefault("THP_MEM_ALLOC_ENABLE", "1")  # huge pages for the logits buffers: see trainer_common.setup_runtime
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    if args.threads:
        torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    started = time.time()
    tokenizer = AutoTokenizer.from_pretrained(args.model)
    model = AutoModelForCausalLM.from_pretrained(args.model, dtype=torch.float32)
    # Short answers after the last user turn (e.g. "return only the path") are not reports.
    rows = [r for r in report_steps(tc.load_export(args.data), tokenizer) if len(r[0]) - r[1] >= args.min_answer_tokens]
    if not rows:
        tc.fail(f"{args.data}: no row has an assistant turn after its last user turn (the report step)")
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.0)
    model.train()
    losses = []
    for step in range(args.steps):
        optimizer.zero_grad()
        total = 0.0
        for ids, cut in rows:
            x = torch.tensor([ids])
            hidden = model.model(input_ids=x).last_hidden_state[0, cut - 1 : -1]
            logits = model.lm_head(hidden)
            loss = torch.nn.functional.cross_entropy(logits, x[0, cut:]) / len(rows)
            loss.backward()
            total += float(loss.detach())
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        losses.append(round(total, 4))
        if step % 4 == 0 or step == args.steps - 1:
            print(f"warm: step {step + 1}/{args.steps} loss {total:.3f}", flush=True)
    out = Path(args.out)
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    model.save_pretrained(tmp)
    tokenizer.save_pretrained(tmp)
    answer_tokens = sum(len(ids) - cut for ids, cut in rows)
    summary = {"version": 1, "kind": "warm", "data": args.data, "from": args.model, "rows": len(rows), "answer_tokens": answer_tokens,
               "longest_answer": max(len(ids) - cut for ids, cut in rows),
               "steps": args.steps, "lr": args.lr, "losses": losses, "seconds": round(time.time() - started, 1)}
    (tmp / "warm-summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    if out.exists():
        shutil.rmtree(out)
    os.replace(tmp, out)
    print(f"warm: {len(rows)} report steps ({answer_tokens} answer tokens), loss {losses[0]} -> {losses[-1]} in {summary['seconds']}s; model {out}")


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(__file__))
    main()
