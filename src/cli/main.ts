#!/usr/bin/env node
import { CommanderError } from "commander";
import { buildProgram } from "./program.js";

const USAGE_EXIT = 2;

async function main(): Promise<void> {
  const first = process.argv[2];
  const only = first === "-V" || first === "--version" ? [] : first !== undefined && !first.startsWith("-") ? [first] : undefined;
  const program = await buildProgram(only);
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successful exits; anything else commander rejects is usage.
      const ok = ["commander.helpDisplayed", "commander.version", "commander.help"].includes(error.code);
      process.exitCode = ok ? 0 : USAGE_EXIT;
      return;
    }
    throw error;
  }
}

await main();
