import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { ROOT } from "./servers.js";

export interface PrebuiltMirror {
  /** What an install needs in its environment to download the prebuilt module from here. */
  env: Record<string, string>;
  /** How many times the module was downloaded (each install of better-sqlite3 should have). */
  downloads(): number;
  close(): Promise<void>;
}

/**
 * What users' machines get when they install better-sqlite3: its prebuilt native module, which its install script
 * (prebuild-install) downloads from the project's releases. This machine reaches no host but the npm registry, so the
 * download comes from a loopback server instead, named by `npm_config_better_sqlite3_binary_host` as prebuild-install
 * reads it: the module this workspace compiled at its own install, packed the way a release asset is. Without it,
 * every install would compile better-sqlite3 from source (a minute each here), which users never wait for.
 */
export async function servePrebuiltSqlite(tmp: string): Promise<PrebuiltMirror> {
  const packageDir = dirname(createRequire(join(ROOT, "package.json")).resolve("better-sqlite3/package.json"));
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };
  const asset = join(tmp, "better-sqlite3-prebuilt.tar.gz");
  execFileSync("tar", ["czf", asset, "-C", packageDir, "build/Release/better_sqlite3.node"]);
  const body = readFileSync(asset);
  const path = `/v${version}/better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  let downloads = 0;
  const server = createServer((request, response) => {
    if (request.url !== path) {
      response.writeHead(404).end();
      return;
    }
    downloads++;
    response.writeHead(200, { "content-type": "application/gzip", "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    env: { npm_config_better_sqlite3_binary_host: `http://127.0.0.1:${port}` },
    downloads: () => downloads,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
