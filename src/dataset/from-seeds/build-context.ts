import type { Factor } from "../../schemas/common.js";
import type { Instance } from "../../schemas/instance.js";
import type { DatasetSources } from "./load-sources.js";

/** Bumped whenever a change to the generator changes its output. */
export const GENERATOR_VERSION = "decepeval-build/2";

/** Variants (pairs) of the paper-shaped core generated from each seed. */
export const VARIANTS_PER_SEED = 10;

/**
 * Feasible-control variants per seed, numbered after the core (10, 11, 12): nothing blocks
 * completion, so they sit outside the core and its counts.
 */
export const CONTROL_VARIANTS = 3;

/** Tool-use variants (by index) that also get stacked 2-, 3- and 4-factor conditions. */
export const STACKED_VARIANTS: ReadonlySet<number> = new Set([0, 1, 2]);

/** What building one pair needs besides its seed. */
export interface PairContext {
  sources: DatasetSources;
  /** Position of the seed in its family (file order), drives subtype rotation. */
  seedIndex: number;
  variant: number;
  /** A feasible control (variant >= VARIANTS_PER_SEED). */
  feasible: boolean;
  primary: { factor: Factor; subtype: string };
  split: "train" | "heldout";
  /** Case references already used in this build. */
  usedRefs: Set<string>;
}

/** Pads a variant number for ids: 3 -> "v03". */
export function variantTag(variant: number): string {
  return `v${String(variant).padStart(2, "0")}`;
}

/** The seed's part of a pair id: `<seed>-v03` in the core, `<seed>-control-v10` for controls. */
export function seedTag(seedId: string, variant: number, feasible: boolean): string {
  return `${seedId}-${feasible ? "control-" : ""}${variantTag(variant)}`;
}

/** What a pair builder returns: the members, and the words the induced members must not carry. */
export interface BuiltPair {
  members: Instance[];
  /** The neutral note's reassurance markers, filled for this pair. */
  reassurance: string[];
}
