/** 1234 -> "1,234". */
export function thousands(count: number): string {
  return count.toLocaleString("en-US");
}

/** A duration for the log: "12 ms", "1.2 s". */
export function duration(ms: number | undefined): string {
  if (ms === undefined) return "…";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** A time of day for the log: "14:03:07". */
export function clock(at: number): string {
  return new Date(at).toLocaleTimeString("en-GB", { hour12: false });
}
