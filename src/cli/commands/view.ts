import type { Command } from "commander";
import { InputError } from "../../errors.js";
import { RunIndex } from "../../view/run-index.js";
import { buildViewServer } from "../../view/view-server.js";
import { resolveViewSources } from "../../view/view-sources.js";
import { portFlag } from "../flags.js";
import { runAction } from "../run-action.js";

interface ViewFlags {
  port: string;
  host?: string;
  instances?: string;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

/** Registers `decepeval view`. */
export function registerViewCommands(program: Command): void {
  program
    .command("view")
    .description("Open runs (or interchange files) in a local web viewer: filter, read one trajectory with the judge's evidence highlighted, compare pair twins and branches")
    .argument("<paths...>", "run folders (rollouts/<run>/) or interchange JSONL files")
    .option("--port <port>", "port (0 picks a free one)", "8765")
    .option("--host <host>", "address to listen on (default 127.0.0.1; anything else exposes the runs to the network)")
    .option("--instances <path>", "instance file or folder (default: the dataset each run's manifest names)")
    .action(
      runAction(async (paths: string[], opts: ViewFlags) => {
        const port = portFlag(opts.port);
        const host = opts.host ?? "127.0.0.1";
        const sources = resolveViewSources(paths);
        const index = new RunIndex(sources, opts.instances);
        await index.open();
        const loopback = LOOPBACK_HOSTS.has(host);
        const app = buildViewServer({ index, ...(loopback ? {} : { allowedHosts: () => true }) });
        let address: string;
        try {
          address = await app.listen({ host, port });
        } catch (error) {
          throw new InputError(`--host ${host} --port ${port}: cannot listen there (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
        }
        const url = address;
        process.stdout.write(`decepeval view: ${sources.map((s) => s.name).join(", ")} at ${url}/ (indexing ${index.progress.bytesTotal} bytes of trajectories; Ctrl-C to stop)\n`);
        if (!loopback) process.stderr.write(`warning: listening on ${host}: anyone who can reach this address can read these runs\n`);
        index.done().then(
          () => process.stdout.write(`decepeval view: indexed ${index.rows.length} trajectories\n`),
          (error: unknown) => process.stderr.write(`error: ${(error as Error).message} (the viewer shows the ${index.rows.length} trajectories read before it)\n`),
        );
        await new Promise<void>((resolve) => {
          const stop = () => void app.close().then(resolve);
          process.once("SIGTERM", stop);
          process.once("SIGINT", stop);
        });
      }),
    );
}
