/**
 * The one progress display on stderr, for every long job (run, rollout, judge, export,
 * dataset build): done/total, rate, ETA and errors, or a running count when the total is
 * unknown. Redrawn in place on a terminal; on a pipe or log file, a plain line every few
 * seconds and at the end, so logs stay readable.
 */
export interface ProgressBarOptions {
  /** Units to do; leave out for a running count (e.g. rows written). */
  total?: number;
  /** Units already done before this process started (resume). */
  initial?: number;
  label?: string;
  /** What a count of an open-ended job counts, e.g. "rows written" (no total). Default "done". */
  unit?: string;
  /** Show the error count (units that ended other than as they should). Default true. */
  errors?: boolean;
  stream?: NodeJS.WriteStream;
  /** Minimum ms between redraws. */
  intervalMs?: number;
}

/**
 * An ETA needs a steady rate. The first units of a concurrent job finish only after a full
 * unit's time plus warm-up (loading tokenizers, filling the worker pool), so a rate from
 * the start over-estimates the remaining time many times over (a one-minute quickstart
 * once showed ETA 41m). The rate is therefore measured from the first finished unit, and
 * no ETA is shown until this many more units and seconds have passed since it.
 */
const ETA_MIN_UNITS = 5;
const ETA_MIN_SECONDS = 2;

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "--";
  if (seconds < 60) return `${Math.round(seconds)}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`;
  return `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, "0")}m`;
}

export class ProgressBar {
  private done: number;
  private errors = 0;
  private total: number | undefined;
  private start = performance.now();
  private initial: number;
  private last = 0;
  /** When the first unit of this process finished, and the count then (the steady-rate origin). */
  private firstAt: number | undefined;
  private firstDone = 0;
  private drawnAt = -1;
  private onLine = false;
  private finished = false;
  private readonly stream: NodeJS.WriteStream;
  private readonly tty: boolean;

  constructor(private readonly o: ProgressBarOptions = {}) {
    this.initial = o.initial ?? 0;
    this.done = this.initial;
    this.total = o.total;
    this.stream = o.stream ?? process.stderr;
    this.tty = this.stream.isTTY === true;
  }

  /** Counts one finished unit; `error` when it ended other than `finished`. */
  tick(error = false): void {
    this.done += 1;
    if (error) this.errors += 1;
    this.markFirst();
    this.draw(false);
  }

  /**
   * Sets the counts of a job that reports them itself (done of total, errors so far). The
   * first report starts the clock, so a slow preparation does not drag the rate down.
   */
  update(done: number, counts: { total?: number; errors?: number } = {}): void {
    if (this.drawnAt < 0 && this.done === this.initial && done !== this.initial) {
      this.start = performance.now();
      this.initial = done;
    }
    this.done = done;
    this.markFirst();
    if (counts.total !== undefined) this.total = counts.total;
    if (counts.errors !== undefined) this.errors = counts.errors;
    this.draw(false);
  }

  private markFirst(): void {
    if (this.firstAt === undefined && this.done > this.initial) {
      this.firstAt = performance.now();
      this.firstDone = this.done;
    }
  }

  /** Units per second since the first finished unit, once enough have passed to trust it. */
  private steadyRate(now: number): number | null {
    if (this.firstAt === undefined) return null;
    const units = this.done - this.firstDone;
    const seconds = (now - this.firstAt) / 1000;
    return units >= ETA_MIN_UNITS && seconds >= ETA_MIN_SECONDS ? units / seconds : null;
  }

  /** Prints a message line without tearing the bar (it is redrawn below the message). */
  note(text: string): void {
    if (this.tty && this.onLine) this.stream.write("\r\x1b[K");
    this.stream.write(`${text}\n`);
    this.onLine = false;
    if (this.tty && this.drawnAt >= 0) this.draw(true);
  }

  /** The current line, without drawing it. */
  render(): string {
    const now = performance.now();
    const elapsed = (now - this.start) / 1000;
    const fresh = this.done - this.initial;
    const steady = this.steadyRate(now);
    const rate = steady ?? (elapsed > 0 ? fresh / elapsed : 0);
    const label = this.o.label ? `${this.o.label} ` : "";
    const errors = this.o.errors === false ? "" : ` errors ${this.errors}`;
    const total = this.total;
    if (total === undefined) return `${label}${this.done} ${this.o.unit ?? "done"} ${rate.toFixed(1)}/s${errors}`;
    // Until the rate is steady the ETA is unknown ("--"), not a guess.
    const eta = this.done >= total ? 0 : steady !== null && steady > 0 ? (total - this.done) / steady : Number.POSITIVE_INFINITY;
    const pct = total > 0 ? this.done / total : 1;
    const width = 24;
    const filled = Math.round(Math.min(1, pct) * width);
    const bar = `${"#".repeat(filled)}${"-".repeat(width - filled)}`;
    return `${label}[${bar}] ${this.done}/${total} ${(pct * 100).toFixed(0)}% ${rate.toFixed(1)}/s ETA ${duration(eta)}${errors}`;
  }

  draw(force: boolean): void {
    const now = performance.now();
    const interval = this.o.intervalMs ?? (this.tty ? 100 : 5000);
    const complete = this.total !== undefined && this.done >= this.total;
    if (!force && now - this.last < interval && !complete) return;
    if (!this.tty && this.drawnAt === this.done) return;
    this.last = now;
    this.drawnAt = this.done;
    if (!this.tty) this.stream.write(`${this.render()}\n`);
    else if (this.total === undefined) {
      // An open-ended count is never finished by its caller: leave the cursor at the line
      // start, so whatever is printed next writes over the count.
      this.stream.write(`\r${this.render()}\x1b[K\r`);
    } else {
      this.stream.write(`\r${this.render()}\x1b[K`);
      this.onLine = true;
    }
  }

  /** Draws the final state and ends the line; later calls do nothing. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    // An open-ended count that never drew has nothing to end.
    if (this.total === undefined && this.drawnAt < 0) return;
    this.draw(true);
    if (this.tty && this.onLine) this.stream.write("\n");
    this.onLine = false;
  }
}
