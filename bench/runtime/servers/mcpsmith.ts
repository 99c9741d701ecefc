/**
 * The same tools served by mcpsmith the way its README shows: a `server()` builder and `serve()`. `--no-fast-path`
 * serves them with `fastPath: false`, mcpsmith's own SDK path, to show what the fast path gains.
 */
import type * as Runtime from "@mcpsmith/runtime";
import * as z from "zod/v4";
import { echoObject, fillerName, SERVER_NAME, TOOL } from "../protocol.js";
import { announce, parseServerArgs } from "./args.js";

const args = parseServerArgs(process.argv.slice(2));
// Only with --telemetry: a program without a provider would not load the OpenTelemetry SDK, and start-up is measured.
if (args.telemetry) (await import("./telemetry.js")).registerTelemetry();
// MCPSMITH_BENCH_RUNTIME: another build of the runtime (an earlier commit's dist/index.js), to compare in one run.
const { serve, server }: typeof Runtime = await import(process.env.MCPSMITH_BENCH_RUNTIME ?? "@mcpsmith/runtime");

// The SDK answers tools/list in one page; mcpsmith pages lists at 500 entries by default. One page here, so both
// servers send the same 1,000-tool answer.
const app = server({ name: SERVER_NAME, version: "1.0.0", options: { pageSize: Math.max(args.tools, 1) } });
if (args.object) {
  app.tool(
    TOOL,
    {
      description: "Echo the text back",
      input: z.object({ text: z.string() }),
      output: z.object({ text: z.string(), length: z.number().int() }),
    },
    ({ text }) => echoObject(text),
  );
} else {
  app.tool(TOOL, { description: "Echo the text back", input: z.object({ text: z.string() }) }, ({ text }) => text);
}
// `--middleware N`: N middleware whose hooks only pass on, the price of the chain itself.
const passThrough: Runtime.Middleware = {
  http: (_exchange, next) => next(),
  request: (_request, next) => next(),
  tool: (_call, next) => next(),
};
for (let i = 0; i < args.middleware; i++) app.use({ ...passThrough });
for (let i = 1; i < args.tools; i++) {
  app.tool(
    fillerName(i),
    {
      description: `Filler tool number ${i}: echo the text back`,
      input: z.object({ text: z.string(), count: z.number().int().optional() }),
    },
    ({ text }) => text,
  );
}

if (args.transport === "stdio") {
  await serve(app, { transport: "stdio", fastPath: args.fastPath });
} else {
  // Only a server that verifies tokens loads the verifiers (and jose), as a program without auth would not import
  // them: start-up is measured. serve() exits the process on SIGTERM, which lets `--cpu-prof` write its profile.
  const auth = args.auth && {
    resource: args.auth.audience,
    authorizationServers: [args.auth.issuer],
    verifiers: (await import("@mcpsmith/runtime/auth")).jwtVerifier(args.auth),
  };
  const handle = await serve(app, {
    transport: "http",
    fastPath: args.fastPath,
    http: { host: "127.0.0.1", port: 0, ...(auth && { auth }) },
  });
  announce(handle.url!.href);
}
