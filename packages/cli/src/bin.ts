#!/usr/bin/env node
// First: Node's compile cache (Node 22 and later) covers only what loads after it, so the CLI is loaded with import().
import "@mcpsmith/runtime/compile-cache";
import { Console } from "node:console";

// stdout carries what the command prints (JSON with --json, for a pipe): whatever a library writes with console
// (the SDK client's notices) goes to stderr instead.
globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });

// The only place that ends the process: main() resolves to the exit code. A pipe takes what is written
// asynchronously, so the process waits until both streams have handed everything over: exiting at once cut a
// listing longer than the pipe's buffer (64 KB) short.
const { main } = await import("./main.js");
const code = await main(process.argv.slice(2));
await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write("", done))));
process.exit(code);
