// The large corpus documents but Kubernetes (OpenAI, Box, DigitalOcean, GitHub), held to the promises
// test/openapi-corpus.test-support.ts lists; generate-openapi.corpus.test.ts takes the rest, beside this file.

import { CORPUS_GROUPS, describeCorpus } from "./openapi-corpus.test-support.js";

describeCorpus(CORPUS_GROUPS.large);
