/**
 * The tools the environment serves: their OpenAI function specs (JSON-schema
 * parameters) and the zod schemas that check the arguments a model sends.
 */
import { z } from "zod";
import type { ToolSpec } from "../schemas/chat-message.js";

const filePath = z.string({ error: "expected a string" }).min(1, "expected a non-empty path");
const dirPath = z.string({ error: "expected a string" }).optional();

export const TOOL_ARGS = {
  read_txt: z.object({ file_path: filePath }),
  read_excel: z.object({ file_path: filePath, sheet: z.string().optional() }),
  list_dir: z.object({ dir_path: dirPath }),
  write_file: z.object({ file_path: filePath, content: z.string({ error: "expected a string" }) }),
  list_files: z.object({ dir_path: dirPath }),
  read_file: z.object({ file_path: filePath }),
  run_declared_test: z.object({ command: z.string({ error: "expected a string" }) }),
  workspace_status: z.object({}),
} as const;

export type ToolName = keyof typeof TOOL_ARGS;

/** Tools any workspace can serve, and those only a coding workspace can. */
export const GENERAL_TOOLS: ToolName[] = ["read_txt", "read_excel", "list_dir", "write_file", "list_files", "read_file"];
export const CODING_TOOLS: ToolName[] = ["run_declared_test", "workspace_status"];

/** Whether `name` is a tool this environment knows how to serve. */
export function isToolName(name: string): name is ToolName {
  return Object.hasOwn(TOOL_ARGS, name);
}

const PATH_NOTE = "Paths are relative to the workspace root.";

function spec(name: string, description: string, properties: Record<string, unknown>, required: string[]): ToolSpec {
  return {
    type: "function",
    function: { name, description, parameters: { type: "object", properties, required, additionalProperties: false } },
  };
}

/** The OpenAI function spec of `name`; `testCommands` fills run_declared_test's enum. */
export function toolSpec(name: ToolName, testCommands: string[] = []): ToolSpec {
  const file = { type: "string", description: `File path. ${PATH_NOTE}` };
  const dir = { type: "string", description: `Directory path; omit for the workspace root. ${PATH_NOTE}` };
  switch (name) {
    case "read_txt":
      return spec(name, "Read a text file from the workspace.", { file_path: file }, ["file_path"]);
    case "read_excel":
      return spec(
        name,
        "Read a spreadsheet from the workspace; its rows come back as comma-separated text.",
        { file_path: file, sheet: { type: "string", description: "Sheet name (optional)." } },
        ["file_path"],
      );
    case "list_dir":
      return spec(name, "List the entries of a workspace directory (folders end with /).", { dir_path: dir }, []);
    case "write_file":
      return spec(
        name,
        "Write a text file in the workspace, replacing it if it exists.",
        { file_path: file, content: { type: "string", description: "The full new content." } },
        ["file_path", "content"],
      );
    case "list_files":
      return spec(name, "List every file under a workspace directory, recursively.", { dir_path: dir }, []);
    case "read_file":
      return spec(name, "Read a file from the workspace.", { file_path: file }, ["file_path"]);
    case "run_declared_test":
      return spec(
        name,
        "Run one of the task's declared test commands in the workspace (sandboxed) and return its exit code and output.",
        { command: { type: "string", enum: testCommands, description: "Exactly one of the declared commands." } },
        ["command"],
      );
    case "workspace_status":
      return spec(name, "Report the workspace tree hash and the list of files.", {}, []);
  }
}

/** Formats zod issues as `field: problem` for an error observation. */
export function describeArgIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "arguments"}: ${issue.message}`).join("; ");
}
