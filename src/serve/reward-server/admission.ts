/**
 * Admission control of the reward server: at most `maxConcurrent` scoring requests run at
 * once and at most `maxQueue` more wait; anything beyond is refused (Busy). A request
 * asks for its place only once its body has been read and checked, so clients that send
 * slowly hold a connection, never a scorer. Waiting and running share the request
 * timeout. A request that times out, or whose client went away, has its work cancelled
 * (its abort signal fires), and its place is given back only when that work has actually
 * stopped: the bound counts work, not answers.
 */

export class AdmissionTimeout extends Error {}
export class Busy extends Error {}
/** The request's own signal fired (its client disconnected). */
export class Cancelled extends Error {}

export class Admission {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly maxConcurrent: number,
    readonly maxQueue: number,
  ) {}

  /** Places taken: work running (cancelled or not, until it has stopped) plus work waiting. */
  get held(): number {
    return this.running + this.waiting.length;
  }

  /**
   * Runs `work` once a slot is free, with a signal that fires at `timeoutMs` (counted from
   * now, waiting included) or when `cancel` fires. Rejects with Busy when every place is
   * taken, AdmissionTimeout at the timeout and Cancelled when `cancel` fires; the slot is
   * held until `work` has settled.
   */
  async run<T>(timeoutMs: number, work: (signal: AbortSignal) => Promise<T>, cancel?: AbortSignal): Promise<T> {
    if (this.held >= this.maxConcurrent + this.maxQueue) {
      throw new Busy(`the server is busy (${this.maxConcurrent} scoring, ${this.maxQueue} waiting); retry later`);
    }
    if (cancel?.aborted) throw new Cancelled("the client went away");
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new AdmissionTimeout(`scoring did not finish within ${timeoutMs} ms`)), timeoutMs);
    const onCancel = (): void => controller.abort(new Cancelled("the client went away"));
    cancel?.addEventListener("abort", onCancel, { once: true });
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    try {
      if (this.running < this.maxConcurrent) this.running += 1;
      else {
        // A finishing request hands its slot straight to the oldest waiter (running is not
        // decremented in between, so no newcomer slips past the bound).
        let entry!: () => void;
        const turn = new Promise<void>((resolve) => {
          entry = resolve;
          this.waiting.push(entry);
        });
        try {
          await Promise.race([turn, aborted]);
        } catch (error) {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
          else this.release(); // the slot was handed over as the request gave up
          throw error;
        }
      }
      const settled = Promise.resolve()
        .then(() => work(controller.signal))
        .finally(() => this.release());
      settled.catch(() => undefined);
      // Answer at the timeout (or the disconnect) even if the work takes a while to stop.
      return await Promise.race([settled, aborted]).catch((error: unknown) => {
        throw controller.signal.aborted ? controller.signal.reason : error;
      });
    } finally {
      clearTimeout(timer);
      cancel?.removeEventListener("abort", onCancel);
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
