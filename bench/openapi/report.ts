/** The tables `pnpm bench --only openapi` prints: generation side by side, type-checks, discovery tokens. */
import { table } from "../runtime/stats.js";
import type { DiscoveryResult } from "./discovery-worker.js";
import type { GeneratorName } from "./generators.js";
import type { Generation, Startup } from "./measure.js";
import type { SpecName } from "./specs.js";
import type { TypeCheck } from "./typecheck.js";

/** The issue's targets: generation within the peer's time and memory; discovery tools/list under 2,000 tokens. */
export const GENERATION_TARGET = 1.0;
export const DISCOVERY_TOKEN_TARGET = 2000;
/** The target: `--mode tools` starts within twice discovery mode's time to the first tools/list and peak RSS. */
export const STARTUP_TARGET = 2.0;

export interface SpecResult {
  name: SpecName;
  operations: number;
  generation: Record<GeneratorName, Generation>;
  typeCheck: Partial<Record<GeneratorName, TypeCheck>>;
  discovery?: DiscoveryResult | { failure: string };
}

/** `mcpsmith serve openapi` started in each mode. */
export interface StartupResult {
  name: SpecName;
  startup: Record<"tools" | "discovery", Startup | { failure: string }>;
}

const PEER: GeneratorName = "openapi-mcp-generator";
const OURS: GeneratorName = "mcpsmith";
const seconds = (ms: number) => (Number.isNaN(ms) ? "-" : (ms / 1000).toFixed(ms < 10_000 ? 2 : 1));
const mb = (bytes: number | undefined) =>
  bytes === undefined || Number.isNaN(bytes) ? "-" : (bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0);
const verdict = (met: boolean) => (met ? "PASS" : "MISS");

function generationRow(
  spec: SpecResult,
  label: string,
  pick: (g: Generation) => number,
  format: (v: number) => string,
  target: boolean,
  pending: boolean,
): string[] {
  const [peer, ours] = [spec.generation[PEER], spec.generation[OURS]];
  const cell = (g: Generation) => (g.failure ? "failed" : format(pick(g)));
  const comparable = !peer.failure && !ours.failure;
  const ratio = comparable ? pick(ours) / pick(peer) : Number.NaN;
  let goal = "";
  if (target) {
    if (pending) goal = "pending (IR only)";
    else if (ours.failure) goal = "MISS (mcpsmith failed)";
    else if (peer.failure) goal = "PASS (peer failed)";
    else goal = `<= ${GENERATION_TARGET.toFixed(2)}x: ${verdict(ratio <= GENERATION_TARGET)}`;
  }
  return [`${spec.name}: ${label}`, cell(peer), cell(ours), Number.isNaN(ratio) ? "-" : `${ratio.toFixed(2)}x`, goal];
}

export function generationTable(specs: readonly SpecResult[], pending: boolean): string {
  const header = ["generation", "openapi-mcp-gen", pending ? "mcpsmith (IR)" : "mcpsmith", "ratio", "target"];
  const rows = specs.flatMap((spec) => [
    generationRow(spec, "wall (s)", (g) => g.wallMs, seconds, true, pending),
    generationRow(spec, "CPU (s)", (g) => g.cpuMs, seconds, false, pending),
    generationRow(spec, "peak RSS (MB)", (g) => g.maxRssBytes, mb, true, pending),
    generationRow(spec, "output (MB)", (g) => g.outputBytes ?? Number.NaN, mb, false, pending),
  ]);
  return table([header, ...rows]);
}

function checkCell(check: TypeCheck | undefined, generation: Generation, pick: (c: TypeCheck) => string): string {
  if (generation.failure) return "no output";
  if (!check) return "pending";
  return pick(check);
}

function errorsOf(check: TypeCheck): string {
  if (!check.completed) return `did not finish: ${check.failure}`;
  if (check.clean) return "0 (type-checks)";
  const codes = check.codes
    .slice(0, 4)
    .map(([code, count]) => `${code}x${count}`)
    .join(" ");
  const missing =
    check.missingPackageErrors > 0 ? `; ${check.missingPackageErrors} of them: packages not installed` : "";
  return `${check.errors} (${codes}${check.codes.length > 4 ? " ..." : ""}${missing})`;
}

/** Errors of the generated code itself, not of packages this workspace lacks (the peer's axios and dotenv). */
function ownErrors(check: TypeCheck): number {
  return check.completed ? check.errors - check.missingPackageErrors : Number.POSITIVE_INFINITY;
}

/**
 * The issue's type-check target is GitHub's: ours type-checks and the peer's does not. The peer is judged on the
 * errors of its own code, so a package missing from this workspace does not count against it.
 */
function typeCheckGoal(spec: SpecResult): string {
  if (spec.name !== "github") return "";
  const ours = spec.typeCheck[OURS];
  if (!ours) return "pending";
  const peer = spec.typeCheck[PEER];
  const peerFails = !peer || ownErrors(peer) > 0;
  return `ours clean, peer not: ${verdict(ours.clean && peerFails)}`;
}

export function typeCheckTable(specs: readonly SpecResult[]): string {
  const header = ["tsc --noEmit", "openapi-mcp-gen", "mcpsmith", "target"];
  const rows = specs.flatMap((spec) => {
    const cells = (label: string, pick: (c: TypeCheck) => string, goal = "") => [
      `${spec.name}: ${label}`,
      checkCell(spec.typeCheck[PEER], spec.generation[PEER], pick),
      checkCell(spec.typeCheck[OURS], spec.generation[OURS], pick),
      goal,
    ];
    return [
      cells("errors", errorsOf, typeCheckGoal(spec)),
      cells("wall (s)", (c) => seconds(c.run.wallMs)),
      cells("peak RSS (MB)", (c) => mb(c.run.maxRssBytes)),
    ];
  });
  return table([header, ...rows]);
}

export function discoveryTable(specs: readonly SpecResult[]): string {
  const header = ["mcpsmith tools/list", "operations", "tools mode", "discovery", "target"];
  const rows = specs.map((spec) => {
    const result = spec.discovery;
    if (!result) return [spec.name, String(spec.operations), "-", "not measured", ""];
    if ("failure" in result) return [spec.name, String(spec.operations), "-", "failed", `MISS (${result.failure})`];
    return [
      spec.name,
      String(result.operations),
      `~${result.toolsModeTokens.toLocaleString("en-US")} tokens`,
      `${result.discoveryTools} tools, ~${result.discoveryTokens.toLocaleString("en-US")} tokens`,
      `< ${DISCOVERY_TOKEN_TARGET.toLocaleString("en-US")}: ${verdict(result.discoveryTokens < DISCOVERY_TOKEN_TARGET)}`,
    ];
  });
  return table([header, ...rows]);
}

/** `title` heads the first column: `mcpsmith serve start-up` or `generated project start-up`. */
export function startupTable(specs: readonly StartupResult[], title = "mcpsmith serve start-up"): string {
  const header = [title, "discovery", "tools", "tools/discovery", "target"];
  const rows = specs.flatMap((spec) => {
    const { tools, discovery } = spec.startup;
    const row = (label: string, pick: (run: Startup) => number | undefined, format: (value: number) => string) => {
      const cell = (run: Startup | { failure: string }) => {
        if ("failure" in run) return "failed";
        const value = pick(run);
        return value === undefined ? "-" : format(value);
      };
      const [ours, base] = [
        "failure" in tools ? undefined : pick(tools),
        "failure" in discovery ? undefined : pick(discovery),
      ];
      const ratio = ours !== undefined && base !== undefined ? ours / base : Number.NaN;
      const goal =
        "failure" in tools
          ? `MISS (${tools.failure})`
          : Number.isNaN(ratio)
            ? "-"
            : `<= ${STARTUP_TARGET.toFixed(1)}x: ${verdict(ratio <= STARTUP_TARGET)}`;
      return [
        `${spec.name}: ${label}`,
        cell(discovery),
        cell(tools),
        Number.isNaN(ratio) ? "-" : `${ratio.toFixed(2)}x`,
        goal,
      ];
    };
    return [
      row("first tools/list (s)", (run) => run.firstListMs, seconds),
      row(
        "peak RSS (MB)",
        (run) => run.peakRssBytes,
        (bytes) => mb(bytes),
      ),
    ];
  });
  return table([header, ...rows]);
}

/** What each output's type-check resolved against, and what stood in or was missing. */
export function linkNotes(specs: readonly SpecResult[]): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const spec of specs) {
    for (const [name, check] of Object.entries(spec.typeCheck)) {
      const deps = check.linked.dependencies
        .map((dep) => `${dep.name} ${dep.wanted} -> ${dep.version ?? "MISSING"}${dep.note ? ` (${dep.note})` : ""}`)
        .join("; ");
      const line = `  ${name}: tsc ${check.linked.tsc.version}; ${deps}`;
      if (!seen.has(line)) lines.push(line);
      seen.add(line);
    }
  }
  return lines;
}

export function failureNotes(specs: readonly SpecResult[]): string[] {
  return specs.flatMap((spec) =>
    Object.entries(spec.generation).flatMap(([name, generation]) => [
      ...(generation.failure ? [`  ${spec.name}, ${name}: generation failed: ${generation.failure}`] : []),
      ...(generation.reportedFailures > 0
        ? [
            `  ${spec.name}, ${name}: "Failed to stringify schema for tool ..." ${generation.reportedFailures} times ` +
              "(circular schemas): those tools were written with {} as input schema, and the run exited 0",
          ]
        : []),
    ]),
  );
}
