import { spawn } from "node:child_process";
import { join } from "node:path";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { CLI, REPO_ROOT, runCli } from "../../helpers/paths.js";
import { makeTinyGguf } from "../../fixtures/gguf/tiny-gguf.js";

describe("decepeval serve-model (CLI)", () => {
  it("serves until SIGTERM, then stops cleanly", async () => {
    const gguf = makeTinyGguf();
    const child = spawn(
      process.execPath,
      [CLI, "serve-model", "--model", "honest=sim:honest", "--model", `base=gguf:${gguf.model}`, "--lora-modules", `tuned=${gguf.lora}@0.5`,
        "--dataset", join(REPO_ROOT, "datasets"), "--port", "0", "--threads", "1"],
      { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const baseURL = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (d) => {
        out += d;
        const m = /at (http:\/\/\S+\/v1)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on("close", () => reject(new Error(`exited early: ${err}`)));
    });
    expect(out).toMatch(/serving honest, base, tuned \(adapter on base\) at http:\/\/127\.0\.0\.1:\d+\/v1 with \d+ instances/);
    const client = new OpenAI({ baseURL, apiKey: "x", maxRetries: 0 });
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(["honest", "base", "tuned"]);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(out).toMatch(/model server stopped/);
  });

  // Each case spawns the CLI; the library-level checks live in model-server.test.ts.
  it("refuses bad flags with exit code 2 and a clear message", () => {
    const noData = runCli(["serve-model", "--model", "sim:honest"]);
    expect(noData.status).toBe(2);
    expect(noData.stderr).toMatch(/--dataset: required to serve sim: models/);
    const port = runCli(["serve-model", "--model", "sim:honest", "--port", "http"]);
    expect(port.status).toBe(2);
    expect(port.stderr).toMatch(/--port: expected an integer from 0 to 65535, got "http"/);
    const lora = runCli(["serve-model", "--model", "sim:honest", "--lora-modules", "x"]);
    expect(lora.status).toBe(2);
    expect(lora.stderr).toMatch(/expected name=path/);
    expect(`${noData.stderr}${port.stderr}${lora.stderr}`).not.toMatch(/\n\s+at /);
  });
});
