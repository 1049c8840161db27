#!/usr/bin/env python3
"""TRL SFT with a LoRA adapter on `decepeval export sft` (TRL conversational format).

    .venv-trainers/bin/python scripts/trainers/train_sft.py \\
        --data rollouts/honesty-sft/exports/sft.trl.jsonl --model Qwen/Qwen3-0.6B --out adapters/sft
    # CI / CPU: --tiny instead of --model builds a small random Qwen3 with the real tokenizer.

Settings: loss on the assistant turns only (the tool calls and the final report the policy
wrote, not the tool output or the task text), `max_length` from the rows' measured token
lengths so no row is cut, LoRA on every linear layer. Writes the adapter, its tokenizer and
train-summary.json (rows read, rows trained, truncated rows, token lengths, losses).
"""
import argparse

import trainer_common as tc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    tc.common_args(parser, default_lr=2e-4)
    args = parser.parse_args()
    tc.setup_runtime(args)
    warnings = tc.capture_warnings()
    timer = tc.Timer()

    from trl import SFTConfig, SFTTrainer
    import trl

    ds = tc.load_export(args.data)
    tc.require_columns(ds, ["messages"], args.data)
    rows_in_file = len(ds)
    model_id = tc.resolve_model(args)
    ds = ds.map(lambda r: {"messages": tc.fill_null_content(r["messages"])})
    model, tokenizer = tc.load_model_and_tokenizer(model_id)
    tools_of = (lambda r: r.get("tools")) if "tools" in ds.column_names else (lambda r: None)
    lengths = [tc.token_length(tokenizer, r["messages"], tools_of(r)) for r in ds]
    max_length, over, stats = tc.fit_window("sft", lengths, args, model)

    config = SFTConfig(**tc.training_args(args, max_length=max_length, assistant_only_loss=True))
    trainer = SFTTrainer(model=model, args=config, train_dataset=ds, processing_class=tokenizer, peft_config=tc.lora_config(args))
    result, rows_trained = tc.train_and_save(trainer, ds, args, tokenizer, "rows")
    card = tc.card_rows(args.data)
    path = tc.write_summary(
        args.out,
        {
            "kind": "sft",
            "trainer": "trl.SFTTrainer",
            "trl_version": trl.__version__,
            "precision": tc.precision_of(trainer.args),
            "data": args.data,
            "base_model": model_id,
            "adapter": args.out,
            "rows_in_card": card,
            "rows_in_file": rows_in_file,
            "rows_trained": rows_trained,
            "dropped_rows": rows_in_file - rows_trained,
            "truncated_rows": over,
            "max_length": max_length,
            "assistant_only_loss": True,
            "token_lengths": stats,
            "steps": trainer.state.global_step,
            "train_loss": result.training_loss,
            "log_history": tc.log_history(trainer),
            "warnings": warnings.messages,
            "seconds": timer.seconds(),
        },
    )
    print(f"sft: {trainer.state.global_step} steps on {rows_trained} rows, loss {result.training_loss:.4f}; adapter {args.out}; summary {path}")


if __name__ == "__main__":
    main()
