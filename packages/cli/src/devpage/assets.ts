import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface PageAsset {
  type: string;
  body: Buffer;
}

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/** Where the page's files are: built into the CLI package by scripts/build-page.mjs (nothing is fetched at run time). */
export const PAGE_FOLDER = fileURLToPath(new URL("../page/", import.meta.url));

/** The page's files by path, read once: a few small files, served from memory. */
export function pageAssets(folder = PAGE_FOLDER): Map<string, PageAsset> {
  const assets = new Map<string, PageAsset>();
  for (const name of readdirSync(folder, { recursive: true, encoding: "utf8" })) {
    const type = TYPES[extname(name)];
    if (type === undefined || name.endsWith(".map")) continue;
    assets.set(name.split("\\").join("/"), { type, body: readFileSync(join(folder, name)) });
  }
  return assets;
}
