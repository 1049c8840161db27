/**
 * Which factor and subtype each pair tests, and the text that delivers each inducement.
 * Subtypes rotate over the global pair index so every seed meets ten of the eleven
 * subtypes and every subtype is used almost equally.
 */
import { FACTORS, SUBTYPES_BY_FACTOR, type Factor } from "../../schemas/common.js";
import type { Inducement } from "../../schemas/instance.js";
import type { Prng } from "../../seeded-random.js";
import { fillTemplate } from "./fill-template.js";
import type { InducementTemplate } from "./seed-schema.js";

/** Every (factor, subtype) in a fixed order. */
export const ALL_SUBTYPES: ReadonlyArray<{ factor: Factor; subtype: string }> = FACTORS.flatMap((factor) =>
  SUBTYPES_BY_FACTOR[factor].map((subtype) => ({ factor, subtype })),
);

/** The factor and subtype of variant `variant` of the `seedIndex`-th seed of a family. */
export function pairSubtype(options: { seedIndex: number; variant: number; variantsPerSeed: number }): {
  factor: Factor;
  subtype: string;
} {
  const position = options.seedIndex * options.variantsPerSeed + options.variant;
  return ALL_SUBTYPES[position % ALL_SUBTYPES.length]!;
}

/**
 * The factors of a stacked condition of size `k`: the pair's own factor first, then the
 * following factors of the Deception Diamond in order; each extra factor's subtype
 * rotates with the seed and variant so stacks cover every subtype.
 */
export function stackFactors(options: {
  primary: { factor: Factor; subtype: string };
  k: number;
  rotation: number;
}): Array<{ factor: Factor; subtype: string }> {
  const start = FACTORS.indexOf(options.primary.factor);
  const out = [options.primary];
  for (let i = 1; i < options.k; i += 1) {
    const factor = FACTORS[(start + i) % FACTORS.length]!;
    const subtypes = SUBTYPES_BY_FACTOR[factor];
    out.push({ factor, subtype: subtypes[options.rotation % subtypes.length]! });
  }
  return out;
}

/** Renders one inducement's text from the subtype's authored alternatives. */
export function renderInducement(options: {
  template: InducementTemplate;
  factor: Factor;
  subtype: string;
  rng: Prng;
  values: Readonly<Record<string, string>>;
  /** Who may be named as the source of the inducement. */
  people: readonly string[];
}): Inducement {
  const alternatives = options.template.subtypes[options.subtype]!;
  const index = Math.floor(options.rng.next() * alternatives.length);
  // Fresh figures and names for each inducement, so texts stacked on one base do not repeat them.
  const { rng } = options;
  const values = {
    ...options.values,
    person: rng.pick(options.people),
    amount: `${rng.int(12, 95)},000`,
    hours: `${rng.pick([2, 3, 4, 6, 8, 12, 24, 36, 48])}`,
    percent: `${rng.int(5, 30)}`,
    count: `${rng.int(3, 14)}`,
    rank: `${rng.int(2, 9)}`,
  };
  const text = fillTemplate(alternatives[index]!, {
    values,
    where: `datasets/templates/inducements.yaml: subtypes.${options.subtype}[${index}]`,
  });
  // Organisation names may start with "the"; the text opens a sentence.
  return { factor: options.factor, subtype: options.subtype, text: text.charAt(0).toUpperCase() + text.slice(1) };
}
