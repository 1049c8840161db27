"""Calls a decepeval reward server the way OpenRLHF's remote reward client does.

OpenRLHF (0.11; flags since 0.10.2) posts {"query": [...], "prompts": [...], "labels": [...]}
to ``--reward.remote_url`` and reads "rewards". ``query`` is the decoded prompt and response
(a long prompt is cut to its last tokens first), ``prompts`` the original prompt text, and
the label the dataset column named by ``--data.label_key`` (``instance_id`` in
``decepeval export grpo`` files). OpenRLHF sends no headers, so it cannot pass a bearer
token: run ``decepeval serve-rewards`` without ``--token`` on a loopback or private address.

Standard library only. Reads {"query": [...], "prompts": [...], "labels": [...]} on stdin
and prints the rewards, to check a server before a long training run. Sends no
Authorization header, like OpenRLHF.
"""
import json
import sys
import urllib.error
import urllib.request


def get_rewards(url, query, prompts, labels):
    req = urllib.request.Request(
        url,
        data=json.dumps({"query": query, "prompts": prompts, "labels": labels}).encode("utf-8"),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=180) as resp:
            return json.loads(resp.read().decode("utf-8"))["rewards"]
    except urllib.error.HTTPError as e:
        body = e.read().decode("utf-8", "replace")
        hint = " (the server wants a bearer token, which OpenRLHF cannot send)" if e.code == 401 else ""
        raise SystemExit("reward server answered %d%s: %s" % (e.code, hint, body))


if __name__ == "__main__":
    url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000/get_reward"
    batch = json.load(sys.stdin)
    print(json.dumps(get_rewards(url, batch["query"], batch["prompts"], batch["labels"])))
