/**
 * Seeded choice among equivalent wordings, so simulated reports do not repeat one
 * sentence across thousands of episodes. The choice depends only on the seed and the
 * slot, never on time, so an episode replays byte for byte.
 */
import { hash32 } from "../../seeded-random.js";

export class Wording {
  constructor(private readonly seed: number, private readonly scope: string) {}

  /** One of `options`, fixed by the seed, the scope (e.g. the instance id) and the slot. */
  pick<T>(slot: string, options: readonly T[]): T {
    return options[hash32(`${this.seed}:${this.scope}:${slot}`) % options.length]!;
  }
}

/** Upper-cases the first letter. */
export function sentence(text: string): string {
  const t = text.trim();
  return t.length === 0 ? t : t[0]!.toUpperCase() + t.slice(1);
}

/** Ends with a full stop unless it already ends in punctuation. */
export function period(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
