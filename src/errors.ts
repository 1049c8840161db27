/**
 * Typed errors. Every error decepeval raises on purpose derives from DecepevalError and
 * carries an exit code the CLI hands to the shell: 1 for a failure, 2 for bad input or
 * usage. Checks use the marker, not `instanceof`, so they survive duplicated module
 * copies and worker-thread boundaries.
 */
const MARKER = Symbol.for("decepeval.error");

export class DecepevalError extends Error {
  readonly [MARKER] = true;
  /** Shell exit status when this error ends a CLI command. */
  readonly exitCode: number = 1;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }

  static isInstance(value: unknown): value is DecepevalError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** Bad input from a user: a file, a recipe, a flag. Exit code 2. */
export class InputError extends DecepevalError {
  override readonly exitCode = 2;
}

/** A record that does not match its schema, located by file and line. */
export class RecordValidationError extends InputError {
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly issues: string[];

  constructor(options: { file?: string; line?: number; issues: string[]; what?: string }) {
    const where = [options.file, options.line === undefined ? undefined : `line ${options.line}`]
      .filter((x) => x !== undefined)
      .join(":");
    const head = `${where ? `${where}: ` : ""}invalid ${options.what ?? "record"}`;
    super(`${head}: ${options.issues.join("; ")}`);
    this.file = options.file;
    this.line = options.line;
    this.issues = options.issues;
  }
}

/** This machine lacks a tool, interpreter, build output or runtime decepeval needs (e.g. bubblewrap). Exit code 1. */
export class SetupError extends DecepevalError {}
