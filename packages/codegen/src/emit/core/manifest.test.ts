import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MANIFEST_FILE, readManifest, recordGeneration } from "./manifest.js";

const root = mkdtempSync(join(tmpdir(), "mcpsmith-manifest-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
const folder = () => mkdtempSync(join(root, `m${++counter}-`));

describe("mcpsmith.json", () => {
  it("records a run, replaces it when the same kind writes the same output, and keeps other keys", () => {
    const dir = folder();
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ deploy: { region: "eu" } }));
    recordGeneration(dir, { kind: "ts", inputs: ["src/tools.ts"], options: {} });
    recordGeneration(dir, { kind: "ts", inputs: ["src"], options: { out: "src/gen/api.ts" } });
    recordGeneration(dir, { kind: "ts", inputs: ["src/tools.ts", "src/more.ts"], options: {} });
    expect(readManifest(dir)).toEqual({
      deploy: { region: "eu" },
      generate: [
        { kind: "ts", inputs: ["src/tools.ts", "src/more.ts"], options: {} },
        { kind: "ts", inputs: ["src"], options: { out: "src/gen/api.ts" } },
      ],
    });
  });

  it("leaves the file alone when nothing changes", () => {
    const dir = folder();
    const path = recordGeneration(dir, { kind: "ts", inputs: ["a.ts"], options: { transport: "http" } });
    const before = statSync(path).mtimeMs;
    const text = readFileSync(path, "utf8");
    recordGeneration(dir, { kind: "ts", inputs: ["a.ts"], options: { transport: "http" } });
    expect(readFileSync(path, "utf8")).toBe(text);
    expect(statSync(path).mtimeMs).toBe(before);
  });

  it("is absent, or refused with the reason", () => {
    expect(readManifest(folder())).toBeUndefined();
    const broken = folder();
    writeFileSync(join(broken, MANIFEST_FILE), "{ nope");
    expect(() => readManifest(broken)).toThrow(/mcpsmith\.json is not valid JSON/);
    const wrong = folder();
    writeFileSync(join(wrong, MANIFEST_FILE), JSON.stringify({ generate: [{ kind: "ts" }] }));
    expect(() => readManifest(wrong)).toThrow(/"generate" must be a list of/);
  });
});
