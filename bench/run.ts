/**
 * `pnpm bench`: runs the benchmark suites one after the other, each in its own Node process so neither warms the
 * other's caches:
 *
 *   node bench/dist/run.js [--quick] [--profile] [--only http,stdio,startup,memory,middleware,auth,telemetry,typescript,openapi,database,compose,scale,code-mode,soak]
 *
 * - runtime (`http`, `stdio`, `memory`; `startup` is stdio start-up alone, which `stdio` measures with the calls):
 *   mcpsmith against a hand-written SDK server; `middleware`: the price of an empty `use()` chain per tools/call;
 *   `auth`: the price of a JWT verified per request, cached JWKS; `telemetry`: the price of OpenTelemetry spans and
 *   metrics, with no provider and with one, on both paths (runtime/run.ts).
 * - `typescript`: schema extraction from TypeScript types against typescript-json-schema and
 *   ts-json-schema-generator (typescript/run.ts).
 * - `openapi`: OpenAPI -> MCP generation against openapi-mcp-generator (openapi/run.ts).
 * - `database`: database introspection and generation; the list_ round trip against the plain driver, the floor
 *   and dbhub (database/run.ts; `--profile` profiles the round trip, `--round-trip` leaves generation out).
 * - `compose`: a composed server (`mcpsmith.config.*` over four sources) against its sources served alone: start-up,
 *   CPU and peak memory (compose/run.ts).
 * - `scale`: tools/call throughput of one replica and of two behind a round-robin proxy, and notification latency
 *   through Redis from one replica to a listener on the other (scale/run.ts; skipped when Redis is not reachable).
 * - `code-mode`: round trips and bytes to the model of scripted tasks in tools, discovery and code mode, and the
 *   sandbox's cost per execution and per api call (code-mode/run.ts).
 * - `soak`: the server's memory under 10 minutes of mixed traffic of both eras (sessions, listen streams, tasks),
 *   its slope once warm (soak/run.ts; `--quick` is 4 minutes, `--minutes N` any length over 2).
 *
 * Without `--only`, everything runs (`--profile` alone means the runtime's HTTP profile). Other flags pass through.
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const RUNTIME_SECTIONS = ["http", "stdio", "startup", "memory", "middleware", "auth", "telemetry"];
/** Suites that run as one process each, in this order, after the runtime's. */
const SUITES = ["typescript", "openapi", "database", "compose", "scale", "code-mode", "soak"];

const argv = process.argv.slice(2);
const onlyAt = argv.indexOf("--only");
const passThrough = onlyAt < 0 ? argv : argv.filter((_, i) => i !== onlyAt && i !== onlyAt + 1);
const requested =
  onlyAt >= 0
    ? (argv[onlyAt + 1] ?? "").split(",").filter(Boolean)
    : argv.includes("--profile")
      ? ["http"]
      : [...RUNTIME_SECTIONS, ...SUITES];

const unknown = requested.filter((section) => !SUITES.includes(section) && !RUNTIME_SECTIONS.includes(section));
if (unknown.length > 0 || requested.length === 0) {
  console.error(
    `bench: unknown section(s) "${unknown.join(",")}" after --only; choose from ${[...RUNTIME_SECTIONS, ...SUITES].join(",")}`,
  );
  process.exit(2);
}

function runSuite(script: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(here, script), ...args], { stdio: "inherit" });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const runtimeSections = requested.filter((section) => RUNTIME_SECTIONS.includes(section));
let failed = 0;
if (runtimeSections.length > 0) {
  failed += (await runSuite("runtime/run.js", [...passThrough, "--only", runtimeSections.join(",")])) === 0 ? 0 : 1;
}
/** Suites that take `--profile` (the others would not know it). */
const PROFILED_SUITES = ["database"];
for (const suite of SUITES.filter((name) => requested.includes(name))) {
  const args = PROFILED_SUITES.includes(suite) ? passThrough : passThrough.filter((arg) => arg !== "--profile");
  failed += (await runSuite(`${suite}/run.js`, args)) === 0 ? 0 : 1;
}
process.exit(failed > 0 ? 1 : 0);
