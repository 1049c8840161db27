/**
 * Whether a process with this pid exists. Run locks and sandbox temp folders record their
 * owner's pid so that what a killed process left behind can be taken over or removed.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
