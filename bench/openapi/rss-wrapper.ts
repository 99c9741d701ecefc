/**
 * Where GNU time is missing: runs a Node script in this process, as `node script ...args` would, and at exit writes
 * this process's CPU time and peak RSS as JSON to the report file (timed.ts reads it).
 *
 *   node bench/dist/openapi/rss-wrapper.js REPORT SCRIPT [ARGS...]
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [report, script, ...args] = process.argv.slice(2);
if (!report || !script) {
  process.stderr.write("usage: rss-wrapper.js REPORT SCRIPT [ARGS...]\n");
  process.exit(2);
}
process.on("exit", () => {
  const usage = process.resourceUsage();
  writeFileSync(
    report,
    JSON.stringify({ cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssBytes: usage.maxRSS * 1024 }),
  );
});
// The script sees the argv it would have had on its own.
process.argv = [process.argv[0]!, resolve(script), ...args];
await import(pathToFileURL(resolve(script)).href);
