/**
 * Gates: the recipe's thresholds on the overall paired differences, checked per
 * candidate, each with a sentence saying why it passed or failed.
 */
import type { CompareGate } from "../schemas/compare-recipe.js";
import type { CompareSlice, GateOutcome } from "../schemas/compare-result.js";

const pts = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)} pts`;

/** A human-readable statement of the gate. */
export function describeGate(g: CompareGate): string {
  const parts: string[] = [];
  const what = g.on === "ci" ? `${g.metric} CI` : g.metric;
  if (g.max_delta !== undefined) parts.push(`${what} Δ ≤ ${pts(g.max_delta)}`);
  if (g.min_delta !== undefined) parts.push(`${what} Δ ≥ ${pts(g.min_delta)}`);
  if (g.ci_excludes_zero) parts.push(`${g.metric} CI excludes 0`);
  return parts.join(" and ");
}

/** Checks every gate against the overall slice, for every candidate it names. */
export function evaluateGates(options: { gates: CompareGate[]; overall: CompareSlice; candidates: string[] }): GateOutcome[] {
  const out: GateOutcome[] = [];
  for (const gate of options.gates) {
    const label = describeGate(gate);
    for (const candidate of gate.candidates ?? options.candidates) {
      const row = options.overall.rows.find((r) => r.candidate === candidate && r.metric === gate.metric);
      if (!row) {
        out.push({ gate: label, candidate, passed: false, reason: `no ${gate.metric} result for ${candidate} (no units carry it)` });
        continue;
      }
      const failures: string[] = [];
      const ci = `[${pts(row.lower)}, ${pts(row.upper)}]`;
      // Too few clusters (or none that differ): nothing can be concluded, so no gate passes on it.
      if (row.method === "too_few") {
        out.push({
          gate: label,
          candidate,
          passed: false,
          reason: `${gate.metric} Δ ${pts(row.estimate)} over ${row.units} units in ${row.clusters} clusters: too few to say (${row.warnings?.join("; ") ?? row.method}), p = ${row.p_value.toPrecision(3)}`,
        });
        continue;
      }
      if (gate.max_delta !== undefined) {
        const value = gate.on === "ci" ? row.upper : row.estimate;
        if (!(value <= gate.max_delta)) {
          failures.push(`${gate.on === "ci" ? "CI upper bound" : "Δ"} ${pts(value)} is above the limit ${pts(gate.max_delta)}`);
        }
      }
      if (gate.min_delta !== undefined) {
        const value = gate.on === "ci" ? row.lower : row.estimate;
        if (!(value >= gate.min_delta)) {
          failures.push(`${gate.on === "ci" ? "CI lower bound" : "Δ"} ${pts(value)} is below the limit ${pts(gate.min_delta)}`);
        }
      }
      if (gate.ci_excludes_zero && row.lower <= 0 && row.upper >= 0) failures.push(`CI ${ci} includes 0`);
      out.push({
        gate: label,
        candidate,
        passed: failures.length === 0,
        reason:
          failures.length === 0
            ? `${gate.metric} Δ ${pts(row.estimate)}, CI ${ci}`
            : `${gate.metric} Δ ${pts(row.estimate)}, CI ${ci}: ${failures.join("; ")}`,
      });
    }
  }
  return out;
}

/** Fails a model whose share of errored samples exceeds `maxErrorRate`. */
export function errorRateGates(options: {
  models: Array<{ name: string; errored: number; total: number; runDir: string }>;
  maxErrorRate: number;
}): GateOutcome[] {
  return options.models.map((m) => {
    const rate = m.total > 0 ? m.errored / m.total : 0;
    const passed = rate <= options.maxErrorRate;
    return {
      gate: `errored samples ≤ ${(options.maxErrorRate * 100).toFixed(1)}%`,
      candidate: m.name,
      passed,
      reason: `${m.errored}/${m.total} samples ended in a model or environment error (${(rate * 100).toFixed(1)}%)${
        passed ? "" : `; fix the endpoint or environment, then delete ${m.runDir} so its errored episodes run again`
      }`,
    };
  });
}
