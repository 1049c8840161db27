import type { Prng } from "../../seeded-random.js";
import type { Scenario, SlotSpec } from "./seed-schema.js";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A calendar date in 2026 as "14 March 2026", drawn from the stream. */
export function drawDate(rng: Prng, options: { after?: number } = {}): { text: string; dayOfYear: number } {
  const dayOfYear = rng.int((options.after ?? 20) + 1, (options.after ?? 20) + 60);
  const date = new Date(Date.UTC(2026, 0, dayOfYear));
  return { text: `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} 2026`, dayOfYear };
}

/**
 * Draws one variant's values for the shared slots (people, organisation, site, case
 * reference, an amount) and the seed's own slots. `usedRefs` keeps
 * case references unique across the whole build, so no two instances share a prompt.
 */
export function drawVariantSlots(options: {
  rng: Prng;
  scenario: Scenario;
  seedSlots: Record<string, SlotSpec>;
  usedRefs: Set<string>;
}): Record<string, string> {
  const { rng, scenario } = options;
  const [person, person2, person3] = rng.sample(scenario.people, 3);
  let caseRef = "";
  do caseRef = `${scenario.code}-${rng.int(1000, 9999)}`;
  while (options.usedRefs.has(caseRef));
  options.usedRefs.add(caseRef);
  const values: Record<string, string> = {
    person: person!,
    person2: person2!,
    person3: person3!,
    org: rng.pick(scenario.orgs),
    site: rng.pick(scenario.sites),
    case_ref: caseRef,
    case_no: caseRef.slice(scenario.code.length + 1),
    amount: `${rng.int(12, 95)},000`,
  };
  for (const [name, spec] of Object.entries(options.seedSlots)) {
    values[name] = Array.isArray(spec) ? rng.pick(spec) : String(rng.int(spec.min, spec.max));
  }
  return values;
}

/** A path-friendly slug of free text. */
export function fileSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}
