/**
 * A progress line on stderr: done/total, rate, ETA and errors. Redrawn in place on a
 * terminal; on a pipe or log file, a plain line every few seconds and at the end.
 */
export interface ProgressBarOptions {
  total: number;
  /** Units already done before this process started (resume). */
  initial?: number;
  label?: string;
  stream?: NodeJS.WriteStream;
  /** Minimum ms between redraws. */
  intervalMs?: number;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "--";
  if (seconds < 60) return `${Math.round(seconds)}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`;
  return `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, "0")}m`;
}

export class ProgressBar {
  private done: number;
  private errors = 0;
  private readonly start = performance.now();
  private readonly initial: number;
  private last = 0;
  private drawnAt = -1;
  private readonly stream: NodeJS.WriteStream;
  private readonly tty: boolean;

  constructor(private readonly o: ProgressBarOptions) {
    this.initial = o.initial ?? 0;
    this.done = this.initial;
    this.stream = o.stream ?? process.stderr;
    this.tty = this.stream.isTTY === true;
  }

  /** Counts one finished unit; `error` when it ended other than `finished`. */
  tick(error = false): void {
    this.done += 1;
    if (error) this.errors += 1;
    this.draw(false);
  }

  /** The current line, without drawing it. */
  render(): string {
    const { total } = this.o;
    const elapsed = (performance.now() - this.start) / 1000;
    const fresh = this.done - this.initial;
    const rate = elapsed > 0 ? fresh / elapsed : 0;
    const eta = rate > 0 ? (total - this.done) / rate : Number.POSITIVE_INFINITY;
    const pct = total > 0 ? this.done / total : 1;
    const width = 24;
    const filled = Math.round(pct * width);
    const bar = `${"#".repeat(filled)}${"-".repeat(width - filled)}`;
    const label = this.o.label ? `${this.o.label} ` : "";
    return `${label}[${bar}] ${this.done}/${total} ${(pct * 100).toFixed(0)}% ${rate.toFixed(1)}/s ETA ${duration(eta)} errors ${this.errors}`;
  }

  draw(force: boolean): void {
    const now = performance.now();
    const interval = this.o.intervalMs ?? (this.tty ? 100 : 5000);
    if (!force && now - this.last < interval && this.done < this.o.total) return;
    if (!this.tty && this.drawnAt === this.done) return;
    this.last = now;
    this.drawnAt = this.done;
    if (this.tty) this.stream.write(`\r${this.render()}\x1b[K`);
    else this.stream.write(`${this.render()}\n`);
  }

  /** Draws the final state and ends the line. */
  finish(): void {
    this.draw(true);
    if (this.tty) this.stream.write("\n");
  }
}
