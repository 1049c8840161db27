/**
 * The reward server's only body parser: JSON, refusing the keys that poison prototypes
 * when objects are merged later (`__proto__`, `constructor.prototype`) with a message
 * that names them. Anything that is not `application/json` is answered 415.
 */
import type { FastifyInstance } from "fastify";

/**
 * JSON.parse with the prototype-key check. The reviver only runs when the text contains
 * such a key, so ordinary bodies parse at full speed.
 */
export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`malformed request: the body is not valid JSON (${(error as Error).message})`);
  }
  if (text.includes('"__proto__"') || text.includes('"constructor"')) {
    JSON.parse(text, (key, v: unknown) => {
      if (key === "__proto__" || (key === "constructor" && typeof v === "object" && v !== null && Object.hasOwn(v, "prototype"))) {
        throw new Error(`malformed request: the body uses the key ${key === "__proto__" ? "__proto__" : "constructor.prototype"}, which is not allowed`);
      }
      return v;
    });
  }
  return value;
}

/** Replaces fastify's parsers with the JSON one above. */
export function useJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser("text/plain");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(Object.assign(new Error((error as Error).message), { statusCode: 400, code: "invalid_json" }), undefined);
    }
  });
}
