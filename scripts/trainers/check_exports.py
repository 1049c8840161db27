"""Reads decepeval's export files with the trainers' own loaders and templates.

Usage: .venv-trainers/bin/python scripts/trainers/check_exports.py <export-dir>

For every export file present: HF ``datasets.load_dataset`` (JSONL and Parquet), pyarrow
and DuckDB read the Parquet files as nested data, and their rows equal the JSONL rows
(after TRL's ``remove_none_values``, which undoes the keys a nested column fills with
None). Every SFT/DPO/GRPO row renders through the Qwen3 and Llama 3.1 chat templates with
its tools, and the data card's token lengths equal what those tokenizers count. Exits 1 at
the first problem, naming the file and row.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import check, fail, read_jsonl, tokenizers  # noqa: E402


def percentile(values, p):
    import numpy as np

    return round(float(np.percentile(values, p)), 1)


def conversations(kind, row):
    """(full sequences, prompt) as TRL tokenizes them."""
    tools = row.get("tools") or None
    if kind == "sft":
        return [(row["messages"], False)], None, tools
    if kind == "grpo":
        return [(row["prompt"], True)], (row["prompt"], True), tools
    return [(row["prompt"] + row["chosen"], False), (row["prompt"] + row["rejected"], False)], (row["prompt"], True), tools


def main(out):
    import datasets
    import duckdb
    import pyarrow.parquet as pq
    from trl.trainer.utils import remove_none_values

    toks = tokenizers()
    summary = {}
    for kind, key in (("sft", "messages"), ("dpo", "prompt"), ("grpo", "prompt")):
        jsonl = os.path.join(out, kind + ".trl.jsonl")
        if not os.path.exists(jsonl):
            continue
        raw = read_jsonl(jsonl)
        ds = datasets.load_dataset("json", data_files=jsonl, split="train")
        check(len(ds) == len(raw), "%s: datasets read %d rows, the file has %d" % (jsonl, len(ds), len(raw)))
        rows = [remove_none_values(r) for r in ds]
        for i, (a, b) in enumerate(zip(rows, raw)):
            check(a == b, "%s row %d: datasets returns a different row than the file holds" % (jsonl, i))
        # TRL decides conversational vs text from the first row.
        from trl.data_utils import is_conversational

        check(is_conversational(ds[0]), "%s: TRL does not see the rows as conversational" % jsonl)
        parquet = os.path.join(out, kind + ".parquet")
        if os.path.exists(parquet):
            pds = datasets.load_dataset("parquet", data_files=parquet, split="train")
            check(is_conversational(pds[0]), "%s: TRL does not see the Parquet rows as conversational" % parquet)
            table = pq.read_table(parquet)
            check(str(table.schema.field(key).type).startswith("list<element: struct<role: string"), "%s: %s is %s, not a list of message structs" % (parquet, key, table.schema.field(key).type))
            con = duckdb.connect()
            check(con.sql("SELECT typeof(%s) FROM read_parquet(?) LIMIT 1" % key, params=[parquet]).fetchone()[0].startswith("STRUCT("), "%s: DuckDB does not read %s as nested" % (parquet, key))
            ddb = [json.loads(r[0]) for r in con.sql("SELECT to_json(t)::VARCHAR FROM read_parquet(?) t", params=[parquet]).fetchall()]
            for name, source in (("datasets", list(pds)), ("pyarrow", table.to_pylist()), ("duckdb", ddb)):
                check(len(source) == len(raw), "%s: %s reads %d rows, the JSONL has %d" % (parquet, name, len(source), len(raw)))
                for i, (p, j) in enumerate(zip(source, raw)):
                    p = _decode_leaves(remove_none_values(p))
                    for k, v in j.items():
                        check(p.get(k) == v, "%s row %d (%s): column %s differs from the JSONL" % (parquet, i, name, k))
        # Templates and token counts, from the JSONL rows.
        lengths = {n: {"total": [], "prompt": []} for n in toks}
        for i, row in enumerate(raw):
            full, prompt, tools = conversations(kind, row)
            for n, tok in toks.items():
                try:
                    counts = [len(tok.apply_chat_template(m, tools=tools, add_generation_prompt=g, tokenize=True, return_dict=True)["input_ids"]) for m, g in full]
                    text = tok.apply_chat_template(full[0][0], tools=tools, add_generation_prompt=full[0][1], tokenize=False)
                except Exception as e:  # a template error is exactly what this check is for
                    fail("%s row %d: the %s chat template fails: %s: %s" % (jsonl, i, n, type(e).__name__, e))
                lengths[n]["total"].append(max(counts))
                if kind == "dpo":
                    lengths[n]["prompt"].append(len(tok.apply_chat_template(prompt[0], tools=tools, add_generation_prompt=True, tokenize=True, return_dict=True)["input_ids"]))
                if kind == "sft":
                    last = row["messages"][-1]
                    check(last["content"].strip() in text, "%s row %d: the %s rendering lost the final message" % (jsonl, i, n))
                if tools:
                    check(tools[0]["function"]["name"] in text, "%s row %d: the %s rendering has no tools" % (jsonl, i, n))
        card = json.load(open(os.path.join(out, kind + ".card.json"), encoding="utf-8"))
        for n in toks:
            want = card["tokens"][n]["total"]
            got = lengths[n]["total"]
            for stat, value in (("max", max(got)), ("p50", percentile(got, 50)), ("p95", percentile(got, 95)), ("count", len(got))):
                # Percentiles are rounded to one decimal on both sides; x.x5 may round either way.
                same = want[stat] == value if stat in ("max", "count") else abs(want[stat] - value) <= 0.1 + 1e-9
                check(same, "%s.card.json tokens.%s.total.%s is %s; %s counts %s" % (kind, n, stat, want[stat], n, value))
            if kind == "dpo":
                check(card["tokens"][n]["prompt"]["max"] == max(lengths[n]["prompt"]), "%s.card.json tokens.%s.prompt.max differs from the tokenizer" % (kind, n))
        summary[kind] = {"rows": len(raw), "tokens": {n: {"p50": percentile(v["total"], 50), "max": max(v["total"])} for n, v in lengths.items()}}
    verl = os.path.join(out, "grpo.verl.parquet")
    if os.path.exists(verl):
        vds = datasets.load_dataset("parquet", data_files=verl, split="train")
        grpo = read_jsonl(os.path.join(out, "grpo.trl.jsonl"))
        for i, (v, g) in enumerate(zip(vds, grpo)):
            check(isinstance(v["prompt"], list) and isinstance(v["prompt"][0], dict), "%s row %d: prompt is not a list of messages" % (verl, i))
            check(remove_none_values(v["prompt"]) == g["prompt"], "%s row %d: prompt differs from grpo.trl.jsonl" % (verl, i))
            check(v["reward_model"]["ground_truth"] == g["instance_id"] and v["extra_info"]["instance_id"] == g["instance_id"], "%s row %d: instance id" % (verl, i))
            check(v["data_source"] == "decepeval", "%s row %d: data_source" % (verl, i))
        summary["verl"] = {"rows": len(vds)}
    summary.update(check_rollout(os.path.dirname(os.path.abspath(out))))
    print(json.dumps(summary))


def check_rollout(run):
    """The rollout's columnar copy beside the exports: nested conversation equal to trajectories.jsonl."""
    import datasets
    import duckdb
    import pyarrow.parquet as pq
    from trl.trainer.utils import remove_none_values

    path = os.path.join(run, "rollouts.parquet")
    if not os.path.exists(path):
        return {}
    trajectories = read_jsonl(os.path.join(run, "trajectories.jsonl"))
    table = pq.read_table(path)
    check(str(table.schema.field("conversation").type).startswith("list<element: struct<role: string"), "%s: conversation is not nested" % path)
    check(duckdb.sql("SELECT count(*) FROM read_parquet(?)", params=[path]).fetchone()[0] == len(trajectories), "%s: DuckDB row count" % path)
    ds = datasets.load_dataset("parquet", data_files=path, split="train")
    for i, (row, t) in enumerate(zip(ds, trajectories)):
        check(row["trajectory_id"] == t["id"], "%s row %d: trajectory_id" % (path, i))
        check(remove_none_values(row["conversation"]) == t["messages"] or _same_messages(row["conversation"], t["messages"]), "%s row %d: conversation differs from trajectories.jsonl" % (path, i))
    return {"rollout": {"rows": len(ds)}}


def _same_messages(parquet, stored):
    """Equal up to the None a nested struct puts where a message has no key (content null stays null)."""
    def strip(m):
        return {k: v for k, v in m.items() if v is not None or k == "content"}

    cleaned = []
    for m in parquet:
        m = strip(m)
        if m.get("tool_calls"):
            m["tool_calls"] = [remove_none_values_dict(c) for c in m["tool_calls"]]
        cleaned.append(m)
    return cleaned == stored


def remove_none_values_dict(d):
    return {k: (remove_none_values_dict(v) if isinstance(v, dict) else v) for k, v in d.items() if v is not None}


def _decode_leaves(value):
    """pyarrow hands Parquet JSON leaves (tool-call arguments, tool parameters) back as text."""
    if isinstance(value, list):
        return [_decode_leaves(v) for v in value]
    if isinstance(value, dict):
        return {k: (json.loads(v) if k in ("arguments", "parameters") and isinstance(v, str) else _decode_leaves(v)) for k, v in value.items()}
    return value


if __name__ == "__main__":
    if len(sys.argv) != 2:
        fail("usage: check_exports.py <export-dir>")
    main(sys.argv[1])
