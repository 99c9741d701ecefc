#!/usr/bin/env node
import { Console } from "node:console";
import { main } from "./main.js";

// stdout carries what the command prints (JSON with --json, for a pipe): whatever a library writes with console
// (the SDK client's notices) goes to stderr instead.
globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });

// The only place that ends the process: main() resolves to the exit code.
process.exit(await main(process.argv.slice(2)));
