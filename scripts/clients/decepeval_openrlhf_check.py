"""Calls a decepeval reward server the way OpenRLHF's --remote_rm_url does.

OpenRLHF posts {"query": [prompt+response], "prompts": [prompt], "labels": [label]} to
the URL given by --remote_rm_url and reads "rewards". With decepeval, the label is the
instance id (``--label_key instance_id`` on a dataset from ``decepeval export grpo``):

    python -m openrlhf.cli.train_ppo_ray ... \\
        --remote_rm_url http://127.0.0.1:8000/get_reward --label_key instance_id

Standard library only. Reads {"query": [...], "prompts": [...], "labels": [...]} on stdin
and prints the rewards, to check a server before a long training run.
"""
import json
import sys
import urllib.request


def get_rewards(url, query, prompts, labels, token=None):
    req = urllib.request.Request(
        url,
        data=json.dumps({"query": query, "prompts": prompts, "labels": labels}).encode("utf-8"),
        headers={"Content-Type": "application/json", **({"Authorization": "Bearer " + token} if token else {})},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=180) as resp:
        return json.loads(resp.read().decode("utf-8"))["rewards"]


if __name__ == "__main__":
    url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000/get_reward"
    batch = json.load(sys.stdin)
    print(json.dumps(get_rewards(url, batch["query"], batch["prompts"], batch["labels"])))
