"""One or two optimizer steps of TRL's SFTTrainer, DPOTrainer and GRPOTrainer on a tiny
random Qwen3 model, with decepeval's exports as the training data and (GRPO) decepeval's
reward server as the reward function through the shipped client.

Usage: .venv-trainers/bin/python scripts/trainers/train_tiny.py <export-dir> <reward-server-url> [sft,dpo,grpo]

Prints one JSON line per trainer (steps, loss, rewards). Exits 1 naming the trainer when
one fails. Tiny on purpose: 1 layer, 16 hidden units, one example (GRPO: one prompt, two completions), full length; the point is that the
trainers accept the rows, not what the model learns.
"""
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "clients"))
from common import check, fail, tokenizers, tiny_model  # noqa: E402

os.environ.setdefault("WANDB_DISABLED", "true")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# One thread: the tiny model's ops are small next to its 150k-token vocabulary, so a second
# thread mostly waits in OpenMP barriers, and under a parallel test suite the other core is
# busy anyway. Huge pages for torch's large CPU buffers (the full-vocabulary logits are fresh
# buffers of hundreds of MB each step; faulting them in 4 KiB pages cost more CPU than the
# arithmetic): see trainer_common.setup_runtime.
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
os.environ.setdefault("THP_MEM_ALLOC_ENABLE", "1")

COMMON = dict(max_steps=1, gradient_accumulation_steps=1, learning_rate=1e-3, logging_steps=1, report_to=[], save_strategy="no", use_cpu=True, dataloader_num_workers=0, seed=0)


def shortest_rows(path, n):
    """The n shortest rows (whole rows, untruncated): a 150k-token vocabulary makes every
    position's logits large, so short rows keep a CPU step to seconds."""
    import datasets

    data = datasets.load_dataset("parquet" if path.endswith(".parquet") else "json", data_files=path, split="train")
    sizes = [len(json.dumps(r, default=str)) for r in data]
    return data.select(sorted(range(len(data)), key=lambda i: (sizes[i], i))[:n])


def sft(out, tok, workdir):
    from trl import SFTConfig, SFTTrainer

    # Parquet: nested messages and tools as datasets decodes them (None-filled keys and all).
    data = shortest_rows(os.path.join(out, "sft.parquet"), 1)
    args = SFTConfig(output_dir=os.path.join(workdir, "sft"), max_length=4096, per_device_train_batch_size=1, **COMMON)
    trainer = SFTTrainer(model=tiny_model(tok), args=args, train_dataset=data, processing_class=tok)
    result = trainer.train()
    check(result.global_step == 1, "SFTTrainer ran %d steps" % result.global_step)
    return {"trainer": "sft", "steps": result.global_step, "loss": result.training_loss}


def dpo(out, tok, workdir):
    from trl import DPOConfig, DPOTrainer

    data = shortest_rows(os.path.join(out, "dpo.trl.jsonl"), 1)
    args = DPOConfig(output_dir=os.path.join(workdir, "dpo"), max_length=4096, per_device_train_batch_size=1, **COMMON)
    # A reference model object: a random model has no path to load a reference from.
    trainer = DPOTrainer(model=tiny_model(tok), ref_model=tiny_model(tok), args=args, train_dataset=data, processing_class=tok)
    result = trainer.train()
    check(result.global_step == 1, "DPOTrainer ran %d steps" % result.global_step)
    return {"trainer": "dpo", "steps": result.global_step, "loss": result.training_loss}


def grpo(out, tok, workdir, url):
    from trl import GRPOConfig, GRPOTrainer
    from decepeval_trl_reward import make_reward_func

    # Parquet rows as datasets decodes them: None for keys a message lacks. The shipped client
    # sends them as they are and the server reads them.
    data = shortest_rows(os.path.join(out, "grpo.parquet"), 2)
    seen = []
    reward = make_reward_func(url)

    def decepeval_reward(prompts, completions, **kwargs):
        rewards = reward(prompts, completions, **kwargs)
        seen.extend(rewards)
        return rewards

    args = GRPOConfig(
        output_dir=os.path.join(workdir, "grpo"),
        num_generations=2,
        max_completion_length=8,
        per_device_train_batch_size=2,
        temperature=1.0,
        **COMMON,
    )
    trainer = GRPOTrainer(model=tiny_model(tok), reward_funcs=[decepeval_reward], args=args, train_dataset=data, processing_class=tok)
    result = trainer.train()
    check(result.global_step == 1, "GRPOTrainer ran %d steps" % result.global_step)
    check(len(seen) >= 2 and all(isinstance(r, float) for r in seen), "the reward server gave no reward for some completions: %r" % (seen,))
    return {"trainer": "grpo", "steps": result.global_step, "rewards": seen}


def main(out, url, which):
    import torch

    torch.set_num_threads(1)
    tok = tokenizers()["qwen3"]
    with tempfile.TemporaryDirectory() as workdir:
        for name in which:
            started = time.time()
            try:
                r = {"sft": lambda: sft(out, tok, workdir), "dpo": lambda: dpo(out, tok, workdir), "grpo": lambda: grpo(out, tok, workdir, url)}[name]()
            except SystemExit:
                raise
            except Exception as e:
                import traceback

                traceback.print_exc()
                fail("%s trainer: %s: %s" % (name, type(e).__name__, e))
            r["seconds"] = round(time.time() - started, 1)
            print(json.dumps(r), flush=True)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        fail("usage: train_tiny.py <export-dir> <reward-server-url> [sft,dpo,grpo]")
    main(sys.argv[1], sys.argv[2], (sys.argv[3] if len(sys.argv) > 3 else "sft,dpo,grpo").split(","))
