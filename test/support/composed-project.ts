// A project composing every source kind (test/fixtures/compose): the petstore document, the Chinook SQLite
// database, annotated TypeScript and a module of decorated classes, in a temporary folder whose node_modules link
// this workspace's packages, with its mcpsmith.config.* written by the test.

import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { ROOT } from "./servers.js";

export interface ComposedProject {
  dir: string;
  /** Writes `name` (e.g. `mcpsmith.config.json`) into the project; an object is written as JSON. */
  write(name: string, content: string | object): string;
  remove(): void;
}

export function composedProject(prefix = "mcpsmith-compose-"): ComposedProject {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(ROOT, "test/fixtures/compose"), dir, { recursive: true });
  copyFileSync(corpusFile("openapi/petstore3-oas30.yaml"), join(dir, "petstore.yaml"));
  copyFileSync(corpusFile("sql/chinook.sqlite"), join(dir, "chinook.sqlite"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "acme", version: "1.0.0", type: "module" }));
  mkdirSync(join(dir, "node_modules/@mcpsmith"), { recursive: true });
  for (const name of ["runtime", "cli"]) {
    symlinkSync(join(ROOT, "packages", name), join(dir, "node_modules/@mcpsmith", name), "dir");
  }
  symlinkSync(join(ROOT, "node_modules/zod"), join(dir, "node_modules/zod"), "dir");
  return {
    dir,
    write(name, content) {
      const path = join(dir, name);
      writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The config the end-to-end tests serve: every kind, each with transforms; `baseUrl` is the mock petstore's. */
export function acmeConfig(baseUrl: string, mode = "auto") {
  return {
    name: "acme",
    version: "2.0.0",
    instructions: "Everything acme runs.",
    mode,
    sources: {
      pets: {
        openapi: "./petstore.yaml",
        baseUrl,
        tags: ["pet"],
        tools: {
          exclude: ["uploadFile"],
          rename: { getPetById: "pet" },
          describe: { findPetsByStatus: "Pets with the sold status." },
          bind: { findPetsByStatus: { status: "sold" } },
        },
      },
      music: {
        database: "./chinook.sqlite",
        tables: ["Artist", "Album", "Genre"],
        tools: {
          include: ["list_*", "get_*", "query"],
          rename: { list_Artist: "artists" },
          bind: { list_Album: { "where.ArtistId.eq": { env: "ARTIST" } } },
        },
      },
      utils: {
        typescript: "./src/tools.ts",
        tools: { rename: { add: "sum" }, describe: { add: "Sum a and b." }, bind: { greet: { tenant: "acme" } } },
      },
      // Nothing listens there: an optional source that cannot load is left out with a warning.
      broken: { database: "postgres://nobody@127.0.0.1:1/none", optional: true },
      app: {
        module: "./src/app.ts",
        prefix: "",
        tools: { rename: { count: "count_letters" }, bind: { count: { upper: true } } },
      },
    },
  };
}

/** The tools the acme config serves, in order. */
export const ACME_TOOLS = [
  "pets_updatePet",
  "pets_addPet",
  "pets_findPetsByStatus",
  "pets_findPetsByTags",
  "pets_pet",
  "pets_updatePetWithForm",
  "pets_deletePet",
  "music_list_Album",
  "music_get_Album",
  "music_artists",
  "music_get_Artist",
  "music_list_Genre",
  "music_get_Genre",
  "music_query",
  "utils_sum",
  "utils_greet",
  "whoami",
  "count_letters",
  "ask",
  "progress",
  "announce",
];
