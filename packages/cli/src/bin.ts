#!/usr/bin/env node
import { main } from "./main.js";

// The only place that ends the process: main() resolves to the exit code.
process.exit(await main(process.argv.slice(2)));
