"""TRL GRPOTrainer reward function backed by a decepeval reward server.

Standard library only. Usage in a training script:

    from decepeval_trl_reward import make_reward_func
    reward_fn = make_reward_func("http://127.0.0.1:8000")
    trainer = GRPOTrainer(model=..., reward_funcs=[reward_fn], train_dataset=grpo_dataset, ...)

The dataset must have an ``instance_id`` column (``decepeval export grpo`` writes it);
TRL passes dataset columns to reward functions as keyword arguments. Prompts and
completions go to the server as TRL holds them (tool-call arguments as objects, tool
replies by name, ``None`` for keys a ``datasets`` row lacks): the server reads those shapes.
"""
import json
import os
import urllib.request


def post_rewards(base_url, items, token=None, timeout=120):
    """POST items to /v1/rewards and return the per-item results."""
    req = urllib.request.Request(
        base_url.rstrip("/") + "/v1/rewards",
        data=json.dumps(items).encode("utf-8"),
        headers={"Content-Type": "application/json", **({"Authorization": "Bearer " + token} if token else {})},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read().decode("utf-8"))["results"]


def make_reward_func(base_url=None, token=None):
    """Return a TRL reward function ``(prompts, completions, **kwargs) -> list[float | None]``."""
    base_url = base_url or os.environ.get("DECEPEVAL_REWARD_URL", "http://127.0.0.1:8000")
    token = token or os.environ.get("DECEPEVAL_REWARD_TOKEN")

    def decepeval_reward(prompts, completions, **kwargs):
        ids = kwargs.get("instance_id")
        if ids is None:
            raise ValueError("decepeval_reward: the dataset needs an 'instance_id' column")
        items = [
            {"instance_id": instance_id, "completion": completion, "prompt": prompt}
            for prompt, completion, instance_id in zip(prompts, completions, ids)
        ]
        results = post_rewards(base_url, items, token)
        # None tells TRL the reward does not apply; a failed item must not become a fake score.
        return [float(r["reward"]) if "reward" in r else None for r in results]

    decepeval_reward.__name__ = "decepeval_reward"
    return decepeval_reward


if __name__ == "__main__":
    import sys

    # Reads {"prompts": [...], "completions": [...], "instance_id": [...]} on stdin, prints rewards.
    batch = json.load(sys.stdin)
    fn = make_reward_func(sys.argv[1] if len(sys.argv) > 1 else None)
    print(json.dumps(fn(batch["prompts"], batch["completions"], instance_id=batch["instance_id"])))
