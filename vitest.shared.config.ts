import { defineConfig } from "vitest/config";

/**
 * Opt-in checks against data kept beside the checkout (DECEPEVAL_SHARED): the real
 * upstream sample and the hand-labelled judge development sets. `npm test` does not run
 * them; `npm run test:shared` does.
 */
export default defineConfig({
  test: {
    include: ["test/shared/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
