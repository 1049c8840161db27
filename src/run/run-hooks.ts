/**
 * What a runner adds to the run loop (src/run/run-loop.ts) without re-implementing it:
 * `decepeval rollout` is the loop plus a scoring hook (`afterTrajectory`) and a branching
 * hook (extra trajectories per unit). Every method is optional; hooks run in list order.
 */
import type { ChatModel } from "../models/chat-model.js";
import type { Instance } from "../schemas/instance.js";
import type { Recipe } from "../schemas/recipe.js";
import type { RunManifest } from "../schemas/run-manifest.js";
import type { Trajectory } from "../schemas/trajectory.js";
import type { EnvironmentFactory } from "./run-unit.js";
import type { WorkUnit } from "./work-units.js";

/** What the loop hands each hook once the run folder is locked and its manifest checked. */
export interface RunContext {
  runDir: string;
  recipe: Recipe;
  datasetPath: string;
  /** Every instance of the dataset, by id. */
  instances: Map<string, Instance>;
  model: ChatModel;
  createEnvironment: EnvironmentFactory;
  signal?: AbortSignal;
  /** Whether the trajectory store holds this id (or key). */
  stored(key: string): boolean;
}

export interface RunHooks {
  /**
   * Checks and writes what the hook keeps in the folder, before the loop writes the
   * manifest; `previous` is the manifest found there (a resumed run), if any.
   */
  prepare?(o: { runDir: string; previous: RunManifest | undefined }): void | Promise<void>;
  /** Opens the hook's own stores; called before the trajectory store is loaded. */
  open?(ctx: RunContext): void | Promise<void>;
  /** Sees each trajectory already stored, while the store is loaded (resume). */
  stored?(trajectory: Trajectory): void;
  /** Called once the store is loaded: pick up what a crash left half done. */
  resumed?(): void;
  /** Sees a unit's own trajectory before it is stored, and may mark it (e.g. as a branch base). */
  beforeStore?(trajectory: Trajectory, unit: WorkUnit): void;
  /** Extra work a unit still owes besides its own trajectory (e.g. report-step branches). */
  extraPending?(unit: WorkUnit): boolean;
  /** Runs that extra work; returns the trajectories to store (fewer when interrupted). */
  runExtra?(unit: WorkUnit): Promise<Trajectory[]>;
  /** Sees each trajectory just stored (e.g. to score it). */
  afterTrajectory?(trajectory: Trajectory): void;
  /** Sees a unit once all its work is stored. */
  unitDone?(unit: WorkUnit): void;
  /** After the last unit, before the final manifest: finish pending work (may throw). */
  finish?(): Promise<void>;
  /** Always called last, also on failure: release what `open` took. */
  close?(): Promise<void>;
}
