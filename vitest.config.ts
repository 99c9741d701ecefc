import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Spawned servers and real ports: keep files parallel but bounded on a 2-core machine.
    maxWorkers: 2,
  },
  esbuild: { target: "es2022" },
});
