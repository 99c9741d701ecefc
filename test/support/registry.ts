import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { runCommand, stopProcessGroup } from "./commands.js";
import { freePort } from "./free-port.js";
import type { PackedPackage } from "./packages.js";
import { ROOT } from "./servers.js";

/**
 * A private npm registry for the published-path tests: Verdaccio, started by the test on a free loopback port with
 * its storage in the test's temporary folder. Our packages are published to it and never looked up elsewhere;
 * every other package is proxied to the registry npm is configured with (the one place these tests reach beyond
 * 127.0.0.1), so an install from it is an install from npm with our packages released.
 */
export interface Registry {
  url: string;
  /** The user config naming this registry and the token that publishes to it. */
  npmrc: string;
  /** Publishes a packed package (`npm publish TARBALL`). */
  publish(pkg: PackedPackage): Promise<void>;
  close(): Promise<void>;
}

/**
 * The environment of a package manager run against the registry, as on a new user's machine: none of the npm_*
 * variables a script run by pnpm inherits (a `pnpm` user agent would make `npm create` scaffold a pnpm project), a
 * home folder and caches of its own (a cache could hold an earlier build of the same version of our packages), and
 * the registry named the way npm, pnpm, yarn and bun each read it. `extra` comes last.
 */
export function userEnv(registry: Registry, home: string, extra: Record<string, string> = {}): Record<string, string> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !/^(npm_|pnpm_|VITEST|PNPM_|NODE_OPTIONS$|INIT_CWD$)/i.test(entry[0]),
    ),
  );
  mkdirSync(join(home, "tmp"), { recursive: true });
  // yarn 1 alone refuses a dependency whose engines exclude this Node (create-mcpsmith's README says to set this).
  writeFileSync(join(home, ".yarnrc"), "ignore-engines true\n");
  return {
    ...inherited,
    HOME: home,
    // Native modules (better-sqlite3, when no prebuilt one answers) build against the machine's Node headers.
    ...(process.env.npm_config_nodedir && { npm_config_nodedir: process.env.npm_config_nodedir }),
    npm_config_userconfig: registry.npmrc,
    npm_config_registry: registry.url,
    npm_config_cache: join(home, ".npm"),
    npm_config_store_dir: join(home, ".pnpm-store"),
    npm_config_cache_dir: join(home, ".pnpm-cache"),
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
    // A package's metadata already in the cache is used as it is (npm and pnpm): as on a machine that installed
    // before, the installs after the first read the registry only for what they lack.
    npm_config_prefer_offline: "true",
    YARN_REGISTRY: registry.url,
    YARN_CACHE_FOLDER: join(home, ".yarn-cache"),
    // `yarn create` is `yarn global add`: as root, its folder and bin links would be the machine's (/usr/local), and
    // the next run would find this run's lockfile there, naming this registry's port.
    YARN_GLOBAL_FOLDER: join(home, ".yarn-global"),
    YARN_PREFIX: join(home, ".yarn-prefix"),
    // bunx and npm keep what they unpack under the temporary folder.
    TMPDIR: join(home, "tmp"),
    BUN_CONFIG_REGISTRY: registry.url,
    BUN_INSTALL_CACHE_DIR: join(home, ".bun-cache"),
    NO_COLOR: "1",
    ...extra,
  };
}

/** Ours: served from the private registry only, so a name taken on npm can never stand in for one of them. */
const OWN_PACKAGES = ["@mcpsmith/*", "create-mcpsmith"];

export async function startRegistry(root: string): Promise<Registry> {
  mkdirSync(join(root, "storage"), { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = join(root, "verdaccio.yaml");
  writeFileSync(config, verdaccioConfig(root, upstreamRegistry()));
  const bin = join(createRequire(join(ROOT, "package.json")).resolve("verdaccio/package.json"), "../bin/verdaccio");
  const child = spawn(process.execPath, [bin, "--config", config, "--listen", `127.0.0.1:${port}`], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8").on("data", (chunk: string) => {
      log = (log + chunk).slice(-20_000);
    });
  }
  try {
    await waitUntilUp(url, child, () => log);
    const npmrc = join(root, "npmrc");
    writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${await addUser(url)}\n`);
    return {
      url,
      npmrc,
      async publish(pkg) {
        const published = await runCommand("npm", ["publish", pkg.tarball, "--registry", url, "--access", "public"], {
          cwd: root,
          env: { ...process.env, npm_config_userconfig: npmrc, npm_config_update_notifier: "false" },
        });
        if (published.code !== 0) throw new Error(`npm publish ${pkg.name} failed:\n${published.output}`);
      },
      close: () => stopProcessGroup(child),
    };
  } catch (error) {
    await stopProcessGroup(child);
    throw new Error(`Verdaccio did not start: ${(error as Error).message}\n--- its log ---\n${log}`);
  }
}

/** The registry npm itself is configured with (npm's default, or the machine's own setting). */
function upstreamRegistry(): string {
  return execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).trim();
}

function verdaccioConfig(root: string, upstream: string): string {
  const own = OWN_PACKAGES.map(
    (pattern) => `  "${pattern}":\n    access: $all\n    publish: $authenticated\n    unpublish: $authenticated\n`,
  ).join("");
  return `storage: ${JSON.stringify(join(root, "storage"))}
auth:
  htpasswd:
    file: ${JSON.stringify(join(root, "htpasswd"))}
    max_users: 10
uplinks:
  npm:
    url: ${JSON.stringify(upstream)}
    timeout: 120s
    # A package's metadata is fetched from npm once per run, not again every two minutes (Verdaccio's default).
    maxage: 60m
    max_fails: 10
    fail_timeout: 1m
packages:
${own}  "**":
    access: $all
    publish: $authenticated
    proxy: npm
web:
  enable: false
server:
  keepAliveTimeout: 60
max_body_size: 50mb
log:
  type: stdout
  format: pretty
  level: warn
`;
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`);
    const answered = await fetch(`${url}-/ping`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer at ${url}-/ping within 60 s\n${log()}`);
}

/** `npm adduser` as the registry's API has it: the answer holds the token publishing needs. */
async function addUser(url: string): Promise<string> {
  const name = "mcpsmith-ci";
  const response = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password: "published-path-test", type: "user", roles: [] }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token)
    throw new Error(`adding a user answered ${response.status}: ${JSON.stringify(body)}`);
  return body.token;
}
