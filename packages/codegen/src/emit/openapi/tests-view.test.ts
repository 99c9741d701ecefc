import { describe, expect, it } from "vitest";
import { loadOpenApi } from "../../sources/openapi/source.js";
import { specFile } from "../../sources/openapi/spec-file.test-support.js";
import { testsView } from "./tests-view.js";

describe("the generated project's own tests", () => {
  it("expect a path value encoded as the executor sends it: a Matrix room id's `!` as %21", async () => {
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.1.0",
        info: { title: "rooms", version: "1" },
        servers: [{ url: "https://matrix.example/_matrix/client/v3" }],
        paths: {
          "/rooms/{roomId}/event/{eventId}": {
            get: {
              operationId: "getOneRoomEvent",
              parameters: [
                { name: "roomId", in: "path", required: true, schema: { type: "string", examples: ["!room(1)*"] } },
                { name: "eventId", in: "path", required: true, schema: { type: "string", examples: ["$ev'1"] } },
              ],
              responses: { "200": { description: "ok", content: { "application/json": { schema: {} } } } },
            },
          },
        },
      }),
    );
    const [call] = testsView(ir, 50, "").calls;
    expect(call?.request).toContain("GET /rooms/%21room%281%29%2A/event/%24ev%271");
  });
});
