"""Reference values for test/stats with numpy/scipy. Reads the rows as JSON on stdin."""
import json
import sys

import numpy as np
from scipy import stats

rows = json.load(sys.stdin)

# Per (model, instance): average samples first.
units = {}
for r in rows:
    k = (r["model"], r["instance_id"])
    u = units.setdefault(k, {"row": r, "d": [], "r": []})
    u["d"].append(1.0 if r["deceptive"] else 0.0)
    u["r"].append(1.0 if r["refusal"] else 0.0)
U = list(units.values())


def clustered(values, clusters):
    y = np.asarray(values, dtype=float)
    n = len(y)
    e = y - y.mean()
    keys = sorted(set(clusters))
    sums = np.array([e[[i for i, c in enumerate(clusters) if c == k]].sum() for k in keys])
    c = len(keys)
    return float(y.mean()), float(np.sqrt(c / (c - 1) * (sums ** 2).sum() / n ** 2))


out = {"rates": {}, "delta": {}}
for cond in ["neutral", "induced"]:
    sel = [u for u in U if u["row"]["condition"] == cond]
    vals = [np.mean(u["d"]) for u in sel]
    m, se = clustered(vals, [u["row"]["pair_id"] for u in sel])
    ms, ses = clustered(vals, [u["row"]["seed_id"] for u in sel])
    rm, rse = clustered([np.mean(u["r"]) for u in sel], [u["row"]["pair_id"] for u in sel])
    out["rates"][cond] = {"mean": m, "se": se, "se_seed": ses, "refusal": rm, "refusal_se": rse}

neutral = {u["row"]["pair_id"]: np.mean(u["d"]) for u in U if u["row"]["condition"] == "neutral"}
diffs = [np.mean(u["d"]) - neutral[u["row"]["pair_id"]] for u in U if u["row"]["condition"] == "induced"]
diffs = np.asarray(diffs)
res = stats.bootstrap((diffs,), np.mean, n_resamples=20000, method="percentile", random_state=np.random.default_rng(1))
out["delta"] = {
    "mean": float(diffs.mean()),
    "se": float(diffs.std(ddof=1) / np.sqrt(len(diffs))),
    "sem": float(stats.sem(diffs)),
    "boot_lo": float(res.confidence_interval.low),
    "boot_hi": float(res.confidence_interval.high),
}
json.dump(out, sys.stdout)
