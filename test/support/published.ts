import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CommandResult, commandLine, runCommand } from "./commands.js";
import { type PackedPackage, packPublicPackages } from "./packages.js";
import { type PrebuiltMirror, servePrebuiltSqlite } from "./prebuilt-sqlite.js";
import { type Registry, startRegistry, userEnv } from "./registry.js";

/**
 * Our packages as users get them: packed, published to a registry of the test's own, and installed from there by
 * a user with an empty home in folders outside this repository (under the system's temporary folder, where no
 * node_modules of ours is on the way up).
 */
export interface Published {
  packages: PackedPackage[];
  registry: Registry;
  /** A user's environment: this registry, an empty home, better-sqlite3 prebuilt as users download it. */
  env: Record<string, string>;
  /** A new empty folder outside the repository. */
  folder(name: string): string;
  /**
   * Runs `work` when one of two lanes is free: installs wait on the registry and the disk as much as on the CPU, so two
   * at a time finish sooner than one after the other, and more would only contend on a 2-core machine. The promise
   * is marked handled, so a flow no test awaited yet cannot fail the run before its test reports it.
   */
  inLane<T>(work: () => Promise<T>): Promise<T>;
  /** Runs a command as the user, failing with its output when it exits non-zero. */
  run(command: string, args: readonly string[], cwd: string, env?: Record<string, string>): Promise<CommandResult>;
  close(): Promise<void>;
}

export async function publishPackages(): Promise<Published> {
  const root = mkdtempSync(join(tmpdir(), "mcpsmith-published-"));
  const made: { registry?: Registry; mirror?: PrebuiltMirror } = {};
  try {
    mkdirSync(join(root, "tarballs"));
    const packages = packPublicPackages(join(root, "tarballs"));
    made.registry = await startRegistry(join(root, "registry"));
    for (const pkg of packages) await made.registry.publish(pkg);
    made.mirror = await servePrebuiltSqlite(root);
    const { registry, mirror } = made as Required<typeof made>;
    const env = userEnv(registry, join(root, "home"), mirror.env);
    const lanes = twoLanes();
    return {
      packages,
      registry,
      env,
      folder(name) {
        const dir = join(root, "work", name);
        mkdirSync(dir, { recursive: true });
        return dir;
      },
      inLane: lanes,
      async run(command, args, cwd, extra = {}) {
        const result = await runCommand(command, args, { cwd, env: { ...env, ...extra } });
        if (result.code !== 0) {
          throw new Error(`${commandLine(command, args)} (in ${cwd}) exited with ${result.code}:\n${result.output}`);
        }
        return result;
      },
      async close() {
        await Promise.all([registry.close(), mirror.close()]);
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all([made.registry?.close(), made.mirror?.close()]);
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

function twoLanes(): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return <T>(work: () => Promise<T>) => {
    const result = new Promise<T>((resolve, reject) => {
      // Counted when it starts, synchronously, so a lane freed is never taken twice.
      const start = () => {
        running++;
        work()
          .then(resolve, reject)
          .finally(() => {
            running--;
            waiting.shift()?.();
          });
      };
      if (running < 2) start();
      else waiting.push(start);
    });
    result.catch(() => {});
    return result;
  };
}
