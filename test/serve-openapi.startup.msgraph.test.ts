// Microsoft Graph's 11,422 tools start in `--mode tools` (see serve-openapi-startup.test-support.ts). Reading the
// document takes long on a busy machine, hence the long timeout (bench/README.md, "What the slow tests wait for").

import { describe, it } from "vitest";
import { expectToolsModeStartup } from "./serve-openapi-startup.test-support.js";

describe("--mode tools starts on msgraph", () => {
  it(
    "msgraph-v1-apisguru.json: lists every tool in time, and refuses a bad argument naming it",
    { timeout: 900_000 },
    () => expectToolsModeStartup("msgraph-v1-apisguru.json"),
  );
});
