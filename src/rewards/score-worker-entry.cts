/**
 * The file piscina's workers load for the scoring pool, as CommonJS. Piscina opens its
 * worker file with `require()` first; on Node 20 that is `require(esm)` for our ES modules,
 * and a `require(esm)` that meets the same module half-loaded by an `import()` (piscina's
 * fallback, or a task arriving while the worker starts) is a fatal V8 error that takes the
 * whole process down. This file needs no ES module to load; it reaches the scorer
 * (score-worker.ts) through `import()` only, once per worker.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";

type ScoreWorker = typeof import("./score-worker.js");
let loaded: Promise<ScoreWorker> | undefined;

function scorer(): Promise<ScoreWorker> {
  loaded ??= import(pathToFileURL(join(__dirname, "score-worker.js")).href) as Promise<ScoreWorker>;
  return loaded;
}

/** score-worker.ts's `trajectory`, loaded on first use. */
export async function trajectory(input: string): ReturnType<ScoreWorker["trajectory"]> {
  return (await scorer()).trajectory(input);
}

/** score-worker.ts's `items`, loaded on first use. */
export async function items(task: Parameters<ScoreWorker["items"]>[0]): ReturnType<ScoreWorker["items"]> {
  return (await scorer()).items(task);
}
