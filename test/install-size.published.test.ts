// The cold `npx @mcpsmith/cli` install beside dbhub's (`npx @bytebase/dbhub`), measured the same way through the
// same Verdaccio: an empty npm cache, the registry already holding every package (a first install through it
// fetched them from npm), then `npx -y -p PACKAGE -- node -e 0`, timed, and the folder npx installed into weighed.
// A measurement, not a test of speed: it asserts only that both installs worked. It runs on request
// (MCPSMITH_MEASURE_INSTALL=1) and prints the figures bench/README.md reports.

import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Published, publishPackages } from "./support/published.js";

const MEASURE = process.env.MCPSMITH_MEASURE_INSTALL === "1";
const PACKAGES = ["@mcpsmith/cli", "@bytebase/dbhub@1.4.0"];

let published: Published;
beforeAll(async () => {
  if (MEASURE) published = await publishPackages();
}, 600_000);
afterAll(() => published?.close(), 60_000);

describe.runIf(MEASURE)("a cold npx install", () => {
  it("of the CLI and of dbhub, through the same registry", { timeout: 1_800_000 }, async () => {
    const rows: string[] = [];
    for (const pkg of PACKAGES) {
      // Fills the registry's storage, so the measured install reads every package from it, as both do.
      await npxInstall(pkg, "warm");
      const { seconds, megabytes, packages } = await npxInstall(pkg, "cold");
      rows.push(
        `${pkg.padEnd(24)} ${seconds.toFixed(1).padStart(6)} s ${megabytes.toFixed(1).padStart(7)} MB ${packages} packages`,
      );
    }
    console.log(`Cold npx install (empty npm cache, packages in the registry):\n${rows.join("\n")}`);
  });
});

async function npxInstall(pkg: string, label: string) {
  const folder = published.folder(`${label}-${pkg.replace(/[^\w]+/g, "-")}`);
  const cache = join(folder, "npm-cache");
  const started = performance.now();
  await published.run("npx", ["-y", "-p", pkg, "--", "node", "-e", "0"], folder, { npm_config_cache: cache });
  const seconds = (performance.now() - started) / 1000;
  const npx = join(cache, "_npx");
  const installs = readdirSync(npx);
  expect(installs).toHaveLength(1);
  const nodeModules = join(npx, installs[0]!, "node_modules");
  const kilobytes = Number(execFileSync("du", ["-sk", nodeModules], { encoding: "utf8" }).split("\t")[0]);
  const packages = readdirSync(nodeModules, { recursive: true, encoding: "utf8" }).filter((path) =>
    /(^|node_modules\/)(@[^/]+\/)?[^/@][^/]*\/package\.json$/.test(path),
  ).length;
  return { seconds, megabytes: kilobytes / 1024, packages };
}
