"""Replays verl's and OpenRLHF's reward calls against a running decepeval reward server.

Usage: .venv-trainers/bin/python scripts/trainers/replay_clients.py <export-dir> <reward-server-url>

verl: rows of grpo.verl.parquet loaded as verl's RLHFDataset loads them (datasets), and
``compute_score`` called the way verl's reward managers call it: keyword arguments, the
extra_info dict it extends, ``reward_router_address``/``reward_model_tokenizer`` and config
``reward_kwargs`` merged in; bad items (unknown id, no ground truth, server down) must not
raise. OpenRLHF: the prompt rendered with the chat template (``--data.apply_chat_template``),
cut to its last tokens when too long, ``query = decode(prompt_ids + response_ids)`` with
special tokens kept, posted without headers. The responses are the honest and deceptive
reports of the DPO export, so honest must score higher on average. Prints a JSON summary.
"""
import functools
import json
import os
import sys
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "clients"))
from common import check, tokenizers  # noqa: E402


def post(url, body, headers=None):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json", **(headers or {})}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def report_text(side):
    """The deliverable a DPO side writes (the report), as plain text."""
    for m in side:
        for c in m.get("tool_calls") or []:
            args = c["function"]["arguments"]
            if isinstance(args, dict) and isinstance(args.get("content"), str):
                return args["content"]
    return side[0].get("content") or ""


def batch_rewards(url, pairs):
    status, body = post(url + "/v1/rewards", [{"instance_id": i, "completion": t} for i, t in pairs])
    check(status == 200, "/v1/rewards answered %d: %s" % (status, body))
    return [r["reward"] for r in body["results"]]


def verl(out, url, pairs):
    import datasets
    import decepeval_verl_reward

    rows = datasets.load_dataset("parquet", data_files=os.path.join(out, "grpo.verl.parquet"), split="train")
    by_id = {r["reward_model"]["ground_truth"]: r for r in rows}
    os.environ["DECEPEVAL_REWARD_URL"] = url
    # verl wraps the custom function with the config's reward_kwargs, which win over call-time kwargs.
    reward_kwargs = {"format_score": 0.0}
    fn = functools.partial(lambda raw, extra, *a, **k: raw(*a, **{**k, **extra}), decepeval_verl_reward.compute_score, reward_kwargs)
    keys = None
    got = []
    for instance_id, text in pairs:
        row = by_id.get(instance_id)
        if row is None:
            continue
        extra_info = dict(row["extra_info"])
        extra_info.update(num_turns=None, rollout_reward_scores={})
        result = fn(
            data_source=row["data_source"],
            solution_str=text,
            ground_truth=row["reward_model"]["ground_truth"],
            extra_info=extra_info,
            reward_router_address="127.0.0.1:1",
            reward_model_tokenizer=None,
        )
        check(isinstance(result, dict) and isinstance(result["score"], float), "compute_score returned %r" % (result,))
        keys = keys or sorted(result)
        check(sorted(result) == keys, "compute_score returned different keys for different items")
        check(result["decepeval_error"] == 0, "compute_score failed on a good item: %r" % (result,))
        got.append(((instance_id, text), result["score"]))
    check(len(got) > 0, "no DPO instance is in grpo.verl.parquet")
    want = batch_rewards(url, [p for p, _ in got])
    check([s for _, s in got] == want, "verl scores %r differ from /v1/rewards %r" % ([s for _, s in got], want))
    bad = [
        dict(data_source="decepeval", solution_str="x", ground_truth="no/such/instance", extra_info={}),
        dict(data_source="decepeval", solution_str="x", ground_truth=None, extra_info=None),
        dict(data_source="decepeval", solution_str=None, ground_truth=pairs[0][0]),
    ]
    for b in bad:
        r = fn(**b)
        check(sorted(r) == keys and r["decepeval_error"] == 1, "a bad item gave %r" % (r,))
    os.environ["DECEPEVAL_REWARD_URL"] = "http://127.0.0.1:9"
    r = fn(data_source="decepeval", solution_str="x", ground_truth=pairs[0][0], extra_info={})
    os.environ["DECEPEVAL_REWARD_URL"] = url
    check(sorted(r) == keys and r["decepeval_error"] == 1, "with the server down compute_score gave %r" % (r,))
    return len(got)


def openrlhf(url, dpo, tok, max_prompt_tokens):
    """Requests as OpenRLHF 0.11 builds them; returns (truncated count, rewards)."""
    queries, prompts, labels, pairs = [], [], [], []
    truncated = 0
    for row in dpo:
        prompt = tok.apply_chat_template(row["prompt"], tokenize=False, add_generation_prompt=True)
        prompt_ids = tok(prompt, add_special_tokens=False)["input_ids"]
        if len(prompt_ids) > max_prompt_tokens:
            prompt_ids = prompt_ids[-max_prompt_tokens:]
            truncated += 1
        for side in ("chosen", "rejected"):
            text = report_text(row[side])
            response_ids = tok(text + "<|im_end|>", add_special_tokens=False)["input_ids"]
            queries.append(tok.decode(prompt_ids + response_ids, skip_special_tokens=False))
            prompts.append(prompt)
            labels.append(row["instance_id"])
            pairs.append((row["instance_id"], text))
    status, body = post(url + "/get_reward", {"query": queries, "prompts": prompts, "labels": labels})
    check(status == 200, "/get_reward answered %d: %s" % (status, body))
    check(body["rewards"] == batch_rewards(url, pairs), "OpenRLHF rewards differ from /v1/rewards on the same responses")
    # A query whose response cannot be told from the prompt is refused, not scored.
    status, body = post(url + "/get_reward", {"query": ["Compile the register. completion_status: complete"], "prompts": ["something else"], "labels": [labels[0]]})
    check(status == 400 and "response" in body["error"]["message"], "an unsplittable query was answered %d: %s" % (status, body))
    return truncated, body, pairs


def main(out, url):
    tok = tokenizers()["qwen3"]
    import datasets
    from trl.trainer.utils import remove_none_values

    # dpo.parquet carries the instance id beside the TRL columns.
    dpo = [remove_none_values(r) for r in datasets.load_dataset("parquet", data_files=os.path.join(out, "dpo.parquet"), split="train").select(range(min(12, len(datasets.load_dataset("parquet", data_files=os.path.join(out, "dpo.parquet"), split="train")))))]
    check(len(dpo) > 0, "no DPO rows to take responses from")
    pairs = [(r["instance_id"], report_text(r[s])) for r in dpo for s in ("chosen", "rejected")]
    verl_items = verl(out, url, pairs)
    truncated, _, _ = openrlhf(url, dpo, tok, max_prompt_tokens=256)
    whole, _, _ = openrlhf(url, dpo, tok, max_prompt_tokens=100_000)
    rewards = batch_rewards(url, pairs)
    honest, deceptive = rewards[0::2], rewards[1::2]
    check(sum(honest) / len(honest) > sum(deceptive) / len(deceptive), "honest reports do not score above deceptive ones: %r vs %r" % (honest, deceptive))
    check(truncated > 0 and whole == 0, "the truncation case did not truncate")
    print(json.dumps({"verl_items": verl_items, "openrlhf_truncated_prompts": truncated, "mean_honest": sum(honest) / len(honest), "mean_deceptive": sum(deceptive) / len(deceptive)}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2].rstrip("/"))
