import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { InputError, RecordValidationError } from "../errors.js";
import { readJsonlLines } from "../io/jsonl.js";
import { safeValidateRecord } from "../schemas/validate-record.js";
import { InstanceSchema, type Instance } from "../schemas/instance.js";

/** Lists the instance files a path names: the file itself, or every `*.jsonl` below a folder. */
export function instanceFiles(path: string): string[] {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new InputError(`${path}: no such file or folder`);
  }
  if (stat.isFile()) return [path];
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith(".jsonl")) out.push(full);
    }
  };
  walk(path);
  return out;
}

export interface LoadedInstances {
  instances: Instance[];
  errors: RecordValidationError[];
  files: string[];
}

/**
 * Reads every instance under `path`, collecting (not throwing) per-record errors so a
 * caller can report all of them. Duplicate ids are errors too.
 */
export async function loadInstancesLenient(path: string): Promise<LoadedInstances> {
  const files = instanceFiles(path);
  const instances: Instance[] = [];
  const errors: RecordValidationError[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    try {
      for await (const { line, value } of readJsonlLines(file)) {
        const result = safeValidateRecord(InstanceSchema, value, { file, line, what: "instance" });
        if (!result.success) {
          errors.push(result.error);
          continue;
        }
        const where = `${file}:${line}`;
        const previous = seen.get(result.value.id);
        if (previous !== undefined) {
          errors.push(
            new RecordValidationError({
              file,
              line,
              what: "instance",
              issues: [`field id: duplicate instance id ${result.value.id} (first at ${previous})`],
            }),
          );
          continue;
        }
        seen.set(result.value.id, where);
        instances.push(result.value);
      }
    } catch (error) {
      if (error instanceof InputError) errors.push(new RecordValidationError({ file, issues: [error.message] }));
      else throw error;
    }
  }
  return { instances, errors, files };
}

/** Reads every instance under `path`; the first invalid record throws. */
export async function loadInstances(path: string): Promise<Instance[]> {
  const { instances, errors, files } = await loadInstancesLenient(path);
  if (errors.length > 0) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more errors)` : "";
    throw new InputError(`${errors[0]!.message}${more}`);
  }
  if (files.length === 0) throw new InputError(`${path}: no instance files (*.jsonl) found`);
  return instances;
}
