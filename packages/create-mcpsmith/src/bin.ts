#!/usr/bin/env node
import { main } from "@mcpsmith/cli";

// `npm create mcpsmith [dir] [flags]` is `mcpsmith new [dir] [flags]` (so `--help` shows the help of `new`).
const args = process.argv.slice(2);
const forwarded = args[0] === "--version" || args[0] === "-v" ? args : ["new", ...args];
process.exit(await main(forwarded));
