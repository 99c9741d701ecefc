// Microsoft Graph (msgraph-v1-apisguru.json, 11,412 tools in --mode tools) held to the corpus's wire check, every
// tool called through the official client against the recording upstream (test/support/openapi-wire.ts), on the
// served back end only: its generated project's type-check takes minutes and ~3 GB (bench/README.md), so it stays
// out of generate-openapi.corpus*.test.ts. `serve openapi` and the generated project are built from the same IR and
// send through the same HTTP executor, and every other corpus document holds both back ends to the same bytes.

import { describeServedWire } from "./openapi-corpus.test-support.js";

describeServedWire(["msgraph-v1-apisguru.json"]);
