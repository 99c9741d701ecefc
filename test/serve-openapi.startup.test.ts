// Every corpus document starts in `--mode tools` (see serve-openapi-startup.test-support.ts), msgraph aside: each of
// its 11,422 tools lists an input schema carrying more than a thousand definitions, gigabytes of tools/list that no
// client can take (issue 14 leaves it open; discovery mode serves it, serve-openapi.budget.test.ts).

import { corpusDocuments } from "@mcpsmith/corpus";
import { describe, it } from "vitest";
import { expectToolsModeStartup } from "./serve-openapi-startup.test-support.js";

const SPECS = [
  ...corpusDocuments("openapi").filter((name) => !name.startsWith("msgraph")),
  "digitalocean-multifile/specification/DigitalOcean-public.v2.yaml",
];

describe("--mode tools starts on every corpus document", () => {
  it.each(SPECS)("%s: lists every tool in time, and refuses a bad argument naming it", { timeout: 600_000 }, (spec) =>
    expectToolsModeStartup(spec),
  );
});
