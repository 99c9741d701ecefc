import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./servers.js";

/** The folders of the packages we publish, in dependency order (each is published after what it depends on). */
export const PUBLIC_PACKAGES = ["runtime", "codegen", "cli", "create-mcpsmith"] as const;

export interface PackedPackage {
  name: string;
  version: string;
  /** The package's folder in this repository. */
  dir: string;
  /** The `.tgz` pnpm made: `workspace:` ranges replaced by versions, `files` applied, `prepack` run. */
  tarball: string;
  bytes: number;
}

/**
 * Packs every public package with `pnpm pack`, as a release would (build first: the tarballs take dist/ as it is),
 * into `into`. pnpm, not npm: only pnpm rewrites our `workspace:*` ranges.
 */
export function packPublicPackages(into: string): PackedPackage[] {
  return PUBLIC_PACKAGES.map((folder) => {
    const dir = join(ROOT, "packages", folder);
    const { name, version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
      name: string;
      version: string;
    };
    const before = new Set(readdirSync(into));
    execFileSync("pnpm", ["pack", "--pack-destination", into], { cwd: dir, stdio: "pipe" });
    const made = readdirSync(into).filter((file) => file.endsWith(".tgz") && !before.has(file));
    if (made.length !== 1) throw new Error(`pnpm pack in ${dir} made ${made.length} tarballs: ${made.join(", ")}`);
    const tarball = join(into, made[0]!);
    return { name, version, dir, tarball, bytes: statSync(tarball).size };
  });
}
