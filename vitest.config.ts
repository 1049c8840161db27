import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import HeavyFirstSequencer from "./test/helpers/heavy-first-sequencer.js";
import { ISOLATED_FILES } from "./test/helpers/isolated-files.js";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default (cores - 1) runs one file at a time on a 2-core machine; most files
    // wait on child processes and sockets, so two at once keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: HeavyFirstSequencer },
    // A folder per run for slow artifacts several files read (test/helpers/quickstart-run.ts).
    globalSetup: ["test/helpers/shared-dir.global.ts"],
    projects: [
      // Files that leave state behind in their process run each in a fresh one.
      { extends: true, test: { name: "isolated", include: ISOLATED_FILES, isolate: true } },
      // The rest reuse their worker's loaded modules (test/helpers/isolated-files.ts).
      {
        extends: true,
        test: {
          name: "shared",
          include: ["test/**/*.test.ts"],
          // test/shared/: opt-in checks on data beside the checkout (vitest.shared.config.ts, npm run test:shared).
          exclude: [...ISOLATED_FILES, "test/shared/**", "**/node_modules/**"],
          isolate: false,
        },
      },
    ],
  },
});
