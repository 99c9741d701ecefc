import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A poll waits for something another process or stream does (a remote counting a cancel, a notification): a
    // hang guard, not a speed assertion. Vitest's 1 s default ran out on a loaded 2-core CI machine.
    expect: { poll: { timeout: 10_000 } },
    // Spawned servers and real ports: keep files parallel but bounded on a 2-core machine.
    maxWorkers: 2,
    // Fails the run when a test left a process running (a server, a dev watcher), naming it.
    globalSetup: ["test/support/process-leaks.ts"],
    // Binds the SDK for unit tests that import the runtime's modules without an entry (packages/runtime/src/sdk.ts).
    setupFiles: ["test/support/sdk.ts"],
  },
  esbuild: { target: "es2022" },
});
