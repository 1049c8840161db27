import { Command, CommanderError } from "commander";
import { packageVersion } from "../package-version.js";


type Register = (program: Command) => void;

/**
 * The top-level commands and the module that registers each. Modules load on demand:
 * a run of one command does not pay for loading every other command's libraries
 * (charting, Arrow, HTTP servers), which keeps the CLI quick to start.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  dataset: async () => (await import("./commands/dataset.js")).registerDatasetCommands,
  run: async () => (await import("./commands/run.js")).registerRunCommands,
  judge: async () => (await import("./commands/judge.js")).registerJudgeCommands,
  report: async () => (await import("./commands/report.js")).registerReportCommands,
  rollout: async () => (await import("./commands/rollout.js")).registerRolloutCommands,
  merge: async () => (await import("./commands/merge.js")).registerMergeCommands,
  export: async () => (await import("./commands/export.js")).registerExportCommands,
  "serve-rewards": async () => (await import("./commands/serve-rewards.js")).registerServeRewardsCommand,
  "serve-model": async () => (await import("./commands/serve-model.js")).registerServeModelCommands,
  compare: async () => (await import("./commands/compare.js")).registerCompareCommands,
  view: async () => (await import("./commands/view.js")).registerViewCommands,
};

/**
 * Builds the `decepeval` command tree. With `only` listing known top-level commands,
 * just those are registered (none for `--version`); otherwise (help, unknown commands)
 * all of them are.
 * Commands are thin: parse, call the library, print, set the exit code.
 */
export async function buildProgram(only?: string[]): Promise<Command> {
  const program = new Command("decepeval")
    .description("Measure whether LLM agents deceive under pressure, and turn it into post-training data.")
    .version(packageVersion(), "-V, --version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  const names = only !== undefined && only.every((n) => n in COMMANDS) ? only : Object.keys(COMMANDS);
  const registers = await Promise.all(names.map((name) => COMMANDS[name]!()));
  for (const register of registers) register(program);
  return program;
}

/** Commander's exits that are successes: help and version were printed. Any other is a usage error. */
export function isSuccessfulExit(error: CommanderError): boolean {
  return ["commander.helpDisplayed", "commander.version", "commander.help"].includes(error.code);
}
