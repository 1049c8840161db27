#!/usr/bin/env python3
"""Reads decepeval training exports the way the trainers do, with the standard library only.

Usage: python3 check_exports.py <export-dir>

Checks every known export file present in the folder (sft.trl.jsonl, sft.openai.jsonl,
dpo.trl.jsonl, dpo.openai.jsonl, grpo.trl.jsonl) and the data cards beside them. Prints a
JSON summary (rows per file) and exits 1 listing every problem found.
"""
import json
import os
import sys

ROLES = {"system", "user", "assistant", "tool"}
problems = []


def fail(where, msg):
    problems.append(f"{where}: {msg}")


def read_jsonl(path):
    # HF `datasets` (json builder) and OpenAI's uploader both take one JSON object a line.
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                fail(f"{path}:{n}", "blank line")
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as e:
                fail(f"{path}:{n}", f"not JSON: {e}")
                continue
            if not isinstance(row, dict):
                fail(f"{path}:{n}", "row is not an object")
                continue
            yield f"{path}:{n}", row


def check_tools(where, tools):
    if not isinstance(tools, list):
        return fail(where, "tools is not a list")
    for t in tools:
        fn = t.get("function") if isinstance(t, dict) else None
        if not (isinstance(t, dict) and t.get("type") == "function" and isinstance(fn, dict)):
            fail(where, "tool is not {type: function, function: {...}}")
            continue
        if not isinstance(fn.get("name"), str) or not isinstance(fn.get("parameters"), dict):
            fail(where, "tool function needs a name and a parameters object")


def check_trl_messages(where, messages, prior=()):
    """Conversational TRL rows: what transformers' apply_chat_template reads."""
    if not isinstance(messages, list) or not messages:
        return fail(where, "messages must be a non-empty list")
    for i, m in enumerate(messages):
        w = f"{where} message {i}"
        if not isinstance(m, dict) or m.get("role") not in ROLES:
            fail(w, f"bad role {m.get('role') if isinstance(m, dict) else m!r}")
            continue
        role = m["role"]
        if role == "assistant":
            calls = m.get("tool_calls")
            if calls is None:
                if not isinstance(m.get("content"), str):
                    fail(w, "assistant message without tool calls needs text content")
            else:
                for c in calls:
                    fn = c.get("function", {}) if isinstance(c, dict) else {}
                    if c.get("type") != "function" or not isinstance(fn.get("name"), str):
                        fail(w, "tool call needs type function and a name")
                    # Chat templates render arguments with tojson: they must be a mapping.
                    if not isinstance(fn.get("arguments"), dict):
                        fail(w, "TRL tool call arguments must be an object, not a string")
        elif role == "tool":
            if not isinstance(m.get("content"), str) or not isinstance(m.get("name"), str):
                fail(w, "tool message needs string content and the tool name")
        elif not isinstance(m.get("content"), str):
            fail(w, f"{role} message needs string content")


def check_openai_messages(where, messages, need_assistant=True):
    """OpenAI chat fine-tuning format checks (keys, roles, tool-call pairing)."""
    if not isinstance(messages, list) or not messages:
        return fail(where, "messages must be a non-empty list")
    allowed = {"role", "content", "name", "tool_calls", "tool_call_id", "weight", "function_call"}
    open_calls = set()
    for i, m in enumerate(messages):
        w = f"{where} message {i}"
        extra = set(m) - allowed
        if extra:
            fail(w, f"unrecognized keys {sorted(extra)}")
        role = m.get("role")
        if role not in ROLES:
            fail(w, f"bad role {role!r}")
        content = m.get("content")
        if role == "assistant":
            calls = m.get("tool_calls")
            if content is None and not calls:
                fail(w, "assistant message needs content or tool_calls")
            for c in calls or []:
                fn = c.get("function", {})
                if not isinstance(c.get("id"), str) or c.get("type") != "function":
                    fail(w, "tool call needs an id and type function")
                if not isinstance(fn.get("arguments"), str):
                    fail(w, "OpenAI tool call arguments must be a JSON string")
                else:
                    try:
                        json.loads(fn["arguments"])
                    except json.JSONDecodeError:
                        fail(w, "tool call arguments are not valid JSON")
                open_calls.add(c.get("id"))
        elif role == "tool":
            if m.get("tool_call_id") not in open_calls:
                fail(w, "tool message answers no earlier tool call")
            if not isinstance(content, str):
                fail(w, "tool message needs string content")
        elif not isinstance(content, str):
            fail(w, f"{role} message needs string content")
    if need_assistant and not any(m.get("role") == "assistant" for m in messages):
        fail(where, "no assistant message to learn from")


def check_sft_trl(path):
    n = 0
    for where, row in read_jsonl(path):
        n += 1
        check_trl_messages(where, row.get("messages"))
        if "tools" in row:
            check_tools(where, row["tools"])
        if row.get("messages") and row["messages"][-1].get("role") != "assistant":
            fail(where, "last message must be the assistant's")
    return n


def check_sft_openai(path):
    n = 0
    for where, row in read_jsonl(path):
        n += 1
        extra = set(row) - {"messages", "tools", "parallel_tool_calls"}
        if extra:
            fail(where, f"unrecognized top-level keys {sorted(extra)}")
        check_openai_messages(where, row.get("messages"))
        if "tools" in row:
            check_tools(where, row["tools"])
    return n


def check_dpo_trl(path):
    n = 0
    for where, row in read_jsonl(path):
        n += 1
        for key in ("prompt", "chosen", "rejected"):
            check_trl_messages(f"{where} {key}", row.get(key))
        prompt, chosen, rejected = row.get("prompt") or [], row.get("chosen") or [], row.get("rejected") or []
        if prompt and prompt[-1].get("role") == "assistant":
            fail(where, "prompt must end before the policy's turn")
        for key, side in (("chosen", chosen), ("rejected", rejected)):
            if side and side[0].get("role") != "assistant":
                fail(where, f"{key} must start with the assistant's turn")
        if chosen == rejected:
            fail(where, "chosen and rejected are identical")
    return n


def check_dpo_openai(path):
    n = 0
    for where, row in read_jsonl(path):
        n += 1
        if set(row) != {"input", "preferred_output", "non_preferred_output"}:
            fail(where, f"keys must be input, preferred_output, non_preferred_output; got {sorted(row)}")
            continue
        check_openai_messages(f"{where} input", row["input"].get("messages"), need_assistant=False)
        for key in ("preferred_output", "non_preferred_output"):
            out = row[key]
            if not (isinstance(out, list) and len(out) == 1 and out[0].get("role") == "assistant"):
                fail(where, f"{key} must be a list of one assistant message")
    return n


def check_grpo_trl(path):
    n = 0
    for where, row in read_jsonl(path):
        n += 1
        check_trl_messages(f"{where} prompt", row.get("prompt"))
        if not isinstance(row.get("instance_id"), str) or not row["instance_id"]:
            fail(where, "instance_id column missing")
    return n


CHECKS = {
    "sft.trl.jsonl": check_sft_trl,
    "sft.openai.jsonl": check_sft_openai,
    "dpo.trl.jsonl": check_dpo_trl,
    "dpo.openai.jsonl": check_dpo_openai,
    "grpo.trl.jsonl": check_grpo_trl,
}


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    folder = sys.argv[1]
    summary = {}
    for name, check in CHECKS.items():
        path = os.path.join(folder, name)
        if os.path.exists(path):
            summary[name] = check(path)
    for kind in ("sft", "dpo", "grpo"):
        card = os.path.join(folder, f"{kind}.card.json")
        if not os.path.exists(card):
            continue
        with open(card, encoding="utf-8") as f:
            data = json.load(f)
        for entry in data.get("files", []):
            name = os.path.basename(entry["path"])
            if name in summary and summary[name] != entry["rows"]:
                fail(card, f"card says {entry['rows']} rows in {name}, file has {summary[name]}")
    print(json.dumps({"rows": summary, "problems": problems}))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
