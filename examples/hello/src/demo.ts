/**
 * The README's demo: serves examples/hello over stdio and over Streamable HTTP, drives each with the
 * official MCP client (2025-11-25 over stdio, 2026-07-28 over HTTP) and prints what comes back.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const MAIN = fileURLToPath(new URL("./main.js", import.meta.url));

async function exercise(client: Client, label: string): Promise<void> {
  console.log(`\n== ${label}: protocol era "${client.getProtocolEra()}" ==`);
  const { tools } = await client.listTools();
  console.log(`tools/list -> ${tools.map((t) => t.name).join(", ")}`);

  const show = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    const text = result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join(" ");
    console.log(`tools/call ${name} ${JSON.stringify(args)} -> ${result.isError ? "isError: " : ""}${text}`);
  };
  await show("add", { a: 2, b: 40 });
  await show("greet", { name: "Ada", language: "french" });
  await show("forecast", { city: "Oslo", days: 2 });
  await show("divide", { a: 1, b: 0 });
  await show("add", { a: "two", b: 3 });

  const steps: number[] = [];
  await client.callTool({ name: "count", arguments: { n: 3 } }, { onprogress: (p) => steps.push(p.progress) });
  console.log(`tools/call count {"n":3} -> progress ${steps.join(", ")}`);

  const about = await client.readResource({ uri: "hello://greetings/japanese" });
  console.log(
    `resources/read hello://greetings/japanese -> ${"text" in about.contents[0]! ? about.contents[0].text : "(blob)"}`,
  );
  const completion = await client.complete({
    ref: { type: "ref/resource", uri: "hello://greetings/{language}" },
    argument: { name: "language", value: "s" },
  });
  console.log(`completion/complete language "s" -> ${completion.completion.values.join(", ")}`);
  const prompt = await client.getPrompt({ name: "introduce", arguments: { name: "Ada", style: "pirate" } });
  const first = prompt.messages[0]?.content;
  console.log(`prompts/get introduce -> ${first?.type === "text" ? first.text : "(non-text)"}`);
}

async function overStdio(): Promise<void> {
  const client = new Client({ name: "mcpsmith-demo", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [MAIN] }));
  try {
    await exercise(client, "stdio");
  } finally {
    await client.close();
  }
}

/** Starts `main.js --http 0` and resolves with the URL it prints once it listens. */
function startHttp(): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, [MAIN, "--http", "0"], { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match) resolve({ child, url: new URL(match[1]!) });
    });
    child.once("exit", (code) => reject(new Error(`HTTP server exited early (code ${code}): ${seen}`)));
  });
}

async function overHttp(): Promise<void> {
  const { child, url } = await startHttp();
  console.log(`\nHTTP server listening on ${url.href}`);
  const client = new Client(
    { name: "mcpsmith-demo", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  try {
    await client.connect(new StreamableHTTPClientTransport(url));
    await exercise(client, "Streamable HTTP");
    await client.close();
  } finally {
    child.kill("SIGTERM");
  }
}

await overStdio();
await overHttp();
console.log(
  "\nDone: the same decorated class answered a 2025-11-25 client over stdio and a 2026-07-28 client over HTTP.",
);
