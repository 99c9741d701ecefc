import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * `pnpm test:quick`: the tier to run while working. Unit tests beside the code and in-memory protocol tests;
 * left out are the files that sweep the corpus, install or type-check whole projects, run the conformance suite,
 * start registries or other runtimes, need the database services, or churn for leaks. CI runs everything
 * (`pnpm test`).
 */
export const SLOW_TESTS = [
  // Sweeps of the third-party corpus (every document, every schema, the largest specs).
  "**/*corpus*.test.ts",
  "**/*msgraph*.test.ts",
  "**/*github*.test.ts",
  "test/serve-openapi.budget.test.ts",
  "test/serve-openapi.startup.test.ts",
  "test/serve-openapi.test.ts",
  "packages/codegen/src/sources/openapi/plain-yaml.test.ts",
  "packages/codegen/src/sources/database/tools/lower.test.ts",
  "test/code-mode.declarations.test.ts",
  // Generated or scaffolded projects installed, type-checked, linted, built and run.
  "test/generate-*.test.ts",
  "packages/cli/src/commands/new.*.test.ts",
  "packages/cli/src/commands/progress.interactive.test.ts",
  "packages/create-mcpsmith/src/bin.test.ts",
  // The CLI's commands run as processes, each starting servers of its own (the in-memory tests of the same
  // commands' parts stay in the quick tier).
  "packages/cli/src/commands/{inspect,dev,dev.config,list,call,doctor,build}.test.ts",
  "test/{serve-db,code-mode.cli,stdio.hygiene,compose,telemetry.otlp}.test.ts",
  // Remote MCP servers started as processes of their own, behind a composed server.
  "test/compose-remote*.test.ts",
  // The official conformance suite, and the fast path compared with the SDK path over real processes.
  "test/conformance*.test.ts",
  "test/fast-path.differential.test.ts",
  // Real PostgreSQL, MariaDB and Redis (the dialect features read each DDL from the real server too).
  "packages/codegen/src/sources/database/features.test.ts",
  "**/*.services.test.ts",
  "test/sql-executor.{postgres,mariadb}.test.ts",
  "test/*.redis.test.ts",
  // Child processes run for minutes: leak churn, the published path, other runtimes.
  "**/*.leak.test.ts",
  "**/*.published.test.ts",
  "**/*.runtimes.test.ts",
  // Remote MCP servers behind a served config: dying and started again (reconnect waits), input rounds.
  "test/compose-remote.{changes,input}.test.ts",
  // A real headless Chromium driving a page (the dev page).
  "**/*.browser.test.ts",
  // The SQLite suites run again under Node 22, for node:sqlite.
  "test/sql-executor.sqlite.node22.test.ts",
];

/**
 * Files that need a fresh module graph of their own: OpenTelemetry's global providers, and which modules a command
 * loads. The others share their worker's modules (no isolation), which saves the tier most of its import time; the
 * full suite (`pnpm test`) isolates every file.
 */
const ISOLATED = ["test/telemetry.spans.test.ts", "packages/cli/src/commands/registry.test.ts"];

export default mergeConfig(
  base,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: { name: "shared", isolate: false, exclude: [...configDefaults.exclude, ...SLOW_TESTS, ...ISOLATED] },
        },
        // Not extended: the base's include list would be merged into this one, not replaced.
        { test: { name: "isolated", include: ISOLATED, testTimeout: 30_000, hookTimeout: 30_000 } },
      ],
    },
  }),
);
