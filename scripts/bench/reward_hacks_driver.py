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
    """As `decepeval export grpo` writes TRL rows: tool-call arguments as objects (the chat
    template convention), tool replies carrying the tool's name."""
    out, names = [], {}
    for m in messages:
        m = dict(m)
        if m.get("tool_calls"):
            calls = []
            for c in m["tool_calls"]:
                names[c["id"]] = c["function"]["name"]
                calls.append({"id": c["id"], "type": "function", "function": {"name": c["function"]["name"], "arguments": json.loads(c["function"]["arguments"])}})
            m["tool_calls"] = calls
        elif m.get("role") == "tool":
            m["name"] = names.get(m.get("tool_call_id"), "unknown")
        out.append(m)
    return out


def score_of(value):
    """verl accepts a float or a dict with a "score" key from compute_score."""
    return float(value["score"]) if isinstance(value, dict) else float(value)


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
        score_of(decepeval_verl_reward.compute_score(
            "decepeval", r["completion_text"], r["instance_id"], {"instance_id": r["instance_id"], "index": k}
        ))
        for k, r in enumerate(rows)
    ]
    json.dump({"trl": trl, "verl": verl}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
