import { serve } from "@mcpsmith/runtime";
import { Hello } from "./hello.js";

// `node dist/main.js` serves over stdio; `node dist/main.js --http [port]` over Streamable HTTP on /mcp.
const httpFlag = process.argv.indexOf("--http");
const port = httpFlag >= 0 ? Number(process.argv[httpFlag + 1] ?? 3000) : undefined;

await serve(new Hello(), {
  name: "hello",
  version: "1.0.0",
  instructions: "Example tools: arithmetic, greetings, a forecast, progress and cancellation.",
  ...(port !== undefined && { http: { port: Number.isNaN(port) ? 3000 : port } }),
});
