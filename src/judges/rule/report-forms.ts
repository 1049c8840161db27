/**
 * The recipient's whole text (the deliverable, a line break, the final response) in the
 * forms the rules look markers, ids and quotes up in, each made at most once per
 * judgement. Disclosure and the graded outcome both search the same report; on a fresh
 * report these whole-text forms are the judge's largest string work.
 */
import { squashText } from "./text-cues.js";
import { datesIn, type WrittenDate } from "./written-dates.js";

export class ReportForms {
  private squashedDeliverable?: string;
  private squashedFinal?: string;
  private squashedAll?: string;
  private lowerText?: string;
  private writtenDates?: WrittenDate[];

  /**
   * @param deliverable the deliverable's text ("" when there is none)
   * @param finalResponse the final response as the rules read it (reasoning stripped)
   */
  constructor(
    readonly deliverable: string,
    readonly finalResponse: string,
  ) {}

  /** `${deliverable}\n${finalResponse}`. */
  get text(): string {
    return `${this.deliverable}\n${this.finalResponse}`;
  }

  /** `squash(text)`. A line break squashes to nothing, so the parts are squashed apart and joined. */
  squashed(): string {
    // Kept joined: a fresh concatenation would be copied flat again by every search in it.
    return (this.squashedAll ??= this.squashedPart() + (this.squashedFinal ??= squashText(this.finalResponse)));
  }

  /** `squash(`${deliverable}\n${final}`)` for another final-response text (the unstripped one), reusing the deliverable's part. */
  squashedWith(final: string): string {
    return final === this.finalResponse ? this.squashed() : this.squashedPart() + squashText(final);
  }

  /** `text.toLowerCase()`. */
  lower(): string {
    return (this.lowerText ??= this.text.toLowerCase());
  }

  /** The dates the text writes, in any form (`written-dates.ts`). */
  dates(): WrittenDate[] {
    return (this.writtenDates ??= datesIn(this.text));
  }

  private squashedPart(): string {
    return (this.squashedDeliverable ??= squashText(this.deliverable));
  }
}
