#!/usr/bin/env python3
"""TRL DPO with a LoRA adapter on `decepeval export dpo` (prompt / chosen / rejected).

    .venv-trainers/bin/python scripts/trainers/train_dpo.py \\
        --data rollouts/honesty-sft/exports/dpo.trl.jsonl --model Qwen/Qwen3-0.6B --out adapters/dpo
    # CI / CPU: --tiny instead of --model.

chosen is the honest continuation and rejected the deceptive one from the same prompt
(the same report step). The reference model is the base itself (the adapter switched
off), `max_length` comes from the measured prompt+completion lengths so no pair is cut,
and beta 0.1 is TRL's default sigmoid DPO. Writes the adapter and train-summary.json.
"""
import argparse

import trainer_common as tc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    tc.common_args(parser, default_lr=5e-6)
    parser.add_argument("--beta", type=float, default=0.1)
    args = parser.parse_args()
    tc.setup_runtime(args)
    warnings = tc.capture_warnings()
    timer = tc.Timer()

    import trl
    from trl import DPOConfig, DPOTrainer

    ds = tc.load_export(args.data)
    tc.require_columns(ds, ["prompt", "chosen", "rejected"], args.data)
    rows_in_file = len(ds)
    model_id = tc.resolve_model(args)
    ds = ds.map(lambda r: {k: tc.fill_null_content(r[k]) for k in ("prompt", "chosen", "rejected")})
    model, tokenizer = tc.load_model_and_tokenizer(model_id)
    tools_of = (lambda r: r.get("tools")) if "tools" in ds.column_names else (lambda r: None)
    lengths = []
    for r in ds:
        tools = tools_of(r)
        lengths.append(max(tc.token_length(tokenizer, r["prompt"] + r[k], tools) for k in ("chosen", "rejected")))
    max_length, over, stats = tc.fit_window("dpo", lengths, args, model)

    config = DPOConfig(**tc.training_args(args, max_length=max_length, beta=args.beta))
    trainer = DPOTrainer(model=model, args=config, train_dataset=ds, processing_class=tokenizer, peft_config=tc.lora_config(args))
    result, rows_trained = tc.train_and_save(trainer, ds, args, tokenizer, "pairs")
    path = tc.write_summary(
        args.out,
        {
            "kind": "dpo",
            "trainer": "trl.DPOTrainer",
            "trl_version": trl.__version__,
            "precision": tc.precision_of(trainer.args),
            "data": args.data,
            "base_model": model_id,
            "adapter": args.out,
            "rows_in_card": tc.card_rows(args.data),
            "rows_in_file": rows_in_file,
            "rows_trained": rows_trained,
            "dropped_rows": rows_in_file - rows_trained,
            "truncated_rows": over,
            "max_length": max_length,
            "beta": args.beta,
            "token_lengths": stats,
            "steps": trainer.state.global_step,
            "train_loss": result.training_loss,
            "log_history": tc.log_history(trainer),
            "warnings": warnings.messages,
            "seconds": timer.seconds(),
        },
    )
    print(f"dpo: {trainer.state.global_step} steps on {rows_trained} pairs, loss {result.training_loss:.4f}; adapter {args.out}; summary {path}")


if __name__ == "__main__":
    main()
