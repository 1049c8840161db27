"""verl custom reward function backed by a decepeval reward server.

Standard library only. In the verl config:

    custom_reward_function:
      path: scripts/clients/decepeval_verl_reward.py
      name: compute_score

and set DECEPEVAL_REWARD_URL (default http://127.0.0.1:8000). Put the decepeval
instance id in the dataset's ``reward_model.ground_truth`` (or ``extra_info.instance_id``).
"""
import json
import os
import urllib.request


def compute_score(data_source, solution_str, ground_truth, extra_info=None):
    """Score one decoded response; returns the reward as a float."""
    instance_id = (extra_info or {}).get("instance_id") or ground_truth
    item = {"instance_id": instance_id, "completion": solution_str}
    prompt = (extra_info or {}).get("prompt")
    if isinstance(prompt, str):
        item["prompt"] = prompt
    url = os.environ.get("DECEPEVAL_REWARD_URL", "http://127.0.0.1:8000").rstrip("/") + "/v1/rewards"
    token = os.environ.get("DECEPEVAL_REWARD_TOKEN")
    req = urllib.request.Request(
        url,
        data=json.dumps([item]).encode("utf-8"),
        headers={"Content-Type": "application/json", **({"Authorization": "Bearer " + token} if token else {})},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=120) as resp:
        result = json.loads(resp.read().decode("utf-8"))["results"][0]
    if "reward" not in result:
        raise RuntimeError("decepeval reward server: %s" % result["error"]["message"])
    return float(result["reward"])


if __name__ == "__main__":
    import sys

    # Reads [{"solution_str": ..., "ground_truth": ...}, ...] on stdin, prints rewards.
    rows = json.load(sys.stdin)
    print(json.dumps([compute_score("decepeval", r["solution_str"], r["ground_truth"]) for r in rows]))
