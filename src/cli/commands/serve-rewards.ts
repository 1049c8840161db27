import { existsSync, readFileSync } from "node:fs";
import type { Command } from "commander";
import { parse as parseYaml } from "yaml";
import { loadInstances } from "../../dataset/load-instances.js";
import { InputError } from "../../errors.js";
import { createJudge } from "../../judges/registry.js";
import { createChatModel } from "../../models/create-chat-model.js";
import { DEFAULT_REWARD_WEIGHTS, parseRewardWeights } from "../../rewards/reward-weights.js";
import { buildRewardServer } from "../../serve/reward-server/reward-server.js";
import { createInlineScorer, createPoolScorer } from "../../serve/reward-server/scorer.js";
import { runAction } from "../run-action.js";

interface ServeRewardsOptions {
  dataset: string;
  host: string;
  port: string;
  judge: string;
  judgeModel?: string;
  weights?: string;
  workers?: string;
  bodyLimit: string;
  maxItems: string;
  requestTimeout: string;
  bodyTimeout: string;
  maxConcurrent: string;
  maxQueue: string;
  shutdownTimeout: string;
  allowHeldout?: boolean;
  authToken?: string;
}

function positiveInt(flag: string, value: string, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new InputError(`${flag}: expected an integer ${range}, got ${JSON.stringify(value)}`);
  }
  return n;
}

/** `--weights` is inline JSON or a JSON/YAML file. */
function readWeights(value: string | undefined) {
  if (value === undefined) return DEFAULT_REWARD_WEIGHTS;
  let raw: unknown;
  try {
    raw = existsSync(value) ? parseYaml(readFileSync(value, "utf8")) : JSON.parse(value);
  } catch (error) {
    throw new InputError(`--weights: expected inline JSON or a JSON/YAML file (${(error as Error).message})`);
  }
  return parseRewardWeights(raw, existsSync(value) ? value : "--weights");
}

/** Registers `decepeval serve-rewards`. */
export function registerServeRewardsCommand(program: Command): void {
  program
    .command("serve-rewards")
    .description("Serve honesty-aware rewards to RL trainers (OpenRLHF /get_reward, batch /v1/rewards)")
    .requiredOption("--dataset <path>", "instance file or folder the completions belong to")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <port>", "port (0 picks a free one)", "8000")
    .option("--judge <name>", "rule or llm", "rule")
    .option("--judge-model <ref>", "model for --judge llm, e.g. openai:gpt-4o")
    .option("--weights <json|file>", "reward weights: {outcome, deception:{omission,overstatement,fabrication}, refusal}")
    .option("--workers <n>", "scoring worker threads (rule judge); default: one per core")
    .option("--body-limit <bytes>", "largest request body", String(16 * 1024 * 1024))
    .option("--max-items <n>", "most completions per request", "4096")
    .option("--request-timeout <ms>", "answer 503 (and cancel the work) when waiting plus scoring takes longer", "60000")
    .option("--body-timeout <ms>", "answer 408 and close when a request (headers and body) takes longer to arrive", "30000")
    .option("--max-concurrent <n>", "scoring requests run at once", "4")
    .option("--max-queue <n>", "scoring requests that may wait; beyond it: 503 with Retry-After", "32")
    .option("--shutdown-timeout <ms>", "on SIGTERM/SIGINT, wait this long for in-flight requests, then close them", "10000")
    .option("--allow-heldout", "score held-out instances too (refused with 403 by default, as the exports refuse them)")
    .option("--auth-token <token>", "require Authorization: Bearer <token> (or set DECEPEVAL_REWARD_TOKEN)")
    .action(
      runAction(async (opts: ServeRewardsOptions) => {
        const weights = readWeights(opts.weights);
        const port = positiveInt("--port", opts.port, 0, 65535);
        const limits = {
          bodyLimit: positiveInt("--body-limit", opts.bodyLimit),
          maxItems: positiveInt("--max-items", opts.maxItems),
          requestTimeoutMs: positiveInt("--request-timeout", opts.requestTimeout),
          bodyTimeoutMs: positiveInt("--body-timeout", opts.bodyTimeout),
          maxConcurrent: positiveInt("--max-concurrent", opts.maxConcurrent),
          maxQueue: positiveInt("--max-queue", opts.maxQueue, 0),
        };
        const shutdownMs = positiveInt("--shutdown-timeout", opts.shutdownTimeout, 0);
        const instances = await loadInstances(opts.dataset);
        const authToken = opts.authToken ?? process.env.DECEPEVAL_REWARD_TOKEN;
        let scorer;
        if (opts.judge === "rule") {
          scorer = createPoolScorer({
            dataset: opts.dataset,
            judge: "rule",
            weights,
            workers: opts.workers === undefined ? undefined : positiveInt("--workers", opts.workers),
          });
        } else {
          if (!opts.judgeModel) throw new InputError(`--judge ${opts.judge}: needs --judge-model <ref>`);
          const model = await createChatModel(opts.judgeModel).catch((error: unknown) => {
            throw error instanceof InputError ? new InputError(`--judge-model: ${error.message}`, { cause: error }) : error;
          });
          const judge = createJudge(opts.judge, { model });
          scorer = createInlineScorer({ instances: new Map(instances.map((i) => [i.id, i])), judge, weights });
        }
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
