import type { Command } from "commander";
import { loadInstances } from "../../dataset/load-instances.js";
import { InputError } from "../../errors.js";
import { optionalIntFlag, portFlag } from "../flags.js";
import { runAction } from "../run-action.js";

const collect = (value: string, previous: string[]) => [...previous, value];

/** Registers `decepeval serve-model`. */
export function registerServeModelCommands(program: Command): void {
  program
    .command("serve-model")
    .description("Serve sim policies and GGUF models (with LoRA adapters as their own names) over an OpenAI-compatible API")
    .option("--model <name=ref>", "a model to serve, e.g. honest=sim:honest or base=gguf:models/m.gguf (repeatable)", collect, [])
    .option("--lora-modules <specs...>", "LoRA adapters as name=path[@scale], each served as its own model name on the GGUF base")
    .option("--lora-base <name>", "the GGUF model --lora-modules apply to, when several are served")
    .option("--dataset <path>", "instance JSONL file or folder, needed to serve sim: policies")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <port>", "port to listen on (0 picks a free one)", "8000")
    .option("--threads <n>", "CPU threads for GGUF models (default: all cores)")
    .option("--context-size <n>", "context window for GGUF models in tokens (default 4096)")
    .option("--max-string-length <n>", "cap on each free-text string in constrained GGUF tool-call answers")
    .action(
      runAction(
        async (opts: {
          model: string[];
          loraModules?: string[];
          loraBase?: string;
          dataset?: string;
          host: string;
          port: string;
          threads?: string;
          contextSize?: string;
          maxStringLength?: string;
        }) => {
          const port = portFlag(opts.port);
          // Loaded here so other commands do not pay for fastify and node-llama-cpp.
          const { startModelServer } = await import("../../serve/model-server/model-server.js");
          const { servedModelsFromFlags } = await import("../../serve/model-server/served-models-from-flags.js");
          // Loaded first: sim: models are built with the instances they act from.
          const instances = opts.dataset !== undefined ? await loadInstances(opts.dataset) : [];
          const models = await servedModelsFromFlags({
            models: opts.model,
            loraModules: opts.loraModules ?? [],
            loraBase: opts.loraBase,
            gguf: {
              threads: optionalIntFlag("--threads", opts.threads),
              context_size: optionalIntFlag("--context-size", opts.contextSize),
              max_string_length: optionalIntFlag("--max-string-length", opts.maxStringLength),
            },
            instances,
          });
          if (models.some((m) => m.model.ref.provider === "sim") && opts.dataset === undefined) {
            throw new InputError("--dataset: required to serve sim: models, which act from the task instance");
          }
          const server = await startModelServer({ models, instances, host: opts.host, port });
          process.stdout.write(
            `serving ${models.map((m) => (m.parent ? `${m.id} (adapter on ${m.parent})` : m.id)).join(", ")} ` +
              `at ${server.baseURL}${instances.length > 0 ? ` with ${instances.length} instances` : ""}\n`,
          );
          await new Promise<void>((resolve) => {
            const stop = () => resolve();
            process.once("SIGINT", stop);
            process.once("SIGTERM", stop);
          });
          await server.close();
          process.stdout.write("model server stopped\n");
        },
      ),
    );
}
