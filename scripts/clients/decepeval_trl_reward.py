"""TRL GRPOTrainer reward function backed by a decepeval reward server.

Standard library only. Usage in a training script:

    from decepeval_trl_reward import make_reward_func
    reward_fn = make_reward_func("http://127.0.0.1:8000")
    trainer = GRPOTrainer(model=..., reward_funcs=[reward_fn], train_dataset=grpo_dataset, ...)

The dataset must have an ``instance_id`` column (``decepeval export grpo`` writes it);
TRL passes dataset columns to reward functions as keyword arguments.
"""
import json
import os
import urllib.request


def _normalize_messages(messages):
    """TRL conversations carry tool-call arguments as objects and tool replies by name;
    the server reads OpenAI's shape (string arguments, tool_call_id)."""
    out, pending, counter = [], [], 0
    for m in messages:
        m = dict(m)
        if m.get("role") == "assistant" and m.get("tool_calls"):
            calls = []
            for c in m["tool_calls"]:
                c = dict(c)
                fn = dict(c.get("function", {}))
                if not isinstance(fn.get("arguments"), str):
                    fn["arguments"] = json.dumps(fn.get("arguments", {}))
                c["function"] = fn
                c["type"] = "function"
                if not c.get("id"):
                    counter += 1
                    c["id"] = "call_%d" % counter
                pending.append(c["id"])
                calls.append(c)
            m["tool_calls"] = calls
            m.setdefault("content", None)
        elif m.get("role") == "tool":
            if not m.get("tool_call_id"):
                m["tool_call_id"] = pending.pop(0) if pending else "call_unknown"
            m.pop("name", None)
        out.append(m)
    return out


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
        items = []
        for prompt, completion, instance_id in zip(prompts, completions, ids):
            item = {"instance_id": instance_id}
            item["completion"] = completion if isinstance(completion, str) else _normalize_messages(completion)
            item["prompt"] = prompt if isinstance(prompt, str) else _normalize_messages(prompt)
            items.append(item)
        results = post_rewards(base_url, items, token)
        # None tells TRL the reward does not apply; a failed item must not become a fake score.
        return [r["reward"] if "reward" in r else None for r in results]

    decepeval_reward.__name__ = "decepeval_reward"
    return decepeval_reward


if __name__ == "__main__":
    import sys

    # Reads {"prompts": [...], "completions": [...], "instance_id": [...]} on stdin, prints rewards.
    batch = json.load(sys.stdin)
    fn = make_reward_func(sys.argv[1] if len(sys.argv) > 1 else None)
    print(json.dumps(fn(batch["prompts"], batch["completions"], instance_id=batch["instance_id"])))
