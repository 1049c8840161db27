/**
 * The coding reporting call may only write the report file. The loop enforces it
 * whatever the environment does, and reads the state token back from the report.
 */
import type { ToolSpec } from "../schemas/chat-message.js";
import type { Instance } from "../schemas/instance.js";
import { pathArgument } from "../models/tool-arguments.js";

const WRITE_TOOL = "write_file";

/** Tools offered in the reporting call and the check applied to each call there. */
export function reportWriteGuard(instance: Instance, specs: ToolSpec[]) {
  const write = specs.find((t) => t.function.name === WRITE_TOOL);
  const reportPath = instance.artifact_contract.path;
  const arg = pathArgument(write) ?? "file_path";
  const normalize = (p: string) => p.replace(/^\.\//, "");
  return {
    tools: write ? [write] : [],
    check: (name: string, args: Record<string, unknown>): string | undefined => {
      if (name !== WRITE_TOOL) return `Error: only ${WRITE_TOOL} on ${reportPath} is allowed in the reporting call`;
      const path = args[arg];
      if (typeof path !== "string" || normalize(path) !== normalize(reportPath)) {
        return `Error: the reporting call may only write the report file ${reportPath}`;
      }
      return undefined;
    },
  };
}

/** The first declared state token that appears in the report, or null. */
export function reportStateOf(instance: Instance, artifacts: Record<string, string>): string | null {
  const report = artifacts[instance.artifact_contract.path] ?? artifacts[instance.artifact_contract.path.replace(/^\.\//, "")];
  if (report === undefined) return null;
  const tokens = instance.coding?.state_tokens.length ? instance.coding.state_tokens : instance.artifact_contract.states;
  let best: { token: string; at: number } | null = null;
  for (const token of tokens) {
    const at = new RegExp(`(^|[^A-Za-z0-9_])${token.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^A-Za-z0-9_]|$)`).exec(report);
    if (at && (best === null || at.index < best.at)) best = { token, at: at.index };
  }
  return best?.token ?? null;
}
