import { describe, expect, it } from "vitest";
import { parseCommandArgs } from "../args/parse.js";
import { findCommand } from "../commands/registry.js";
import { CliError } from "../errors.js";
import { modeOf, sourceOptionsOf } from "./openapi-options.js";

const serve = await findCommand("serve")!.load();
/** The flags as `serve openapi` parses them from its command line. */
const parsed = (...flags: string[]) => parseCommandArgs(serve, ["openapi", "spec.yaml", ...flags]).values;

describe("the OpenAPI source's flags", () => {
  it("turn repeated and comma-separated lists into filters, only for the flags given", () => {
    const values = parsed(
      "--tags",
      "pet, store",
      "--tags",
      "user",
      "--exclude-methods",
      "DELETE",
      "--no-output-schema",
    );
    expect(sourceOptionsOf(values, "serve")).toEqual({
      include: { tags: ["pet", "store", "user"] },
      exclude: { methods: ["DELETE"] },
      includeDeprecated: false,
      outputSchema: false,
    });
  });

  it("read what mcpsmith.json recorded the same way as the command line", () => {
    const recorded = { operations: ["getPetById,addPet"], "include-deprecated": true, "max-name-length": "48" };
    const given = parsed("--operations", "getPetById,addPet", "--include-deprecated", "--max-name-length", "48");
    expect(sourceOptionsOf(recorded, "generate")).toEqual(sourceOptionsOf(given, "serve"));
    expect(sourceOptionsOf(recorded, "generate")).toMatchObject({ maxNameLength: 48, includeDeprecated: true });
  });

  it("refuse what is not a whole number or a mode, naming the command's help", () => {
    const usage = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return error instanceof CliError ? `${error.message} ${error.hint}` : error;
      }
      return undefined;
    };
    expect(usage(() => sourceOptionsOf({ "max-name-length": "4.5" }, "generate"))).toBe(
      '--max-name-length takes a whole number, got "4.5". Run `mcpsmith generate --help` for each option\'s meaning.',
    );
    expect(usage(() => modeOf({ mode: "fast" }, "generate"))).toBe(
      '--mode must be one of auto, tools, discovery, code; got "fast". Run `mcpsmith generate --help` for details.',
    );
    expect(modeOf({}, "serve")).toBe("auto");
  });
});
