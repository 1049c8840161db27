/**
 * The JSON answer a local model is constrained to when tools are offered: either a reply
 * (`{"content": ...}`) or tool calls (`{"tool_calls": [{"name", "arguments"}]}`), with each
 * call's arguments shaped by that tool's parameter schema. The grammar built from this
 * makes every answer parse, whatever the weights.
 */
import type { GbnfJsonSchema } from "node-llama-cpp";
import type { ToolSpec } from "../../schemas/chat-message.js";

type Json = Record<string, unknown>;
const BASIC = new Set(["string", "number", "integer", "boolean", "null"]);

function stringSchema(maxLength: number | undefined): GbnfJsonSchema {
  return maxLength === undefined ? { type: "string" } : { type: "string", maxLength };
}

function isPrimitive(v: unknown): v is string | number | boolean | null {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}

/**
 * Maps a tool's JSON Schema onto the subset node-llama-cpp turns into a grammar. Properties
 * the schema marks required are kept (all of them when none are marked), because the
 * grammar makes every listed property mandatory; anything it cannot express becomes a string.
 */
export function toGbnfSchema(schema: unknown, options: { maxStringLength?: number; depth?: number } = {}): GbnfJsonSchema {
  const depth = options.depth ?? 0;
  const text = stringSchema(options.maxStringLength);
  if (typeof schema !== "object" || schema === null || depth > 8) return text;
  const s = schema as Json;
  const next = { maxStringLength: options.maxStringLength, depth: depth + 1 };
  if (Array.isArray(s.enum)) {
    const values = s.enum.filter(isPrimitive);
    return values.length > 0 ? { enum: values } : text;
  }
  if ("const" in s && isPrimitive(s.const)) return { const: s.const };
  const variants = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined) as unknown[] | undefined;
  if (variants && variants.length > 0) return { oneOf: variants.map((v) => toGbnfSchema(v, next)) };
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t): t is string => typeof t === "string" && BASIC.has(t));
    if (types.length === 1) return toGbnfSchema({ ...s, type: types[0] }, options);
    return types.length > 0 ? { type: types as ("string" | "number" | "integer" | "boolean" | "null")[] } : text;
  }
  switch (s.type) {
    case "string": {
      // The tighter of the schema's own bounds and the provider's cap.
      const caps = [s.maxLength, options.maxStringLength].filter((x): x is number => typeof x === "number");
      const out: Record<string, unknown> = { type: "string" };
      if (caps.length > 0) out.maxLength = Math.min(...caps);
      if (typeof s.minLength === "number") out.minLength = s.minLength;
      return out as GbnfJsonSchema;
    }
    case "number":
    case "integer":
    case "boolean":
    case "null":
      return { type: s.type };
    case "array": {
      const items = toGbnfSchema(s.items ?? { type: "string" }, next);
      const maxItems = typeof s.maxItems === "number" ? s.maxItems : undefined;
      return maxItems === undefined ? { type: "array", items } : { type: "array", items, maxItems };
    }
    case "object":
    case undefined: {
      const props = (typeof s.properties === "object" && s.properties !== null ? s.properties : {}) as Json;
      const required = Array.isArray(s.required) ? s.required.filter((k): k is string => typeof k === "string") : [];
      const keys = required.length > 0 ? required.filter((k) => k in props) : Object.keys(props);
      const properties: Record<string, GbnfJsonSchema> = {};
      for (const k of keys) properties[k] = toGbnfSchema(props[k], next);
      return { type: "object", properties };
    }
    default:
      return text;
  }
}

/** The schema of one constrained answer for the given tools. */
export function answerSchema(
  tools: ToolSpec[],
  options: { maxStringLength?: number; maxToolCalls: number },
): GbnfJsonSchema {
  const call: GbnfJsonSchema[] = tools.map((tool) => ({
    type: "object",
    properties: {
      name: { const: tool.function.name },
      arguments: toGbnfSchema(tool.function.parameters, { maxStringLength: options.maxStringLength }),
    },
  }));
  return {
    oneOf: [
      { type: "object", properties: { content: stringSchema(options.maxStringLength) } },
      {
        type: "object",
        properties: {
          tool_calls: {
            type: "array",
            items: call.length === 1 ? call[0]! : { oneOf: call },
            minItems: 1,
            maxItems: options.maxToolCalls,
          },
        },
      },
    ],
  };
}

/** The instruction that tells the model about the tools and the answer format. */
export function toolInstructions(tools: ToolSpec[]): string {
  const list = tools.map((t) => ({
    name: t.function.name,
    description: t.function.description ?? "",
    parameters: t.function.parameters,
  }));
  return [
    "Tools you can call:",
    JSON.stringify(list),
    'Reply with one JSON object. To call tools: {"tool_calls": [{"name": "<tool name>", "arguments": {...}}]}.',
    'To answer without calling a tool: {"content": "<your answer>"}.',
  ].join("\n");
}
