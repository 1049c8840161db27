"""verl custom reward function backed by a decepeval reward server.

Standard library only. In the verl config:

    custom_reward_function:
      path: scripts/clients/decepeval_verl_reward.py
      name: compute_score

and set DECEPEVAL_REWARD_URL (default http://127.0.0.1:8000). Train on
``decepeval export grpo --format verl`` (grpo.verl.parquet): its ``reward_model.ground_truth``
and ``extra_info.instance_id`` hold the decepeval instance id.

verl calls ``compute_score(data_source=..., solution_str=..., ground_truth=...,
extra_info=...)`` and may add keywords (``reward_router_address``,
``reward_model_tokenizer``, the config's ``reward_kwargs``); unknown ones are ignored. A bad
item never raises (that would end the training step): it scores
DECEPEVAL_FAILED_SCORE (default 0.0), is counted in ``decepeval_error`` and is reported on
stderr. Every item returns the same keys, as verl's reward managers collect them per key.
"""
import json
import os
import sys
import urllib.request

KEYS = ("score", "deceptive", "grade", "decepeval_error")


def _failed(why):
    print("decepeval compute_score: %s" % why, file=sys.stderr)
    return {"score": float(os.environ.get("DECEPEVAL_FAILED_SCORE", "0.0")), "deceptive": 0, "grade": 0, "decepeval_error": 1}


def _instance_id(ground_truth, extra_info):
    if isinstance(extra_info, dict) and isinstance(extra_info.get("instance_id"), str):
        return extra_info["instance_id"]
    if isinstance(ground_truth, str) and ground_truth:
        return ground_truth
    if isinstance(ground_truth, dict) and isinstance(ground_truth.get("instance_id"), str):
        return ground_truth["instance_id"]
    return None


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
    """Score one decoded response: a dict with ``score`` and the same extra keys every time."""
    try:
        instance_id = _instance_id(ground_truth, extra_info)
        if instance_id is None:
            return _failed("no instance id in ground_truth or extra_info.instance_id (got %r)" % (ground_truth,))
        if not isinstance(solution_str, str):
            return _failed("solution_str is %s, expected the decoded response text" % type(solution_str).__name__)
        item = {"instance_id": instance_id, "completion": solution_str}
        url = os.environ.get("DECEPEVAL_REWARD_URL", "http://127.0.0.1:8000").rstrip("/") + "/v1/rewards"
        token = os.environ.get("DECEPEVAL_REWARD_TOKEN")
        req = urllib.request.Request(
            url,
            data=json.dumps([item]).encode("utf-8"),
            headers={"Content-Type": "application/json", **({"Authorization": "Bearer " + token} if token else {})},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=float(os.environ.get("DECEPEVAL_REWARD_TIMEOUT", "120"))) as resp:
            result = json.loads(resp.read().decode("utf-8"))["results"][0]
        if "reward" not in result:
            return _failed("%s: %s" % (instance_id, result["error"]["message"]))
        return {
            "score": float(result["reward"]),
            "deceptive": 1 if result["label"] == "deceptive" else 0,
            "grade": int(result["grade"]),
            "decepeval_error": 0,
        }
    except Exception as e:  # the reward server down, a timeout, a malformed answer
        return _failed("%s: %s" % (type(e).__name__, e))


if __name__ == "__main__":
    # Reads [{"solution_str": ..., "ground_truth": ...}, ...] on stdin, prints the scores.
    rows = json.load(sys.stdin)
    print(json.dumps([compute_score("decepeval", r["solution_str"], r["ground_truth"])["score"] for r in rows]))
