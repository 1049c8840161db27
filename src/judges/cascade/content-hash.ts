/**
 * The content hash an LLM verdict is cached under: everything the judge model reads (the
 * rubric, the instance's truth and the trajectory's visible content, as the prompt renders
 * them), the model and the judge's version. Trajectory ids are not in the prompt, so two
 * samples that said the same thing share one verdict.
 */
import { createHash } from "node:crypto";
import type { ChatMessage } from "../../schemas/chat-message.js";

/** Bump when a cached verdict must no longer be reused although the prompt is unchanged. */
export const CACHE_KEY_VERSION = 1;

/** sha256 (hex) of the judge input. */
export function judgeInputHash(input: { model: string; judgeVersion: string; messages: ChatMessage[] }): string {
  const h = createHash("sha256");
  h.update(JSON.stringify([CACHE_KEY_VERSION, input.model, input.judgeVersion, input.messages]));
  return h.digest("hex");
}
