import type { ListingMode } from "../../ir/listing-modes.js";
import type { ProjectOptions } from "../core/project.js";

/** What the OpenAPI emitter takes beside the IR; the project's views read it too, without the emitter. */
export interface OpenApiProjectOptions extends ProjectOptions {
  /** The document, as the project refers to it (relative to the project folder), for headers and the README. */
  spec: string;
  /** What `createServer()` serves by default and `src/main.ts` without `--mode`. */
  mode: ListingMode;
}
