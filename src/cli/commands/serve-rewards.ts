import type { Command } from "commander";
import { loadInstances } from "../../dataset/load-instances.js";
import { InputError } from "../../errors.js";
import { judgeNames } from "../../judges/registry.js";
import { DEFAULT_REWARD_WEIGHTS } from "../../rewards/reward-weights.js";
import { createScorePool, defaultWorkers } from "../../rewards/score-pool.js";
import { createCascadeScorer } from "../../rewards/cascade-scoring.js";
import { buildRewardServer } from "../../serve/reward-server/reward-server.js";
import { poolScorer } from "../../serve/reward-server/scorer.js";
import { intFlag, judgeFlags, optionalIntFlag, portFlag, weightsFlag } from "../flags.js";
import { runAction } from "../run-action.js";

interface ServeRewardsOptions {
  dataset: string;
  host: string;
  port: string;
  judge: string;
  judgeModel?: string;
  judgeOptions?: string;
  weights?: string;
  workers?: string;
  bodyLimit: string;
  maxItems: string;
  requestTimeout: string;
  bodyTimeout: string;
  maxConcurrent: string;
  maxQueue: string;
  maxConnections: string;
  shutdownTimeout: string;
  allowHeldout?: boolean;
  authToken?: string;
}

/**
 * The bearer token from --auth-token, else DECEPEVAL_REWARD_TOKEN. An empty one is refused:
 * `--auth-token ''` or an empty variable must never quietly turn authentication off.
 */
function authTokenFlag(flag: string | undefined, env: string | undefined): string | undefined {
  if (flag !== undefined) {
    if (flag.trim() === "") throw new InputError("--auth-token: the token is empty, which would turn authentication off; give a non-empty token, or leave the flag out to run without auth");
    return flag;
  }
  if (env !== undefined) {
    if (env.trim() === "") throw new InputError("DECEPEVAL_REWARD_TOKEN is set but empty, which would turn authentication off; set a non-empty token, or unset it to run without auth");
    return env;
  }
  return undefined;
}

/** Registers `decepeval serve-rewards`. */
export function registerServeRewardsCommand(program: Command): void {
  program
    .command("serve-rewards")
    .description("Serve honesty-aware rewards to RL trainers (OpenRLHF /get_reward, batch /v1/rewards)")
    .requiredOption("--dataset <path>", "instance file or folder the completions belong to")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <port>", "port (0 picks a free one)", "8000")
    .option("--judge <name>", `judge to use (${judgeNames().join(", ")})`, "rule")
    .option("--judge-model <ref>", "model for --judge llm or cascade, e.g. openai:gpt-4o")
    .option("--judge-options <json>", 'the judge\'s options as JSON, e.g. \'{"threshold":0.8,"concurrency":16,"timeout_ms":20000}\' for cascade')
    .option("--weights <json>", "reward weights: {outcome, deception:{omission,overstatement,fabrication}, refusal}")
    .option("--workers <n>", "scoring worker threads (0: the server's thread); default: one per core for the rule judge, 0 for a model judge")
    .option("--body-limit <bytes>", "largest request body", String(16 * 1024 * 1024))
    .option("--max-items <n>", "most completions per request", "4096")
    .option("--request-timeout <ms>", "answer 503 (and cancel the work) when waiting plus scoring takes longer", "60000")
    .option("--body-timeout <ms>", "answer 408 and close when a request (headers and body) takes longer to arrive", "30000")
    .option("--max-concurrent <n>", "scoring requests run at once", "4")
    .option("--max-queue <n>", "scoring requests that may wait; beyond it: 503 with Retry-After", "32")
    .option("--max-connections <n>", "open connections at most, idle keep-alive ones included; one more is answered 503 and closed", "256")
    .option("--shutdown-timeout <ms>", "on SIGTERM/SIGINT, wait this long for in-flight requests, then close them", "10000")
    .option("--allow-heldout", "score held-out instances too (refused with 403 by default, as the exports refuse them)")
    .option("--auth-token <token>", "require Authorization: Bearer <token> (or set DECEPEVAL_REWARD_TOKEN)")
    .action(
      runAction(async (opts: ServeRewardsOptions) => {
        const weights = weightsFlag(opts.weights) ?? DEFAULT_REWARD_WEIGHTS;
        const judge = judgeFlags(opts.judge, opts.judgeModel, "--judge", "--judge-model", opts.judgeOptions);
        const port = portFlag(opts.port);
        const limits = {
          bodyLimit: intFlag("--body-limit", opts.bodyLimit),
          maxItems: intFlag("--max-items", opts.maxItems),
          requestTimeoutMs: intFlag("--request-timeout", opts.requestTimeout),
          bodyTimeoutMs: intFlag("--body-timeout", opts.bodyTimeout),
          maxConcurrent: intFlag("--max-concurrent", opts.maxConcurrent),
          maxQueue: intFlag("--max-queue", opts.maxQueue, { min: 0 }),
          maxConnections: intFlag("--max-connections", opts.maxConnections),
        };
        const shutdownMs = intFlag("--shutdown-timeout", opts.shutdownTimeout, { min: 0 });
        const llmTimeout = judge.name === "cascade" ? (judge.options as { timeout_ms: number }).timeout_ms : undefined;
        if (llmTimeout !== undefined && llmTimeout >= limits.requestTimeoutMs) {
          throw new InputError(`--judge-options timeout_ms (${llmTimeout}) must be less than --request-timeout (${limits.requestTimeoutMs}): a request would time out before its LLM items fall back to the rule verdict`);
        }
        const workersFlag = optionalIntFlag("--workers", opts.workers, { min: 0 });
        const workers = workersFlag ?? defaultWorkers(judge, 0);
        const authToken = authTokenFlag(opts.authToken, process.env.DECEPEVAL_REWARD_TOKEN);
        const instances = await loadInstances(opts.dataset);
        const byId = new Map(instances.map((i) => [i.id, i] as const));
        // The server's own thread answers HTTP, so a CPU-bound judge gets every core.
        // The cascade: rule items in the worker pool, the LLM share bounded and cached on this thread.
        const scorer =
          judge.name === "cascade"
            ? await createCascadeScorer({ spec: judge, workers: workersFlag, datasetPath: opts.dataset, instances: byId, weights, where: "--judge-model" })
            : poolScorer(await createScorePool({ workers, datasetPath: opts.dataset, instances: byId, judge, weights, where: "--judge-model" }));
        const app = buildRewardServer({
          scorer,
          instanceIds: new Set(instances.map((i) => i.id)),
          judge: opts.judge,
          ...limits,
          heldoutIds: new Set(instances.filter((i) => i.split === "heldout").map((i) => i.id)),
          allowHeldout: opts.allowHeldout === true,
          authToken,
        });
        let address: string;
        try {
          address = await app.listen({ host: opts.host, port });
        } catch (error) {
          await scorer.close();
          const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
          throw new InputError(`--host ${opts.host} --port ${port}: cannot listen there (${code})`);
        }
        process.stdout.write(`decepeval reward server: ${instances.length} instances, judge ${opts.judge}, listening on ${address}\n`);
        await new Promise<void>((resolve) => {
          const stop = (signal: string) => {
            process.stderr.write(`${signal}: finishing in-flight requests (at most ${shutdownMs} ms)\n`);
            // Bounded: after --shutdown-timeout, every connection still open is closed.
            const force = setTimeout(() => {
              process.stderr.write(`${signal}: closing the connections still open after ${shutdownMs} ms\n`);
              app.server.closeAllConnections();
            }, shutdownMs);
            void app
              .close()
              .then(() => clearTimeout(force))
              .then(() => scorer.close())
              .then(resolve);
          };
          process.once("SIGTERM", () => stop("SIGTERM"));
          process.once("SIGINT", () => stop("SIGINT"));
        });
      }),
    );
}
