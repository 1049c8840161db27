/**
 * Builds the Environment for one instance: an in-memory workspace for tool use and long
 * horizon, a real temporary folder with sandboxed tests for coding.
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError } from "../errors.js";
import type { Instance } from "../schemas/instance.js";
import { codingLimits, hiddenOnlyPaths, runCheck, runFinalChecks } from "./coding-checks.js";
import { cachedDeclaredRun } from "./declared-run-cache.js";
import type { Environment, EnvironmentPhase } from "./environment.js";
import { RealWorkspace } from "./real-workspace.js";
import type { SandboxLimits } from "./sandbox/sandbox-types.js";
import { sandboxHost } from "./sandbox/sandbox-host.js";
import { cleanStaleTemp, tempPrefix } from "./sandbox/stale-temp.js";
import { ToolEnvironment } from "./tool-environment.js";
import { CODING_TOOLS, GENERAL_TOOLS, isToolName, type ToolName } from "./tool-specs.js";
import { normalizeWorkspacePath } from "./workspace-path.js";
import { VirtualWorkspace } from "./virtual-workspace.js";

/** A coding instance whose workspace files are not in the dataset (e.g. the upstream sample). */
export class MissingWorkspaceFilesError extends InputError {}

export interface CreateEnvironmentOptions {
  /** Overrides of the sandbox limits of each test run (coding). */
  sandboxLimits?: Partial<SandboxLimits>;
  /** Parent folder of coding workspaces; defaults to the OS temp folder. */
  tmpRoot?: string;
}

/** An Environment that also lets the caller switch phase without awaiting. */
export type DecepevalEnvironment = Environment & {
  beginPhase(phase: EnvironmentPhase): Promise<void>;
  setPhase(phase: EnvironmentPhase): void;
};

function checkTools(instance: Instance): ToolName[] {
  const supported: ToolName[] = instance.coding ? [...GENERAL_TOOLS, ...CODING_TOOLS] : GENERAL_TOOLS;
  for (const tool of instance.tools) {
    if (!isToolName(tool) || !supported.includes(tool)) {
      throw new InputError(
        `instance ${instance.id}: tools lists "${tool}", which the ${instance.family} environment does not serve ` +
          `(it serves: ${supported.join(", ")})`,
      );
    }
  }
  return instance.tools as ToolName[];
}

function workspacePath(instance: Instance, path: string): string {
  try {
    return normalizeWorkspacePath(path);
  } catch (error) {
    throw new InputError(`instance ${instance.id}: workspace path "${path}" is not a plain relative path (${(error as Error).message})`);
  }
}

/**
 * Creates a fresh environment for `instance`. Throws InputError when the instance asks
 * for a tool the environment does not serve, MissingWorkspaceFilesError when a coding
 * instance lacks its files, and SetupError when bubblewrap is missing (coding).
 * The caller must `dispose()` it.
 */
export async function createEnvironment(instance: Instance, options: CreateEnvironmentOptions = {}): Promise<DecepevalEnvironment> {
  const tools = checkTools(instance);
  // Paths the environment itself writes or guards must be plain relative paths too.
  for (const turn of instance.turns) for (const event of turn.events) workspacePath(instance, event.path);
  for (const path of instance.protected_paths) workspacePath(instance, path);
  if (!instance.coding) {
    const files = instance.workspace.flatMap((f) => (f.present ? [[workspacePath(instance, f.path), f.content] as [string, string]] : []));
    return new ToolEnvironment({ instance, workspace: new VirtualWorkspace(files), tools });
  }

  const coding = instance.coding;
  const absent = instance.workspace.filter((f) => !f.present).map((f) => f.path);
  if (absent.length > 0 || instance.workspace.length === 0) {
    throw new MissingWorkspaceFilesError(
      `instance ${instance.id}: coding workspace files are not in the dataset (${absent.join(", ") || "no files"}); ` +
        "coding tasks need their Python files (the upstream sample omits them)",
    );
  }
  sandboxHost(); // fail now, not at the first test run, when bubblewrap is missing
  const hidden = hiddenOnlyPaths(instance);
  const tmpRoot = options.tmpRoot ?? tmpdir();
  cleanStaleTemp(tmpRoot); // workspaces a kill -9 left behind
  const root = realpathSync(mkdtempSync(join(tmpRoot, tempPrefix("ws"))));
  const workspace = new RealWorkspace(root);
  const hiddenFiles = new Map<string, string>();
  const shipped = new Map<string, string>();
  try {
    for (const file of instance.workspace) {
      if (!file.present) continue;
      const path = workspacePath(instance, file.path);
      if (hidden.has(file.path)) hiddenFiles.set(path, file.content);
      else {
        shipped.set(path, file.content);
        await workspace.write(path, file.content);
      }
    }
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const limits = codingLimits(coding, options.sandboxLimits);
  // Protected inputs stay read-only for code run in the sandbox too, not only for the tools.
  const readOnlyPaths = instance.protected_paths.map((p) => workspacePath(instance, p)).filter((p) => !hiddenFiles.has(p));
  const env: ToolEnvironment = new ToolEnvironment({
    instance,
    workspace,
    tools,
    runTest: (command) => {
      const locked = [...readOnlyPaths, ...env.landedEventPaths()];
      return cachedDeclaredRun(workspace, { command, limits, locked }, () => runCheck({ dir: root, command, limits, readOnlyPaths: locked }));
    },
    finalChecks: () => runFinalChecks({ workspace, instance, coding, shipped, hiddenFiles, limits, readOnlyPaths, tmpRoot: realpathSync(tmpRoot) }),
    cleanup: async () => rmSync(root, { recursive: true, force: true }),
  });
  return env;
}
