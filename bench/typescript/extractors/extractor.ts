/**
 * What the worker needs from each schema extractor: load the library (timed apart from the work), extract the
 * schemas of a set of named types from the fixture, and hand back a self-contained schema per type.
 */
import type { Fixture } from "../fixture/project.js";

export type JsonSchema = { [key: string]: unknown };

export type ExtractorName = "mcpsmith" | "typescript-json-schema" | "ts-json-schema-generator";

export interface Extraction {
  /** How many of the asked-for types got a schema: anything short of all of them fails the run. */
  produced: number;
  /** A self-contained schema for one asked-for type (its references resolvable within it). */
  schemaFor(typeName: string): JsonSchema;
}

export interface Extractor {
  /** Extracts every type in `fixture.typeNames`, from nothing (a fresh program). */
  cold(fixture: Fixture): Extraction;
  /**
   * After `file` changed on disk, extracts again reusing what can be reused, as `mcpsmith dev` does.
   * Only mcpsmith offers this; the peers have no incremental mode.
   */
  update?(file: string): Extraction;
}

/** The settings each extractor ran with, printed under the table so the comparison can be judged. */
export interface ExtractorModule {
  load(): Promise<Extractor>;
  settings: string;
  /** Why this extractor cannot run here (e.g. not built yet), or undefined when it can. */
  unavailable?(): string | undefined;
}
