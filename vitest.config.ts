import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Opt-in checks on data beside the checkout: vitest.shared.config.ts (npm run test:shared).
    exclude: ["test/shared/**", "**/node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
