// The SDK bound at once (src/sdk.ts): imported first by the package's entries that use it (not the lean and code-mode
// ones), so that the modules that take the SDK's values from sdk.ts have them before any of the entry's code runs.
import * as server from "@modelcontextprotocol/server";
import * as ajv from "@modelcontextprotocol/server/validators/ajv";
import { installSdk } from "./sdk.js";

installSdk(server, ajv);
