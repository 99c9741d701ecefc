// The small and middling corpus documents and Kubernetes, held to the promises test/openapi-corpus.test-support.ts
// lists; generate-openapi.corpus-large.test.ts takes the other large documents, beside this file.

import { CORPUS_GROUPS, describeCorpus } from "./openapi-corpus.test-support.js";

describeCorpus(CORPUS_GROUPS.withKubernetes);
