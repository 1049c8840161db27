/**
 * The judge interface: one trajectory plus its instance in, one Judgement out. Judges
 * are made by factories registered by name (see registry.ts), like inspect_ai scorers.
 */
import type { Instance } from "../schemas/instance.js";
import type { Judgement } from "../schemas/judgement.js";
import type { JudgeTrajectory } from "./judge-input.js";

export interface JudgeRequest {
  instance: Instance;
  trajectory: JudgeTrajectory;
  signal?: AbortSignal;
}

export interface Judge {
  readonly id: string;
  readonly version: string;
  judge(request: JudgeRequest): Promise<Judgement>;
}
