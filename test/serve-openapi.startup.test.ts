// Every corpus document starts in `--mode tools` (see serve-openapi-startup.test-support.ts). Microsoft Graph's input
// schemas reaching the whole document are listed loosened (codegen's ir/listed-input.ts): about 20 MB of tools/list
// where they made gigabytes; its arguments are still checked against the full schemas.

import { corpusDocuments } from "@mcpsmith/corpus";
import { describe, it } from "vitest";
import { expectToolsModeStartup } from "./serve-openapi-startup.test-support.js";

const SPECS = [...corpusDocuments("openapi"), "digitalocean-multifile/specification/DigitalOcean-public.v2.yaml"];

describe("--mode tools starts on every corpus document", () => {
  it.each(SPECS)("%s: lists every tool in time, and refuses a bad argument naming it", { timeout: 600_000 }, (spec) =>
    expectToolsModeStartup(spec),
  );
});
