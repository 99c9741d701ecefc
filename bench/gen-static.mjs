import { serve, server } from "@mcpsmith/runtime";
const t0 = process.cpuUsage();
const ms = () => { const u = process.cpuUsage(t0); return ((u.user + u.system) / 1000).toFixed(0); };
const marks = [];

marks.push(["runtime", ms()]);
const app = server({ name: "bench", version: "1.0.0" }).tool("echo",
  { description: "Echo the text back", input: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
  ({ text }) => text);
await serve(app, { transport: "stdio" });
marks.push(["serve", ms()]);
process.on("exit", () => { marks.push(["exit", ms()]); process.stderr.write(JSON.stringify(marks) + " " + Object.keys(globalThis).length + "\n"); });
