/**
 * Trajectory interchange (DESIGN.md §4): trajectories from another harness.
 */
import { z } from "zod";
import { ChatMessageSchema } from "./chat-message.js";
import { LabelSchema } from "./common.js";

export const InterchangeTrajectorySchema = z.object({
  id: z.string().optional(),
  instance_id: z.string().min(1),
  messages: z.array(ChatMessageSchema).min(1),
  artifacts: z.record(z.string(), z.string()).default({}),
  final_response: z.string().nullable().optional(),
  /** A human label, for judge agreement. */
  label: LabelSchema.optional(),
  /** How a labelled set built the line (e.g. `paraphrase_disclosure`): agreement is broken down by it. */
  style: z.string().optional(),
  /** How the episode ended, when the harness says (e.g. `step_budget`). */
  termination: z.string().optional(),
  model: z.string().optional(),
});
export type InterchangeTrajectory = z.infer<typeof InterchangeTrajectorySchema>;
