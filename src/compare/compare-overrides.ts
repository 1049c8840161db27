/**
 * What the `compare` command's flags change in a compare recipe. Flags are applied to the
 * recipe as written (the parsed YAML, or an empty one without a file), before it is
 * validated, so a flag is checked exactly like the field it replaces and none is ever
 * ignored because a recipe was given.
 */
import { isAbsolute, resolve } from "node:path";

/** Settings the CLI may override without editing the recipe; each replaces one field. */
export interface CompareOverrides {
  /** `--out`: output folder, relative to the current folder. */
  out?: string;
  samples?: number;
  concurrency?: number;
  /** `--resamples`: bootstrap.resamples. */
  resamples?: number;
  name?: string;
  /** `--dataset`: relative to the current folder. */
  dataset?: string;
  split?: string;
  seed?: number;
  /** `--base`: the base's model (and name, when given); a recipe's `base.run` made by another model is dropped. */
  base?: { name?: string; model: string };
  /** `--candidate` (repeatable): replaces the candidate list. */
  candidates?: Array<{ name: string; model: string }>;
  /** `--gate` (repeatable): replaces the gates. */
  gates?: Array<Record<string, unknown>>;
  /** `--base-url`: the endpoint of every `openai:` model, the per-model `base_url`s included. */
  baseUrl?: string;
}

/** The flag behind each override, for error messages. */
const FLAGS: Record<keyof CompareOverrides, string> = {
  out: "--out",
  samples: "--samples",
  concurrency: "--concurrency",
  resamples: "--resamples",
  name: "--name",
  dataset: "--dataset",
  split: "--split",
  seed: "--seed",
  base: "--base",
  candidates: "--candidate",
  gates: "--gate",
  baseUrl: "--base-url",
};

/** The flags `o` sets, in a stable order. */
export function overrideFlags(o: CompareOverrides): string[] {
  return (Object.keys(FLAGS) as Array<keyof CompareOverrides>).filter((k) => o[k] !== undefined).map((k) => FLAGS[k]);
}

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The recipe value with the overrides applied; values are left for the schema to check. */
export function applyCompareOverrides(value: Record<string, unknown>, o: CompareOverrides, cwd = process.cwd()): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  if (o.name !== undefined) out.name = o.name;
  if (o.dataset !== undefined) out.dataset = abs(o.dataset);
  if (o.split !== undefined) out.split = o.split;
  if (o.seed !== undefined) out.seed = o.seed;
  if (o.samples !== undefined) out.samples = o.samples;
  if (o.concurrency !== undefined) out.concurrency = o.concurrency;
  if (o.out !== undefined) out.out = abs(o.out);
  if (o.resamples !== undefined) out.bootstrap = { ...(isMapping(value.bootstrap) ? value.bootstrap : {}), resamples: o.resamples };
  if (o.base !== undefined) {
    const was = isMapping(value.base) ? value.base : {};
    const { run, ...kept } = was;
    out.base = {
      ...kept,
      name: o.base.name ?? (typeof was.name === "string" ? was.name : "base"),
      model: o.base.model,
      // A named run is reused only for the model that made it.
      ...(run !== undefined && was.model === o.base.model ? { run } : {}),
    };
  }
  if (o.candidates !== undefined) out.candidates = o.candidates.map((c) => ({ ...c }));
  if (o.gates !== undefined) out.gates = o.gates;
  if (o.baseUrl !== undefined) {
    out.openai_options = { ...(isMapping(value.openai_options) ? value.openai_options : {}), base_url: o.baseUrl };
    // "Every openai: model" means every one: a model's own base_url would otherwise win.
    const strip = (m: unknown) => {
      if (!isMapping(m) || !isMapping(m.model_options) || !("base_url" in m.model_options)) return m;
      const { base_url: _dropped, ...rest } = m.model_options;
      return { ...m, model_options: rest };
    };
    out.base = strip(out.base);
    if (Array.isArray(out.candidates)) out.candidates = out.candidates.map(strip);
  }
  return out;
}
