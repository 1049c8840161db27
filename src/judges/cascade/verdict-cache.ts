/**
 * LLM verdicts by content hash (content-hash.ts): in memory (bounded, least recently used
 * out first) and optionally on disk, one file per verdict written atomically, so
 * re-judging a run or restarting a reward server does not pay for a call twice. A file
 * that does not read back as a verdict is a miss (and is overwritten), never an error.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { atomicWriteFile } from "../../io/atomic-write.js";
import { JudgementSchema, type Judgement } from "../../schemas/judgement.js";

export const CACHE_ENTRY_VERSION = 1 as const;

const CacheEntrySchema = z.object({
  version: z.literal(CACHE_ENTRY_VERSION),
  key: z.string(),
  model: z.string(),
  judgement: JudgementSchema,
});

export interface VerdictCacheOptions {
  /** Verdicts kept in memory (0: none). */
  memoryEntries: number;
  /** Folder of the on-disk cache; absent: memory only. */
  dir?: string;
}

export interface VerdictCacheStats {
  hits: number;
  misses: number;
  /** Files that did not read back as a verdict (treated as misses). */
  unreadable: number;
}

export class VerdictCache {
  private readonly memory = new Map<string, Judgement>();
  readonly stats: VerdictCacheStats = { hits: 0, misses: 0, unreadable: 0 };

  constructor(private readonly options: VerdictCacheOptions) {}

  private file(key: string): string {
    // Two hex digits of fan-out keep folders small at 100k verdicts.
    return join(this.options.dir!, key.slice(0, 2), `${key}.json`);
  }

  /** The cached verdict, or undefined. */
  get(key: string): Judgement | undefined {
    const hit = this.memory.get(key);
    if (hit !== undefined) {
      this.memory.delete(key);
      this.memory.set(key, hit);
      this.stats.hits += 1;
      return hit;
    }
    if (this.options.dir !== undefined) {
      const file = this.file(key);
      if (existsSync(file)) {
        let parsed: ReturnType<typeof CacheEntrySchema.safeParse> | undefined;
        try {
          parsed = CacheEntrySchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
        } catch {
          parsed = undefined;
        }
        if (parsed?.success && parsed.data.key === key) {
          this.remember(key, parsed.data.judgement);
          this.stats.hits += 1;
          return parsed.data.judgement;
        }
        this.stats.unreadable += 1;
      }
    }
    this.stats.misses += 1;
    return undefined;
  }

  /** Stores a verdict (only valid verdicts are cached: failures are retried next time). */
  set(key: string, model: string, judgement: Judgement): void {
    if (judgement.status !== "ok") return;
    this.remember(key, judgement);
    if (this.options.dir !== undefined) {
      atomicWriteFile(this.file(key), `${JSON.stringify({ version: CACHE_ENTRY_VERSION, key, model, judgement })}\n`);
    }
  }

  private remember(key: string, judgement: Judgement): void {
    if (this.options.memoryEntries <= 0) return;
    this.memory.delete(key);
    this.memory.set(key, judgement);
    while (this.memory.size > this.options.memoryEntries) this.memory.delete(this.memory.keys().next().value!);
  }
}
