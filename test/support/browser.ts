// A real headless Chromium for tests that use a page as a person would: Debian's `chromium` package, driven by
// playwright-core (which downloads nothing). .ci/run installs the package; without it the tests skip, or fail under
// MCPSMITH_REQUIRE_SERVICES=1 (CI), as for the database services.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { REQUIRE_SERVICES } from "./services.js";

export const CHROMIUM = "/usr/bin/chromium";

/** The flags of a quiet, sandbox-free headless run that talks to nothing but the page it is sent to. */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (REQUIRE_SERVICES)
    throw new Error(`${CHROMIUM} is missing and MCPSMITH_REQUIRE_SERVICES=1 (apt-get install chromium).`);
  console.warn(`Skipping the browser tests: no ${CHROMIUM} (apt-get install chromium).`);
  return false;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium with a new, empty profile of its own, removed when it closes. */
export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "mcpsmith-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1400, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
