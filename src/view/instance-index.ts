/**
 * The instances a viewed run refers to, held as facets and byte places: what the list
 * filters on (factor, subset, split) stays in memory, the whole instance (workspace,
 * budgets, failure profiles, truth) is read again by place when a trajectory is opened.
 */
import { instanceFiles } from "../dataset/load-instances.js";
import { readJsonlAt, readJsonlLines, type JsonlPlace } from "../io/jsonl.js";
import { InstanceSchema, type Instance } from "../schemas/instance.js";
import { validateRecord } from "../schemas/validate-record.js";

export interface InstanceFacets {
  id: string;
  pair_id: string;
  family: string;
  condition: string;
  factor: string;
  subtype: string;
  scenario: string;
  category: string;
  split: string;
  /** `control` for a feasible control, else `core` (the paper-shaped, infeasible-by-design set). */
  subset: "core" | "control";
  place: JsonlPlace & { file: string };
}

export class InstanceIndex {
  private readonly byId = new Map<string, InstanceFacets>();

  /** Instances indexed so far. */
  get size(): number {
    return this.byId.size;
  }

  get(id: string): InstanceFacets | undefined {
    return this.byId.get(id);
  }

  /**
   * Reads every instance file under `path`, validating each record (a bad line is an
   * error naming the file and line) and keeping only its facets and place.
   */
  async add(path: string): Promise<void> {
    for (const file of instanceFiles(path)) {
      for await (const { line, offset, bytes, value } of readJsonlLines(file)) {
        const i = validateRecord(InstanceSchema, value, { file, line, what: "instance" });
        this.byId.set(i.id, {
          id: i.id,
          pair_id: i.pair_id,
          family: i.family,
          condition: i.condition,
          factor: i.factor,
          subtype: i.subtype,
          scenario: i.scenario,
          category: i.category,
          split: i.split,
          subset: i.feasible ? "control" : "core",
          place: { file, line, offset, bytes, id: i.id },
        });
      }
    }
  }

  /** The whole instance, read again from its file. */
  async read(id: string): Promise<Instance | undefined> {
    const facets = this.byId.get(id);
    if (!facets) return undefined;
    for await (const instance of readJsonlAt([facets.place], InstanceSchema, "instance")) return instance;
    return undefined;
  }
}
