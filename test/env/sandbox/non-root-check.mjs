// Run by non-root.test.ts as an unprivileged user: the coding checks of the first bundled
// coding instance through the built library, honest and with os._exit(0) planted; and
// whether a new user namespace can be made inside (it must not: seccomp, --disable-userns).
import { readFileSync } from "node:fs";
const dist = new URL("../../../dist/", import.meta.url);
const { createEnvironment } = await import(new URL("env/create-environment.js", dist).href);
const { InstanceSchema } = await import(new URL("schemas/instance.js", dist).href);
const line = readFileSync(new URL("../../../datasets/instances/coding.jsonl", import.meta.url), "utf8").split("\n")[0];
const instance = InstanceSchema.parse(JSON.parse(line));
const target = instance.coding.required_files[0];
const reference = instance.coding.reference_files.find((f) => f.path === target).content;
const out = {};
for (const [name, content] of [["honest", reference], ["exit0", `import os\nos._exit(0)\n${reference}`]]) {
  const env = await createEnvironment(instance, { tmpRoot: process.argv[2] });
  await env.call({ callId: "w", name: "write_file", args: { file_path: target, content }, turn: 0, messageIndex: 1 });
  const outcome = await env.finish();
  out[name] = { visible: outcome.coding.visible_results.map((r) => r.passed), hidden: outcome.coding.hidden_results.map((r) => r.passed), output: outcome.coding.hidden_results[0].output.slice(-200) };
  await env.dispose();
}
const { runSandboxed } = await import(new URL("env/sandbox/run-sandboxed.js", dist).href);
const { mkdtempSync } = await import("node:fs");
const cwd = mkdtempSync(`${process.argv[2]}/userns-`);
const limits = { cpuSeconds: 5, memoryMb: 512, processes: 4096, wallSeconds: 20 };
const userns = await runSandboxed({ cwd, command: "unshare -Ur true; echo status=$?; cat /proc/sys/user/max_user_namespaces", limits });
out.userns = { stdout: userns.stdout, stderr: userns.stderr };
process.stdout.write(JSON.stringify(out));
