/**
 * The same tools as a server mcpsmith's generators write them (OpenAPI, database, TypeScript): JSON Schemas, no zod,
 * and an entry that turns Node's compile cache on before it loads the runtime (`@mcpsmith/runtime/compile-cache`,
 * then `import()`; Node 22 and later, nothing on Node 20), and imports the runtime's lean entry
 * (`@mcpsmith/runtime/lean`), which loads the SDK (and zod) only once its stdio front has answered a host's opening.
 * Start-up is what it is here for: a host starts every configured server at launch. The schemas are those mcpsmith derives from mcpsmith.ts's zod shapes, so the answers
 * are the same bytes.
 */
import "@mcpsmith/runtime/compile-cache";
import type * as Runtime from "@mcpsmith/runtime/lean";
import { fillerName, SERVER_NAME, TOOL } from "../protocol.js";
import { announce, parseServerArgs } from "./args.js";

const args = parseServerArgs(process.argv.slice(2));
const { serve, server }: typeof Runtime = await import("@mcpsmith/runtime/lean");

const ECHO = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };
const FILLER = {
  type: "object",
  properties: { text: { type: "string" }, count: { type: "integer" } },
  required: ["text"],
};

const app = server({ name: SERVER_NAME, version: "1.0.0", options: { pageSize: Math.max(args.tools, 1) } }).tool(
  TOOL,
  { description: "Echo the text back", input: ECHO },
  ({ text }) => text as string,
);
for (let i = 1; i < args.tools; i++) {
  app.tool(
    fillerName(i),
    { description: `Filler tool number ${i}: echo the text back`, input: FILLER },
    ({ text }) => text as string,
  );
}

if (args.transport === "stdio") {
  await serve(app, { transport: "stdio", fastPath: args.fastPath });
} else {
  const handle = await serve(app, {
    transport: "http",
    fastPath: args.fastPath,
    http: { host: "127.0.0.1", port: 0 },
  });
  announce(handle.url!.href);
}
