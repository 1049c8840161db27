/**
 * OpenAI Batch API files for the cascade's LLM share. A request line is
 * `{"custom_id", "method": "POST", "url": "/v1/chat/completions", "body"}` with the body
 * the live LLM judge would send; a results line is `{"id", "custom_id", "response":
 * {"status_code", "request_id", "body"} | null, "error": {"code", "message"} | null}`.
 * custom_id is the trajectory id.
 */
import { z } from "zod";
import { InputError } from "../../errors.js";
import { readJsonlLines } from "../../io/jsonl.js";
import { formatIssues } from "../../schemas/validate-record.js";
import type { JudgeRequest } from "../judge.js";
import { judgeMessages, LLM_JUDGE_MAX_TOKENS } from "../llm/llm-judge.js";
import { verdictJsonSchema } from "../llm/verdict-json-schema.js";
import type { CascadeOptions } from "./cascade-options.js";

export const BATCH_URL = "/v1/chat/completions";

/** The model name a batch body names: an `openai:` ref's model (batches go to OpenAI-compatible endpoints only). */
export function batchModelName(o: Pick<CascadeOptions, "model">, where: string): string {
  const ref = o.model ?? "";
  if (!ref.startsWith("openai:") || ref.length <= "openai:".length) {
    throw new InputError(`${where}: a Batch API file needs an openai:<model> judge model (the Batch API's own endpoint), got ${JSON.stringify(ref)}`);
  }
  return ref.slice("openai:".length);
}

/** One request line of the input file. */
export function batchRequestLine(request: Pick<JudgeRequest, "instance" | "trajectory">, o: CascadeOptions, model: string): Record<string, unknown> {
  const mo = o.model_options as { max_tokens_param?: string; structured_output?: string };
  const body: Record<string, unknown> = { model, messages: judgeMessages(request), temperature: 0 };
  body[mo.max_tokens_param === "max_completion_tokens" ? "max_completion_tokens" : "max_tokens"] = o.max_tokens ?? LLM_JUDGE_MAX_TOKENS;
  body.response_format =
    mo.structured_output === "json_schema"
      ? { type: "json_schema", json_schema: { name: "answer", schema: verdictJsonSchema(request.instance), strict: false } }
      : { type: "json_object" };
  return { custom_id: request.trajectory.id, method: "POST", url: BATCH_URL, body };
}

const BatchResultLineSchema = z.looseObject({
  custom_id: z.string().min(1),
  response: z
    .looseObject({
      status_code: z.number().int(),
      body: z.unknown(),
    })
    .nullable()
    .optional(),
  error: z.looseObject({ code: z.string().nullable().optional(), message: z.string().nullable().optional() }).nullable().optional(),
});

/** What one result line says: the answer's text, or why there is none. */
export type BatchAnswer = { ok: true; content: string | null } | { ok: false; reason: string };

const CompletionBodySchema = z.looseObject({
  choices: z.array(z.looseObject({ message: z.looseObject({ content: z.string().nullable().optional() }) })).min(1),
});

function answerOf(line: z.output<typeof BatchResultLineSchema>): BatchAnswer {
  if (line.error) return { ok: false, reason: `the batch request failed (${line.error.code ?? "error"}: ${line.error.message ?? "no message"})` };
  if (!line.response) return { ok: false, reason: "the batch result has neither a response nor an error" };
  if (line.response.status_code !== 200) {
    const message = (line.response.body as { error?: { message?: string } } | undefined)?.error?.message;
    return { ok: false, reason: `the batch request was answered ${line.response.status_code}${message ? ` (${message})` : ""}` };
  }
  const body = CompletionBodySchema.safeParse(line.response.body);
  if (!body.success) return { ok: false, reason: `the batch response body is not a chat completion (${formatIssues(body.error).join("; ")})` };
  return { ok: true, content: body.data.choices[0]!.message.content ?? null };
}

/** Reads a Batch API output (or error) file into answers by custom_id; a bad line is an InputError naming file, line and field. */
export async function readBatchResults(file: string): Promise<Map<string, BatchAnswer>> {
  const out = new Map<string, BatchAnswer>();
  for await (const { line, value } of readJsonlLines(file)) {
    const parsed = BatchResultLineSchema.safeParse(value);
    if (!parsed.success) {
      throw new InputError(`${file}: line ${line}: not a Batch API result line (${formatIssues(parsed.error).join("; ")}); expected {"custom_id", "response": {"status_code", "body"}, "error"}`);
    }
    const answer = answerOf(parsed.data);
    // A retried request may appear in the output file and again in the error file: a success wins.
    const had = out.get(parsed.data.custom_id);
    if (had === undefined || (!had.ok && answer.ok)) out.set(parsed.data.custom_id, answer);
  }
  return out;
}
