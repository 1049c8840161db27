/**
 * Progress of the coding builder on stderr (`dataset build`, `dataset build-coding`): the
 * extractor's lines as notes, then one progress bar per sandbox verification round.
 */
import type { CodingBuildProgress } from "../dataset/coding/build-coding.js";
import { ProgressBar } from "../io/progress-bar.js";

/** A printer for the builder's events; `prefix` starts every line (e.g. "coding: "). */
export function codingBuildProgress(prefix = ""): (event: CodingBuildProgress) => void {
  let bar: ProgressBar | undefined;
  const note = (text: string): void => (bar ? bar.note(text) : void process.stderr.write(`${text}\n`));
  return (event) => {
    if (event.stage === "extract") note(`${prefix}extract: ${event.message}`);
    else if (event.stage === "replan") note(`${prefix}replanning without ${event.excluded} failed tasks`);
    else {
      // A fresh bar per round, so the rate counts from that round's first verified pair.
      bar ??= new ProgressBar({ label: `${prefix}verify in sandbox`, total: event.total });
      bar.update(event.done, { total: event.total, errors: event.failed });
      if (event.done === event.total) {
        bar.finish();
        bar = undefined;
      }
    }
  };
}
