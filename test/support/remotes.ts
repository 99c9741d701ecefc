// Remote MCP servers written with the bare official SDK (test/fixtures/remotes/remote-server.mjs), and configs that
// compose them as `mcpsmith serve` does.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readConfig } from "../../packages/codegen/dist/compose/config/index.js";
import type { Composition } from "../../packages/codegen/dist/compose/index.js";
import { composeConfig } from "../../packages/codegen/dist/compose/index.js";
import { ROOT, type SpawnedHttpServer, spawnHttpServer } from "./servers.js";

export const REMOTE_SERVER = join(ROOT, "test/fixtures/remotes/remote-server.mjs");

export type RemoteSdk = "v1" | "v2";

/** The `mcp` entry of a config for a remote of this SDK: a command the proxy starts, or an HTTP server's URL. */
export function stdioRemote(sdk: RemoteSdk) {
  return { command: process.execPath, args: [REMOTE_SERVER, "--sdk", sdk] };
}

export async function httpRemote(sdk: RemoteSdk): Promise<SpawnedHttpServer> {
  return spawnHttpServer(REMOTE_SERVER, ["--sdk", sdk, "--http", "0"]);
}

export interface ConfigFolder {
  dir: string;
  /** Writes the config (tools mode unless it says otherwise) and composes it as `mcpsmith serve` does. */
  compose(config: Record<string, unknown>, warn?: (message: string) => void): Promise<Composition>;
  remove(): void;
}

export function configFolder(): ConfigFolder {
  const dir = mkdtempSync(join(tmpdir(), "mcpsmith-remote-"));
  return {
    dir,
    async compose(config, warn) {
      const file = join(dir, "mcpsmith.config.json");
      writeFileSync(file, JSON.stringify({ name: "gateway", mode: "tools", ...config }));
      return composeConfig(await readConfig(file, dir), { authenticated: false, ...(warn && { warn }) });
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
