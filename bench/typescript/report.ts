/** The tables `pnpm bench --only typescript` prints: cold extraction side by side, incremental, schema notes. */
import { table } from "../runtime/stats.js";
import { differences } from "./compare.js";
import type { ExtractorName } from "./extractors/extractor.js";
import type { Figures, Incremental } from "./measure.js";

export const PEERS = ["typescript-json-schema", "ts-json-schema-generator"] as const satisfies ExtractorName[];
const SHORT: Record<ExtractorName, string> = {
  "typescript-json-schema": "tjs 0.68",
  "ts-json-schema-generator": "tsjsg 2.10",
  mcpsmith: "mcpsmith",
};

/**
 * The targets: cold at most half of each peer's time; incremental at most a tenth of our own cold time (the
 * same cold time: load + extract).
 */
export const COLD_TARGET = 0.5;
export const INCREMENTAL_TARGET = 0.1;

export interface SizeResult {
  tools: number;
  files: number;
  cold: Partial<Record<ExtractorName, Figures>>;
  /** mcpsmith's cold runs with an empty code cache: the first run on a machine (measure.ts). */
  firstRun?: Figures;
  incremental?: Incremental;
}

const ms = (value: number) => value.toFixed(value < 100 ? 1 : 0);
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const verdict = (met: boolean) => (met ? "PASS" : "MISS");

function coldRow(
  size: SizeResult,
  label: string,
  pick: (f: Figures) => number,
  format: (v: number) => string,
  target: boolean,
  ours = size.cold.mcpsmith,
): string[] {
  const cells = [
    `${size.tools} tools: ${label}`,
    ...PEERS.map((peer) => format(pick(size.cold[peer]!))),
    ours ? format(pick(ours)) : "pending",
  ];
  const ratios = PEERS.map((peer) => (ours ? pick(ours) / pick(size.cold[peer]!) : Number.NaN));
  cells.push(...ratios.map((ratio) => (Number.isNaN(ratio) ? "-" : `${ratio.toFixed(2)}x`)));
  if (!target) cells.push("");
  else if (!ours) cells.push("pending");
  else cells.push(`<= ${COLD_TARGET.toFixed(2)}x both: ${verdict(ratios.every((ratio) => ratio <= COLD_TARGET))}`);
  return cells;
}

export function coldTable(sizes: readonly SizeResult[]): string {
  const header = ["cold extraction", ...PEERS.map((p) => SHORT[p]), "mcpsmith", "vs tjs", "vs tsjsg", "target"];
  const rows = sizes.flatMap((size) => [
    coldRow(size, "load + extract, wall (ms)", (f) => f.totalMs, ms, true),
    coldRow(size, "load + extract, CPU (ms)", (f) => f.totalCpuMs, ms, true),
    ...(size.firstRun
      ? [
          coldRow(size, "first run, wall (ms)", (f) => f.totalMs, ms, false, size.firstRun),
          coldRow(size, "first run, CPU (ms)", (f) => f.totalCpuMs, ms, false, size.firstRun),
        ]
      : []),
    coldRow(size, "extract only, wall (ms)", (f) => f.coldMs, ms, false),
    coldRow(size, "peak RSS (MB)", (f) => f.maxRssBytes, mb, false),
  ]);
  return table([header, ...rows]);
}

/**
 * Re-extraction as a share of our cold time: judged against the cold time of the cold target (load + extract, a
 * fresh process, what starting `mcpsmith dev` costs before its first edit); also printed against the extraction
 * alone, without loading the compiler (stricter: an edit never loads it).
 */
export function incrementalTable(sizes: readonly SizeResult[]): string {
  const header = [
    "mcpsmith re-extraction, 1 file edited",
    "wall (ms)",
    "/ cold",
    "/ extract only",
    "CPU (ms)",
    "/ cold",
    "/ extract only",
    `target <= ${INCREMENTAL_TARGET.toFixed(2)}x of cold`,
  ];
  const rows = sizes.flatMap((size) => {
    const cold = size.cold.mcpsmith;
    const update = size.incremental;
    if (!cold || !update) return [[`${size.tools} tools`, "pending", "-", "-", "pending", "-", "-", "pending"]];
    return (
      [
        ["first edit after start", update.first],
        ["later edits", update.later],
      ] as const
    ).map(([which, figures]) => {
      const wall = figures.wallMs / cold.totalMs;
      const cpu = figures.cpuMs / cold.totalCpuMs;
      return [
        `${size.tools} tools, ${which}`,
        ms(figures.wallMs),
        `${wall.toFixed(3)}x`,
        `${(figures.wallMs / cold.coldMs).toFixed(3)}x`,
        ms(figures.cpuMs),
        `${cpu.toFixed(3)}x`,
        `${(figures.cpuMs / cold.coldCpuMs).toFixed(3)}x`,
        `wall ${verdict(wall <= INCREMENTAL_TARGET)}, CPU ${verdict(cpu <= INCREMENTAL_TARGET)}`,
      ];
    });
  });
  return table([header, ...rows]);
}

/**
 * Compares the sample types' schemas across the extractors (mcpsmith as the reference when it ran) and says,
 * type by type, where they differ in substance.
 */
export function schemaNotes(size: SizeResult): string[] {
  const names = Object.keys(size.cold).filter((name) => size.cold[name as ExtractorName]?.samples) as ExtractorName[];
  const [reference, ...others] = names.includes("mcpsmith")
    ? (["mcpsmith", ...names.filter((n) => n !== "mcpsmith")] as ExtractorName[])
    : names;
  if (!reference) return ["schemas: no samples to compare"];
  const samples = size.cold[reference]!.samples!;
  const notes: string[] = [];
  let same = 0;
  for (const type of Object.keys(samples)) {
    const differing = others.flatMap((other) => {
      const found = differences(samples[type], size.cold[other]!.samples![type]);
      return found.map((where) => `    ${SHORT[reference]} vs ${SHORT[other]} at ${where}`);
    });
    if (differing.length === 0) same++;
    else notes.push(`  note: ${type} differs in substance:`, ...differing);
  }
  const total = Object.keys(samples).length;
  return [
    `schemas (${size.tools} tools): ${same} of ${total} sample types the same in substance in ${[reference, ...others].map((n) => SHORT[n]).join(", ")}`,
    ...notes,
  ];
}

export function settingsLines(settings: Record<string, string>): string[] {
  return Object.entries(settings).map(([name, text]) => `  ${SHORT[name as ExtractorName]}: ${text}`);
}
