#!/usr/bin/env python3
"""TRL GRPO with a LoRA adapter, rewarded by decepeval's reward server.

    npx decepeval serve-rewards --dataset datasets/instances --port 8100 &
    .venv-trainers/bin/python scripts/trainers/train_grpo.py \\
        --data rollouts/honesty-sft/exports/grpo.trl.jsonl --reward-url http://127.0.0.1:8100 \\
        --model Qwen/Qwen3-0.6B --out adapters/grpo
    # CI / CPU: --tiny instead of --model.

Prompts come from `decepeval export grpo` (the conversation up to the report step, with
the tools the instance offers); the reward function is the shipped TRL client
(scripts/clients/decepeval_trl_reward.py), which posts each group's completions with their
`instance_id` to `/v1/rewards`. The instance's tools are shown to the policy in the prompt
and its tool calls are parsed, but never executed here: the reward server judges the
deliverable the completion writes. Writes the adapter and train-summary.json, which
records how many reward calls were made and the rewards received.
"""
import argparse
import inspect
import sys
from pathlib import Path

import trainer_common as tc

sys.path.insert(0, str(tc.REPO_ROOT / "scripts" / "clients"))

JSON_TYPES = {"string": str, "integer": int, "number": float, "boolean": bool, "array": list, "object": dict}


def declared_tool(spec: dict):
    """A callable with the tool's JSON-schema signature, so TRL renders it in the prompt.
    Calling it is an error: decepeval's tools run in decepeval's environment."""
    fn = spec["function"]
    params = fn.get("parameters") or {}
    props = params.get("properties") or {}
    required = set(params.get("required") or [])
    name = fn["name"]

    def tool(**kwargs):
        raise RuntimeError(f"{name}: decepeval tools are not executed inside the trainer")

    tool.__name__ = name
    sig, notes = [], {}
    for key, schema in props.items():
        kind = JSON_TYPES.get((schema or {}).get("type"), str)
        notes[key] = kind
        default = inspect.Parameter.empty if key in required else None
        sig.append(inspect.Parameter(key, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind))
    tool.__signature__ = inspect.Signature(sig)
    tool.__annotations__ = notes
    args = "".join(f"\n    {k}: {(props[k] or {}).get('description') or k}" for k in props)
    tool.__doc__ = f"{fn.get('description') or name}\n\nArgs:{args}\n" if props else (fn.get("description") or name)
    return tool


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    tc.common_args(parser, default_lr=1e-5)
    parser.add_argument("--reward-url", required=True, help="decepeval reward server, e.g. http://127.0.0.1:8100")
    parser.add_argument("--num-generations", type=int, default=8, help="completions per prompt (the GRPO group)")
    parser.add_argument("--max-completion-length", type=int, default=1024, help="tokens per completion (the report)")
    parser.add_argument("--temperature", type=float, default=1.0)
    args = parser.parse_args()
    tc.setup_runtime(args)
    warnings = tc.capture_warnings()
    timer = tc.Timer()

    import trl
    from decepeval_trl_reward import make_reward_func
    from trl import GRPOConfig, GRPOTrainer

    ds = tc.load_export(args.data)
    tc.require_columns(ds, ["prompt", "instance_id"], args.data)
    rows_in_file = len(ds)
    model_id = tc.resolve_model(args)
    ds = ds.map(lambda r: {"prompt": tc.fill_null_content(r["prompt"])})
    tools, seen = [], set()
    for r in ds:
        for spec in r.get("tools") or []:
            if spec["function"]["name"] not in seen:
                seen.add(spec["function"]["name"])
                tools.append(declared_tool(spec))
    model, tokenizer = tc.load_model_and_tokenizer(model_id)
    lengths = [tc.token_length(tokenizer, r["prompt"], r.get("tools"), add_generation_prompt=True) for r in ds]
    stats = tc.percentiles(lengths)
    print(f"grpo: {stats['rows']} prompts; tokens min {stats.get('min')}, p50 {stats.get('p50')}, max {stats.get('max')}", flush=True)
    limit = tc.model_limit(model)
    over = sum(1 for n in lengths if limit is not None and n + args.max_completion_length > limit)
    if over:
        print(f"WARNING: {over} prompts plus --max-completion-length exceed the model's {limit} positions", file=sys.stderr)

    served = make_reward_func(args.reward_url)
    calls = {"requests": 0, "completions": 0, "rewards": [], "groups": []}

    def decepeval_reward(prompts, completions, **kwargs):
        rewards = served(prompts, completions, **kwargs)
        calls["requests"] += 1
        calls["completions"] += len(completions)
        calls["rewards"].extend(rewards)
        # TRL repeats each prompt num_generations times in a row: consecutive runs are the groups.
        ids = kwargs.get("instance_id") or [None] * len(rewards)
        for start in range(0, len(rewards), args.num_generations):
            calls["groups"].append({"instance_id": ids[start], "rewards": rewards[start : start + args.num_generations]})
        return rewards

    config = GRPOConfig(
        output_dir=args.out,
        num_generations=args.num_generations,
        max_completion_length=args.max_completion_length,
        temperature=args.temperature,
        per_device_train_batch_size=args.batch_size * args.num_generations,
        gradient_accumulation_steps=args.grad_accum,
        learning_rate=args.lr,
        num_train_epochs=args.epochs,
        max_steps=args.max_steps,
        warmup_steps=int(args.warmup) if args.warmup >= 1 else args.warmup,
        max_tool_calling_iterations=0,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        seed=args.seed,
        gradient_checkpointing=args.gradient_checkpointing,
        **tc.trainer_precision(),
    )
    trainer = GRPOTrainer(
        model=model,
        reward_funcs=[decepeval_reward],
        args=config,
        train_dataset=ds.remove_columns([c for c in ("tools",) if c in ds.column_names]),
        processing_class=tokenizer,
        peft_config=tc.lora_config(args),
        tools=tools,
    )
    result = trainer.train()
    trainer.save_model(args.out)
    tokenizer.save_pretrained(args.out)
    scored = [r for r in calls["rewards"] if r is not None]
    # GRPO learns from differences within a group: a group whose rewards are all equal gives no gradient.
    spread = [max(g) - min(g) if g else 0.0 for g in ([x for x in grp["rewards"] if x is not None] for grp in calls["groups"])]
    history = tc.log_history(trainer)
    grad_norms = [h["grad_norm"] for h in history if "grad_norm" in h]
    clipped = [h["completions/clipped_ratio"] for h in history if "completions/clipped_ratio" in h]
    path = tc.write_summary(
        args.out,
        {
            "kind": "grpo",
            "trainer": "trl.GRPOTrainer",
            "trl_version": trl.__version__,
            "precision": tc.precision_of(trainer.args),
            "data": args.data,
            "base_model": model_id,
            "adapter": args.out,
            "reward_url": args.reward_url,
            "rows_in_card": tc.card_rows(args.data),
            "rows_in_file": rows_in_file,
            "prompt_tokens": stats,
            "tools_declared": sorted(seen),
            "reward_requests": calls["requests"],
            "completions_scored": len(scored),
            "completions_unscored": calls["completions"] - len(scored),
            "rewards": calls["rewards"],
            "num_generations": args.num_generations,
            "max_completion_length": args.max_completion_length,
            "groups": calls["groups"],
            "groups_with_reward_spread": sum(1 for x in spread if x > 0),
            "grad_norms": grad_norms,
            "clipped_ratio": clipped,
            "steps": trainer.state.global_step,
            "train_loss": result.training_loss,
            "log_history": history,
            "warnings": warnings.messages,
            "seconds": timer.seconds(),
        },
    )
    mean = sum(scored) / len(scored) if scored else float("nan")
    print(
        f"grpo: {trainer.state.global_step} steps, {calls['requests']} reward requests, {len(scored)} of {calls['completions']} "
        f"completions scored (mean reward {mean:.3f}); {sum(1 for x in spread if x > 0)} of {len(spread)} groups with reward spread; "
        f"grad norms {[round(g, 4) for g in grad_norms]}; adapter {args.out}; summary {path}"
    )
    if spread and not any(x > 0 for x in spread):
        print("WARNING: every group's rewards were equal: GRPO had no signal to learn from (a base that never writes a report?)", file=sys.stderr)


if __name__ == "__main__":
    main()
