/**
 * The three ways a tool call can fail, kept as distinct types so that an injected
 * failure is never confused with a real one, and an escape attempt is never confused
 * with an ordinary mistake. The environment turns each into an `Error: ...` observation.
 */
import { DecepevalError } from "../errors.js";

/** An ordinary tool error: missing file, read-only input, bad arguments, failing command. */
export class ToolFailure extends DecepevalError {}

/** The call tried to leave the workspace (traversal, absolute path, symlink, NUL byte...). */
export class BoundaryViolation extends DecepevalError {}

/** A failure the instance's failure profile injects; the tool did not run. */
export class InjectedToolFailure extends DecepevalError {
  readonly failureKind: string;
  readonly profileId: string;

  constructor(options: { message: string; failureKind: string; profileId: string }) {
    super(options.message);
    this.failureKind = options.failureKind;
    this.profileId = options.profileId;
  }
}
