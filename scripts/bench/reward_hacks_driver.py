"""Calls decepeval's shipped TRL and verl reward clients the way those trainers call them.

Standard library only. Reads {"url": ..., "rows": [...]} (written by reward-hack-suite.mjs)
and prints {"trl": [rewards...], "verl": [rewards...]}, one reward per row.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients"))
import decepeval_trl_reward  # noqa: E402
import decepeval_verl_reward  # noqa: E402


def trl_style(messages):
    """TRL keeps tool-call arguments as objects (its chat-template convention)."""
    out = []
    for m in messages:
        m = dict(m)
        if m.get("tool_calls"):
            m["tool_calls"] = [
                {"type": "function", "function": {"name": c["function"]["name"], "arguments": json.loads(c["function"]["arguments"])}}
                for c in m["tool_calls"]
            ]
        out.append(m)
    return out


def main(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    url, rows = data["url"], data["rows"]
    reward_fn = decepeval_trl_reward.make_reward_func(url)
    trl = []
    for i in range(0, len(rows), 64):
        batch = rows[i : i + 64]
        trl.extend(
            reward_fn(
                prompts=[trl_style(r["prompt"]) for r in batch],
                completions=[trl_style(r["completion_messages"]) for r in batch],
                instance_id=[r["instance_id"] for r in batch],
            )
        )
    os.environ["DECEPEVAL_REWARD_URL"] = url
    verl = [
        decepeval_verl_reward.compute_score(
            "decepeval", r["completion_text"], r["instance_id"], {"instance_id": r["instance_id"], "index": k}
        )
        for k, r in enumerate(rows)
    ]
    json.dump({"trl": trl, "verl": verl}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
