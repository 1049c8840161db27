import { describe, expect, it } from "vitest";
import { ProgressBar } from "../../src/io/progress-bar.js";

function sink(isTTY: boolean) {
  const out: string[] = [];
  return { out, stream: { isTTY, write: (s: string) => (out.push(s), true) } as unknown as NodeJS.WriteStream };
}

describe("ProgressBar", () => {
  it("shows done/total, percent, rate, ETA and errors, counting resumed units as done", () => {
    const s = sink(false);
    const bar = new ProgressBar({ total: 10, initial: 4, label: "run", stream: s.stream, intervalMs: 0 });
    bar.tick();
    bar.tick(true);
    expect(bar.render()).toMatch(/^run \[#{14}-{10}\] 6\/10 60% \d+\.\d\/s ETA (\d+s|--) errors 1$/);
    bar.finish();
    expect(s.out.every((l) => l.endsWith("\n"))).toBe(true);
    // A plain stream gets no duplicate line for an unchanged count.
    expect(s.out.filter((l) => l.includes(" 6/10 "))).toHaveLength(1);
  });

  it("redraws in place on a terminal", () => {
    const s = sink(true);
    const bar = new ProgressBar({ total: 2, stream: s.stream, intervalMs: 0 });
    bar.tick();
    bar.tick();
    bar.finish();
    expect(s.out[0]).toMatch(/^\r\[/);
    expect(s.out.at(-1)).toBe("\n");
  });
});

describe("ProgressBar for counts reported by the job", () => {
  it("takes done/total/errors from update, and notes a line without tearing the bar", () => {
    const s = sink(true);
    const bar = new ProgressBar({ label: "verify", stream: s.stream, intervalMs: 0 });
    bar.update(1, { total: 4, errors: 0 });
    bar.note("extract: 3 files");
    bar.update(4, { total: 4, errors: 1 });
    bar.finish();
    bar.finish();
    expect(s.out).toContain("extract: 3 files\n");
    expect(s.out.filter((l) => l === "\n")).toHaveLength(1);
    expect(bar.render()).toMatch(/^verify \[#{24}\] 4\/4 100% .* errors 1$/);
  });

  it("shows a running count when there is no total, and ends nothing it never drew", () => {
    const s = sink(false);
    const bar = new ProgressBar({ label: "sft:", unit: "rows written", errors: false, stream: s.stream, intervalMs: 0 });
    expect(bar.render()).toMatch(/^sft: 0 rows written \d+\.\d\/s$/);
    new ProgressBar({ stream: s.stream, errors: false }).finish();
    expect(s.out).toEqual([]);
    bar.update(1000);
    expect(s.out[0]).toMatch(/^sft: 1000 rows written/);
  });
});

describe("ProgressBar ETA", () => {
  it("shows no ETA until the rate is steady, then estimates from the first finished unit", () => {
    let now = 0;
    const real = performance.now;
    performance.now = () => now;
    try {
      const bar = new ProgressBar({ total: 100, stream: sink(false).stream, intervalMs: 0 });
      // Warm-up: the first unit finishes after 30 s (tokenizers, a full episode per worker).
      now = 30_000;
      bar.tick();
      expect(bar.render()).toMatch(/ETA --/);
      // Then units arrive 10 a second: a from-the-start rate would say ~50 min left.
      for (let i = 0; i < 20; i++) {
        now += 100;
        bar.tick();
      }
      expect(bar.render()).toMatch(/ 21\/100 .* 10\.0\/s ETA 8s /);
    } finally {
      performance.now = real;
    }
  });

  it("says -- rather than guessing from too few units", () => {
    let now = 0;
    const real = performance.now;
    performance.now = () => now;
    try {
      const bar = new ProgressBar({ total: 1000, stream: sink(false).stream, intervalMs: 0 });
      now = 3000;
      bar.update(1);
      now = 60_000;
      bar.update(3);
      expect(bar.render()).toMatch(/ETA --/);
    } finally {
      performance.now = real;
    }
  });
});
