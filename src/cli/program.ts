import { readFileSync } from "node:fs";
import { Command } from "commander";
import { registerDatasetCommands } from "./commands/dataset.js";
import { registerJudgeCommands } from "./commands/judge.js";
import { registerReportCommands } from "./commands/report.js";
import { registerRunCommands } from "./commands/run.js";
import { registerExportCommands } from "./commands/export.js";
import { registerMergeCommands } from "./commands/merge.js";
import { registerRolloutCommands } from "./commands/rollout.js";
import { registerServeRewardsCommand } from "./commands/serve-rewards.js";
import { registerServeModelCommands } from "./commands/serve-model.js";
import { registerCompareCommands } from "./commands/compare.js";

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}

/**
 * Builds the `decepeval` command tree. Each command module registers itself here;
 * commands are thin: parse, call the library, print, set the exit code.
 */
export function buildProgram(): Command {
  const program = new Command("decepeval")
    .description("Measure whether LLM agents deceive under pressure, and turn it into post-training data.")
    .version(packageVersion(), "-V, --version")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  registerDatasetCommands(program);
  registerJudgeCommands(program);
  registerReportCommands(program);
  registerRunCommands(program);
  registerRolloutCommands(program);
  registerMergeCommands(program);
  registerExportCommands(program);
  registerServeRewardsCommand(program);
  registerServeModelCommands(program);
  registerCompareCommands(program);
  return program;
}
