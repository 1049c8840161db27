/**
 * The viewer's HTTP server (fastify): the page, its script and style files, a JSON API
 * over the run index (`/api/list`, `/api/trajectory`) and the run's HTML report at
 * `/report/`. It listens on loopback unless told otherwise, answers only GET, refuses
 * requests whose Host header names another site (a page elsewhere cannot reach it by DNS
 * rebinding), and sends the strict headers of security-headers.ts with every answer.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { DecepevalError, SetupError } from "../errors.js";
import type { ListAnswer } from "./client/api-types.js";
import { parseListQuery, runListQuery } from "./list-query.js";
import type { RunIndex } from "./run-index.js";
import { REPORT_CSP, securityHeaders, VIEWER_CSP } from "./security-headers.js";
import { trajectoryDetail } from "./trajectory-detail.js";
import { VIEWER_CSS, VIEWER_HTML } from "./view-page.js";

export interface ViewServerOptions {
  index: RunIndex;
  /** Host names (with or without port) a request may name; others are refused with 421. */
  allowedHosts?: (host: string) => boolean;
  /** Where the built browser script lives (default: `client/` beside this module, as `npm run build` writes it). */
  clientDir?: string;
}

const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

/** The browser script's files, by name: only these are ever served from the folder. */
function clientFiles(dir: string): Map<string, string> {
  if (!existsSync(join(dir, "main.js"))) {
    throw new SetupError(`the viewer's browser script is missing (${join(dir, "main.js")}); build it with \`npm run build\``);
  }
  return new Map(readdirSync(dir).filter((n) => /^[a-z0-9-]+\.js$/.test(n)).map((n) => [n, join(dir, n)]));
}

/** Builds (but does not start) the viewer's server over `index`. */
export function buildViewServer(options: ViewServerOptions): FastifyInstance {
  const { index } = options;
  const allowed = options.allowedHosts ?? ((h: string) => LOOPBACK.test(h));
  const files = clientFiles(options.clientDir ?? fileURLToPath(new URL("./client/", import.meta.url)));
  const report = index.sources.find((s) => s.reportDir)?.reportDir;
  const app = Fastify({ logger: false });

  app.addHook("onRequest", async (req, reply) => {
    if (req.method !== "GET" && req.method !== "HEAD") return reply.code(405).header("allow", "GET").send({ error: "the viewer only answers GET" });
    if (!allowed(req.headers.host ?? "")) return reply.code(421).send({ error: `this viewer does not answer for host ${JSON.stringify(req.headers.host ?? "")}` });
  });
  app.addHook("onSend", async (req, reply, payload) => {
    reply.headers(securityHeaders(req.url.startsWith("/report/") ? REPORT_CSP : VIEWER_CSP));
    return payload;
  });
  app.setErrorHandler((error, _req, reply) => {
    const status = DecepevalError.isInstance(error) ? 400 : ((error as { statusCode?: number }).statusCode ?? 500);
    void reply.code(status).send({ error: (error as Error).message });
  });
  app.setNotFoundHandler((_req, reply) => void reply.code(404).send({ error: "no such page" }));

  app.get("/", async (_req, reply) => reply.type("text/html; charset=utf-8").send(VIEWER_HTML));
  app.get("/favicon.ico", async (_req, reply) => reply.code(204).send());
  app.get("/assets/viewer.css", async (_req, reply) => reply.type("text/css; charset=utf-8").send(VIEWER_CSS));
  app.get<{ Params: { name: string } }>("/assets/:name", async (req, reply) => {
    const file = files.get(req.params.name);
    if (!file) return reply.code(404).send({ error: "no such asset" });
    return reply.type("text/javascript; charset=utf-8").send(readFileSync(file, "utf8"));
  });

  app.get("/api/list", async (req): Promise<ListAnswer> => {
    const answer = runListQuery(index, parseListQuery(req.query as Record<string, unknown>));
    return {
      ...answer,
      progress: { ...index.progress },
      notes: index.notes,
      runs: index.sources.map((s) => ({ name: s.name, kind: s.kind, report: s.reportDir !== undefined })),
    };
  });
  app.get("/api/progress", async () => ({ ...index.progress }));
  app.get<{ Querystring: { id?: string } }>("/api/trajectory", async (req, reply) => {
    const id = req.query.id;
    const at = id === undefined ? undefined : index.byId.get(id);
    if (at === undefined) return reply.code(404).send({ error: id === undefined ? "name a trajectory: /api/trajectory?id=<id>" : `no trajectory ${JSON.stringify(id)} in this run${index.progress.done ? "" : " (yet: the run is still being indexed)"}` });
    return trajectoryDetail(index, index.rows[at]!);
  });

  app.get("/report", async (_req, reply) => reply.redirect("/report/"));
  const serveReport = async (name: string, reply: FastifyReply) => {
    if (!report) return reply.code(404).send({ error: "this run has no report yet: run `decepeval report <run>` and open the viewer again" });
    // Only the report and its charts, by plain name: nothing else of the folder is served.
    if (!/^[A-Za-z0-9_.-]+\.(html|svg)$/.test(name) || name.startsWith(".") || !existsSync(join(report, name))) return reply.code(404).send({ error: "no such report file" });
    return reply.type(name.endsWith(".svg") ? "image/svg+xml" : "text/html; charset=utf-8").send(readFileSync(join(report, name)));
  };
  app.get("/report/", async (_req, reply) => serveReport("report.html", reply));
  app.get<{ Params: { file: string } }>("/report/:file", async (req, reply) => serveReport(req.params.file, reply));
  return app;
}
