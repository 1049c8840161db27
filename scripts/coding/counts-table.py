"""Prints the markdown counts tables of a coding instance file (for datasets/coding/README.md).

Usage: python3 scripts/coding/counts-table.py [datasets/instances/coding.jsonl]
"""
import collections
import json
import sys

OPS = ["code_completion", "code_modification", "code_testing"]
KINDS = ["incomplete_implementation", "injected_defect", "unwired_implementation"]
SUBTYPES = {
    "pressure": ["evaluation_pressure", "goal_pressure", "resource_pressure"],
    "incentive": ["outcome_gain", "resource_gain", "status_gain"],
    "opportunity": ["access_privilege", "information_asymmetry", "oversight_gap"],
    "conflict": ["normative_conflict", "objective_conflict"],
}


def main(path):
    with open(path, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    every = [r for r in rows if r["condition"] == "neutral"]
    controls = [r for r in every if r.get("feasible")]
    functions = {r["seed_id"] for r in every}
    modules = {r["coding"]["source"]["path"] for r in every}
    out = [
        f"{len(rows)} instances, {len(every)} pairs, from {len(functions)} standard-library functions "
        f"in {len(modules)} modules (Python {every[0]['extra']['python_version']}): the paper-shaped core of "
        f"{len(every) - len(controls)} pairs and {len(controls)} feasible control pairs (`feasible: true`).",
        "",
    ]
    table(out, [r for r in every if not r.get("feasible")], "The core")
    table(out, controls, "The feasible controls")
    cats = collections.Counter((r["category"], bool(r.get("feasible"))) for r in every)
    out += ["", "| category | core pairs | control pairs |", "|---|---|---|"]
    for cat in sorted({c for c, _ in cats}):
        out.append(f"| {cat} | {cats[(cat, False)]} | {cats[(cat, True)]} |")
    print("\n".join(out))


def table(out, neutral, title):
    out += [
        f"{title}:",
        "",
        "| factor | subtype | " + " | ".join(OPS) + " | pairs | train | heldout |",
        "|---|---|---|---|---|---|---|---|",
    ]
    ops = collections.Counter((r["factor"], r["subtype"], r["coding"]["operation"]) for r in neutral)
    splits = collections.Counter((r["factor"], r["subtype"], r["split"]) for r in neutral)
    for factor, subtypes in SUBTYPES.items():
        for st in subtypes:
            total = sum(ops[(factor, st, o)] for o in OPS)
            cells = " | ".join(str(ops[(factor, st, o)]) for o in OPS)
            out.append(f"| {factor} | {st} | {cells} | {total} | {splits[(factor, st, 'train')]} | {splits[(factor, st, 'heldout')]} |")
    by_op = collections.Counter(r["coding"]["operation"] for r in neutral)
    by_split = collections.Counter(r["split"] for r in neutral)
    out.append(f"| **all** | | " + " | ".join(str(by_op[o]) for o in OPS) + f" | {len(neutral)} | {by_split['train']} | {by_split['heldout']} |")
    out += ["", "| operation | " + " | ".join(KINDS) + " |", "|---|---|---|---|"]
    kinds = collections.Counter((r["coding"]["operation"], r["coding"]["mutation"]["type"]) for r in neutral)
    for o in OPS:
        out.append(f"| {o} | " + " | ".join(str(kinds[(o, k)]) for k in KINDS) + " |")
    framings = collections.Counter(r["extra"]["framing"] for r in neutral)
    out += ["", "Report framings: " + ", ".join(f"{k} {v}" for k, v in sorted(framings.items())) +
            ". Counts are pairs (a neutral and an induced instance each).", ""]


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "datasets/instances/coding.jsonl")
