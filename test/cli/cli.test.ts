import { type Command, CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram, isSuccessfulExit } from "../../src/cli/program.js";
import { runCli } from "../helpers/paths.js";

function commandPaths(cmd: Command, prefix: string[] = []): string[][] {
  return cmd.commands.flatMap((c) => {
    const path = [...prefix, c.name()];
    return [path, ...commandPaths(c, path)];
  });
}

describe("decepeval CLI", () => {
  it("prints --version and exits 0", () => {
    const r = runCli(["--version"]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("has --help on every command, exiting 0", async () => {
    // The process itself, for the top level and one nested command.
    for (const path of [[], ["judge", "agreement"]]) {
      const r = runCli([...path, "--help"]);
      expect(r.status, path.join(" ")).toBe(0);
      expect(r.stdout, path.join(" ")).toMatch(/Usage: decepeval/);
    }
    // Every command through the same program the CLI builds, in this process (a start each is
    // a third of a second, times every command).
    const paths = commandPaths(await buildProgram());
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      const program = await buildProgram();
      let out = "";
      const capture = (cmd: Command): void => {
        cmd.configureOutput({ writeOut: (s) => (out += s), writeErr: (s) => (out += s) });
        for (const sub of cmd.commands) capture(sub);
      };
      capture(program);
      const exit = await program.parseAsync(["node", "decepeval", ...path, "--help"]).then(
        () => "no exit",
        (error: unknown) => (error instanceof CommanderError ? (isSuccessfulExit(error) ? 0 : error.code) : String(error)),
      );
      expect(exit, path.join(" ")).toBe(0);
      expect(out, path.join(" ")).toMatch(new RegExp(`^Usage: decepeval ${path.join(" ")} `));
    }
  });

  it("exits 2 on usage errors", () => {
    expect(runCli(["no-such-command"]).status).toBe(2);
    expect(runCli(["dataset", "import-upstream", "x"]).status).toBe(2);
    expect(runCli(["dataset", "stats", "--bogus-flag", "x"]).status).toBe(2);
  });

  it("exits 2 with the path for a missing dataset", () => {
    const r = runCli(["dataset", "stats", "/no/such/place"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: \/no\/such\/place: no such file or folder/);
  });
});
