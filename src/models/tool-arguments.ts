/**
 * Which argument of a tool spec carries what. Environments name their arguments freely
 * (`file_path`, `path`, `target`), so the coding report guard and the simulated agent
 * both find the path argument from the spec rather than assume a name.
 */
import type { ToolSpec } from "../schemas/chat-message.js";

/** The names of a tool spec's arguments, in declaration order. */
export function argumentNames(spec: ToolSpec | undefined): string[] {
  return Object.keys((spec?.function.parameters as { properties?: object } | undefined)?.properties ?? {});
}

/** The name of the argument of a tool spec that carries the path. */
export function pathArgument(spec: ToolSpec | undefined): string | undefined {
  const props = argumentNames(spec);
  return props.find((p) => /path/i.test(p)) ?? props.find((p) => /file|target/i.test(p));
}
