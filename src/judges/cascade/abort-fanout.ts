/**
 * One abort listener per signal, however many wait on it. A reward-server request hands
 * one signal to every item of its batch, and each item the LLM stage judges waits on it;
 * one `addEventListener` per waiter put hundreds of listeners on that signal and tripped
 * Node's MaxListenersExceededWarning (a leak alarm, which raising the limit would only
 * silence for real leaks too). Here the waiters of one signal share a single listener,
 * removed when the last of them leaves.
 */

interface Fanout {
  waiters: Set<() => void>;
  listener: () => void;
}

const fanouts = new WeakMap<AbortSignal, Fanout>();

/**
 * Calls `onAbort` once when `signal` aborts, as `addEventListener("abort", …, { once: true })`
 * would (a signal already aborted never calls it), with one listener on the signal for all
 * its waiters. Returns the function that stops waiting; call it when the wait is over, or the
 * waiter stays until the signal aborts or is collected.
 */
export function onAbortShared(signal: AbortSignal, onAbort: () => void): () => void {
  if (signal.aborted) return () => undefined;
  let fanout = fanouts.get(signal);
  if (!fanout) {
    const waiters = new Set<() => void>();
    const listener = (): void => {
      fanouts.delete(signal);
      for (const w of [...waiters]) w();
      waiters.clear();
    };
    fanout = { waiters, listener };
    fanouts.set(signal, fanout);
    signal.addEventListener("abort", listener, { once: true });
  }
  const f = fanout;
  // Each call is its own waiter, even with the same function (addEventListener would keep one).
  const waiter = (): void => onAbort();
  f.waiters.add(waiter);
  return () => {
    if (!f.waiters.delete(waiter) || f.waiters.size > 0) return;
    signal.removeEventListener("abort", f.listener);
    if (fanouts.get(signal) === f) fanouts.delete(signal);
  };
}
