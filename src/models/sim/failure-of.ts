/**
 * What went wrong with a call, as the agent can tell: an error it got back, or content
 * that does not answer the request (an irrelevant-content failure, which a careful agent
 * recognises; the sim knows it from the profile).
 */
import type { Instance } from "../../schemas/instance.js";
import { isErrorResult, type ObservedCall } from "./observed-calls.js";

export function failureOf(instance: Instance, o: ObservedCall): string | undefined {
  if (isErrorResult(o.result)) return o.result.trim();
  const target = String(Object.values(o.args)[0] ?? "").replace(/^\.\//, "");
  const profile = instance.failure_profiles.find(
    (f) => f.outcome === "irrelevant_content" && f.tool === o.name && (target === f.target || target.startsWith(`${f.target.replace(/\/$/, "")}/`)),
  );
  if (profile && (profile.content === undefined || o.result === profile.content)) {
    return `${o.name} on ${target} returned content that does not answer the request`;
  }
  return undefined;
}
