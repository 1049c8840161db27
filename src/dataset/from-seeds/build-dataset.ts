/**
 * `decepeval dataset build`: regenerates the tool-use and long-horizon instance files and
 * the dataset card from the authored seeds and templates, byte-identically.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../errors.js";
import { atomicWriteFile } from "../../io/atomic-write.js";
import { toJsonl } from "../../io/jsonl.js";
import { validateRecord } from "../../schemas/validate-record.js";
import { InstanceSchema, type Instance } from "../../schemas/instance.js";
import { buildCodingInstances, writeCodingInstances, type CodingBuildProgress } from "../coding/build-coding.js";
import { CONTROL_VARIANTS, VARIANTS_PER_SEED, type BuiltPair, type PairContext } from "./build-context.js";
import { checkCoherence } from "./check-coherence.js";
import { renderDatasetCard } from "./dataset-card.js";
import { findLeftoverMarker } from "./fill-template.js";
import { pairSubtype } from "./inducements.js";
import { loadSources, type DatasetSources } from "./load-sources.js";
import { buildLongHorizonPair } from "./long-horizon-pair.js";
import { checkSwappedNote } from "./note-slot.js";
import { assignSplits } from "./split.js";
import { buildToolUsePair } from "./tool-use-pair.js";

export interface BuiltFamilies {
  tool_use: Instance[];
  long_horizon: Instance[];
}

function checkInstance(raw: Instance, seedFile: string): Instance {
  const instance = validateRecord(InstanceSchema, raw, { file: seedFile, what: `built instance ${raw.id}` });
  const leftover = findLeftoverMarker(instance);
  if (leftover !== null) {
    throw new InputError(
      `${seedFile}: built instance ${instance.id}: field ${leftover.path} still holds the template marker ${leftover.marker}`,
    );
  }
  return instance;
}

/**
 * Runs the checks of one built pair: every record validates and holds no template marker,
 * its slot values agree, and every induced member is the neutral one with the note swapped
 * (no reassurance left beside the inducement).
 */
function checkPair(pair: BuiltPair, entry: { file: string; scenario: Parameters<typeof checkCoherence>[1] }): Instance[] {
  const members = pair.members.map((m) => checkInstance(m, entry.file));
  const neutral = members.find((m) => m.condition === "neutral")!;
  for (const m of members) checkCoherence(m, entry.scenario, entry.file);
  for (const m of members.filter((x) => x.condition === "induced")) {
    checkSwappedNote({ neutral, induced: m, reassurance: pair.reassurance, where: entry.file });
  }
  return members;
}

/**
 * Expands every seed into its pairs, in seed-file order: the core variants of every seed,
 * then the feasible controls of every seed. Pure: reads nothing but `sources`.
 */
export function buildFamilies(sources: DatasetSources): BuiltFamilies {
  const usedRefs = new Set<string>();
  const build = <E extends { seed: { id: string }; scenario: DatasetSources["scenarios"][number]; file: string }>(
    entries: E[],
    make: (entry: E, ctx: PairContext) => BuiltPair,
  ): Instance[] => {
    const splits = assignSplits(entries.map((e) => ({ id: e.seed.id, category: e.scenario.category })));
    const out: Instance[] = [];
    for (const feasible of [false, true]) {
      entries.forEach((entry, seedIndex) => {
        const count = feasible ? CONTROL_VARIANTS : VARIANTS_PER_SEED;
        for (let n = 0; n < count; n += 1) {
          const ctx: PairContext = {
            sources,
            seedIndex,
            variant: feasible ? VARIANTS_PER_SEED + n : n,
            feasible,
            primary: pairSubtype({ seedIndex, variant: n, variantsPerSeed: count }),
            split: splits.get(entry.seed.id)!,
            usedRefs,
          };
          out.push(...checkPair(make(entry, ctx), entry));
        }
      });
    }
    return out;
  };
  return {
    tool_use: build(sources.toolUseSeeds, buildToolUsePair),
    long_horizon: build(sources.longHorizonSeeds, buildLongHorizonPair),
  };
}

export interface BuildOptions {
  /** Folder with scenarios.yaml, seeds/ and templates/ (normally `datasets`). */
  sources: string;
  /** Folder the instance files go to (normally `datasets/instances`). */
  out: string;
  /** Where the dataset card goes; null to skip it. */
  card: string | null;
  /** Also rebuild `coding.jsonl` with the coding builder (slow: extraction plus sandbox runs). */
  coding?: { python?: string; concurrency?: number; onProgress?: (event: CodingBuildProgress) => void } | null;
  /** Write nothing; report which outputs differ from a fresh build (the coding stage is skipped). */
  check?: boolean;
}

export interface BuildSummary {
  files: Array<{ path: string; instances: number; bytes: number }>;
  card: string | null;
  /** Pairs of the paper-shaped core. */
  pairs: { tool_use: number; long_horizon: number };
  /** Feasible-control pairs (`feasible: true`), outside the core. */
  control_pairs: { tool_use: number; long_horizon: number };
  seeds: { tool_use: number; long_horizon: number };
  /** Present when the coding file was rebuilt. */
  coding?: { path: string; instances: number; verified: boolean; rejected: number };
  /** With `check`: the outputs whose content differs from a fresh build (or are missing). */
  stale?: string[];
}

function differs(path: string, text: string): boolean {
  try {
    return readFileSync(path, "utf8") !== text;
  } catch {
    return true;
  }
}

/**
 * Builds both families and writes `tool_use.jsonl`, `long_horizon.jsonl` and the card,
 * each atomically; with `coding`, also rebuilds `coding.jsonl` through the coding builder
 * first. The card counts the committed families only: coding.jsonl is built per machine
 * from its own Python and is not committed. With `check`,
 * nothing is written and `stale` lists the outputs a build would change.
 */
export async function buildDataset(options: BuildOptions): Promise<BuildSummary> {
  const sources = loadSources(options.sources);
  const families = buildFamilies(sources);
  const files: BuildSummary["files"] = [];
  const stale: string[] = [];
  const emit = (path: string, text: string): void => {
    if (!options.check) atomicWriteFile(path, text);
    else if (differs(path, text)) stale.push(path);
  };
  for (const family of ["tool_use", "long_horizon"] as const) {
    const path = join(options.out, `${family}.jsonl`);
    const text = toJsonl(families[family]);
    emit(path, text);
    files.push({ path, instances: families[family].length, bytes: Buffer.byteLength(text) });
  }
  const codingFile = join(options.out, "coding.jsonl");
  let coding: BuildSummary["coding"];
  if (options.coding && !options.check) {
    const result = await buildCodingInstances({
      python: options.coding.python,
      concurrency: options.coding.concurrency,
      onProgress: options.coding.onProgress,
    });
    writeCodingInstances(codingFile, result.instances);
    coding = { path: codingFile, instances: result.instances.length, verified: result.verified, rejected: result.rejected.length };
  }
  if (options.card !== null) {
    emit(options.card, renderDatasetCard({ sources, instances: [...families.tool_use, ...families.long_horizon] }));
  }
  const pairs = (list: Instance[], control: boolean) =>
    new Set(list.filter((i) => (i.feasible === true) === control).map((i) => i.pair_id)).size;
  return {
    files,
    card: options.card,
    pairs: { tool_use: pairs(families.tool_use, false), long_horizon: pairs(families.long_horizon, false) },
    control_pairs: { tool_use: pairs(families.tool_use, true), long_horizon: pairs(families.long_horizon, true) },
    seeds: { tool_use: sources.toolUseSeeds.length, long_horizon: sources.longHorizonSeeds.length },
    ...(coding ? { coding } : {}),
    ...(options.check ? { stale } : {}),
  };
}
