/**
 * The library's data types, in a module of their own: the tools import them, and `mcpsmith build` follows the
 * imports (descriptions and tags included).
 */
import type { Int } from "@mcpsmith/runtime";

export type Genre = "fiction" | "history" | "science" | "poetry";

export enum SortOrder {
  Relevance = "relevance",
  Newest = "newest",
  Title = "title",
}

export interface Book {
  /** Stable identifier, e.g. `b-1`. */
  id: string;
  title: string;
  author: string;
  genre: Genre;
  /** Year of first publication. */
  year: Int;
  tags: readonly string[];
}

/** A book as it is added: everything but the identifier, which the library assigns. */
export type NewBook = Omit<Book, "id">;

/** Who borrows: a member by card number, or a guest who leaves a deposit. */
export type Borrower =
  | {
      kind: "member";
      /** Library card number. @pattern ^[0-9]{6}$ */
      card: string;
    }
  | {
      kind: "guest";
      name: string;
      /** In euros. @minimum 5 */
      deposit: number;
    };

/** A section of a reading list: a title and, optionally, sub-sections (to any depth). */
export interface Section {
  title: string;
  books?: string[];
  sections?: Section[];
}
