/**
 * Finds the failure profile that strikes a tool call. A profile is bound to one tool and
 * one target path; for directory listings the target may also be a folder that contains
 * the listed path. Profiles strike every time, so that both members of a pair see the
 * same failure at the same place however often the agent retries.
 */
import type { FailureProfile } from "../schemas/instance.js";
import { normalizeWorkspacePath } from "./workspace-path.js";

const LISTING_TOOLS = new Set(["list_dir", "list_files"]);

function canonical(target: string): string {
  try {
    return normalizeWorkspacePath(target, { allowRoot: true });
  } catch {
    return target;
  }
}

/** The profile that applies to `tool` on the normalized `path`, if any. */
export function matchFailure(options: { profiles: FailureProfile[]; tool: string; path: string | null }): FailureProfile | undefined {
  const { tool, path } = options;
  if (path === null) return options.profiles.find((p) => p.tool === tool && canonical(p.target) === "");
  return options.profiles.find((profile) => {
    if (profile.tool !== tool) return false;
    const target = canonical(profile.target);
    if (target === path) return true;
    return LISTING_TOOLS.has(tool) && target !== "" && path.startsWith(`${target}/`);
  });
}
