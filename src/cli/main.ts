#!/usr/bin/env node
import { CommanderError } from "commander";
import { buildProgram, isSuccessfulExit } from "./program.js";

const USAGE_EXIT = 2;

async function main(): Promise<void> {
  const first = process.argv[2];
  const only = first === "-V" || first === "--version" ? [] : first !== undefined && !first.startsWith("-") ? [first] : undefined;
  const program = await buildProgram(only);
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = isSuccessfulExit(error) ? 0 : USAGE_EXIT;
      return;
    }
    throw error;
  }
}

await main();
