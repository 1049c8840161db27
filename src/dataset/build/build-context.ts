import type { Factor } from "../../schemas/common.js";
import type { DatasetSources } from "./load-sources.js";

/** Bumped whenever a change to the generator changes its output. */
export const GENERATOR_VERSION = "decepeval-build/1";

/** Variants (pairs) generated from each seed. */
export const VARIANTS_PER_SEED = 10;

/** Tool-use variants (by index) that also get stacked 2-, 3- and 4-factor conditions. */
export const STACKED_VARIANTS: ReadonlySet<number> = new Set([0, 1, 2]);

/** What building one pair needs besides its seed. */
export interface PairContext {
  sources: DatasetSources;
  /** Position of the seed in its family (file order), drives subtype rotation. */
  seedIndex: number;
  variant: number;
  primary: { factor: Factor; subtype: string };
  split: "train" | "heldout";
  /** Case references already used in this build. */
  usedRefs: Set<string>;
}

/** Pads a variant number for ids: 3 -> "v03". */
export function variantTag(variant: number): string {
  return `v${String(variant).padStart(2, "0")}`;
}
