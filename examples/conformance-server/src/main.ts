import { serve } from "@mcpsmith/runtime";
import { CatalogFixtures } from "./catalog.js";
import { ContentFixtures } from "./content.js";
import { InputFixtures } from "./input.js";
import { ListChangeFixtures } from "./lists.js";
import { TaskFixtures } from "./tasks.js";

// HTTP by default, on /mcp:  node dist/main.js [--port N]   (or PORT / MCPSMITH_PORT; 0 picks a free port)
// stdio when asked:          node dist/main.js --stdio
// every request through the SDK's per-request server (serve's fastPath: false): add --no-fast-path
const args = process.argv.slice(2);
const stdio = args.includes("--stdio");
const fastPath = !args.includes("--no-fast-path");
const portFlag = args.findIndex((arg) => arg === "--port" || arg === "--http");
const portArg = portFlag >= 0 ? args[portFlag + 1] : undefined;
const port = portArg !== undefined && /^\d+$/.test(portArg) ? Number(portArg) : undefined;

// The server the official conformance suite (`@modelcontextprotocol/conformance`) tests: every tool, resource and
// prompt its scenarios call by name, with the behaviour each checks, after the SDK's reference
// `everythingServer.ts`. Written only with mcpsmith's decorators and context (no SDK registration), one class
// per area of the suite, served together as one server.
await serve(
  [new ContentFixtures(), new InputFixtures(), new ListChangeFixtures(), new CatalogFixtures(), new TaskFixtures()],
  {
    name: "mcpsmith-conformance-server",
    version: "1.0.0",
    instructions: "The fixtures of the official MCP conformance suite, served by mcpsmith.",
    fastPath,
    ...(stdio
      ? { transport: "stdio" as const }
      : { transport: "http" as const, http: port === undefined ? {} : { port } }),
  },
);
