/**
 * The manifest of a run folder (`rollouts/<run>/manifest.json`): what was run, on which
 * data, with which versions and seeds, and how far it got.
 */
import { z } from "zod";
import { versionField } from "./common.js";
import { RecipeSchema } from "./recipe.js";
import { ModelRefSchema, TerminationSchema } from "./trajectory.js";

export const RUN_MANIFEST_VERSION = 1 as const;

/** Which sandbox limits the host enforced for the run's agent code (coding instances). */
export const SandboxReportSchema = z.object({
  mode: z.enum(["root", "user-namespace", "unavailable"]),
  cgroup: z.enum(["v2", "v1", "none"]),
  enforced: z.array(z.string()),
  not_enforced: z.array(z.string()),
});
export type SandboxReport = z.infer<typeof SandboxReportSchema>;

export const RunManifestSchema = z.object({
  version: versionField("run manifest", RUN_MANIFEST_VERSION),
  run_id: z.string().min(1),
  recipe_file: z.string(),
  recipe: RecipeSchema,
  /** Hash of everything that decides the trajectories; a resume must match it. */
  fingerprint: z.string(),
  dataset: z.object({
    path: z.string(),
    sha256: z.string(),
    files: z.number().int().nonnegative(),
    instances: z.number().int().nonnegative(),
  }),
  selection: z.object({
    instances: z.number().int().nonnegative(),
    pairs: z.number().int().nonnegative(),
    units: z.number().int().nonnegative(),
  }),
  model: ModelRefSchema,
  seeds: z.object({ run_seed: z.number().int(), unit_seed: z.string() }),
  versions: z.object({ decepeval: z.string(), node: z.string(), trajectory: z.number().int() }),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.enum(["running", "complete", "interrupted"]),
  /** Null when the run executes no agent code (no coding instance selected). */
  sandbox: SandboxReportSchema.nullable().optional(),
  counts: z.object({
    done: z.number().int().nonnegative(),
    terminations: z.partialRecord(TerminationSchema, z.number().int().nonnegative()),
  }),
});
export type RunManifest = z.infer<typeof RunManifestSchema>;
