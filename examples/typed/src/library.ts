import { prompt, resource, tool } from "@mcpsmith/runtime";
import { type Book, type Borrower, type Genre, type NewBook, type Section, SortOrder } from "./catalog.js";

const BOOKS: Book[] = [
  {
    id: "b-1",
    title: "The Left Hand of Darkness",
    author: "Ursula K. Le Guin",
    genre: "fiction",
    year: 1969,
    tags: ["classic"],
  },
  { id: "b-2", title: "The Guns of August", author: "Barbara W. Tuchman", genre: "history", year: 1962, tags: ["war"] },
  { id: "b-3", title: "The Selfish Gene", author: "Richard Dawkins", genre: "science", year: 1976, tags: ["biology"] },
];

/** What `search` finds. */
export interface SearchResult {
  books: Book[];
  /** How many books matched, before `limit`. */
  total: number;
}

/** Where `shelve` puts a book, also usable on its own. */
export function placeOn(place: {
  shelf: string;
  /** 1 is the top row. @integer @minimum 1 @maximum 8 */
  row: number;
}) {
  return `${place.shelf}/${place.row}`;
}

/** A small library. No schema is written anywhere: `mcpsmith build` derives them all from the types below. */
export class Library {
  readonly #books = [...BOOKS];
  readonly #loans = new Map<string, Borrower>();

  /**
   * Searches the catalog by words in the title or author.
   * @param args.query Words to look for (case-insensitive).
   */
  @tool({ readOnly: true })
  async search(args: {
    /** @minLength 1 */
    query: string;
    genre?: Genre;
    /** Only books published in or after this year. */
    since?: number;
    sort?: SortOrder;
    /** At most this many books. @integer @minimum 1 @maximum 50 @default 10 */
    limit?: number;
  }): Promise<SearchResult> {
    const words = args.query.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = this.#books.filter(
      (book) =>
        words.every((word) => `${book.title} ${book.author}`.toLowerCase().includes(word)) &&
        (args.genre === undefined || book.genre === args.genre) &&
        (args.since === undefined || book.year >= args.since),
    );
    if (args.sort === SortOrder.Newest) matches.sort((a, b) => b.year - a.year);
    if (args.sort === SortOrder.Title) matches.sort((a, b) => a.title.localeCompare(b.title));
    return { books: matches.slice(0, args.limit ?? 10), total: matches.length };
  }

  /** Adds a book to the catalog and returns its identifier. */
  @tool()
  addBook(args: { book: NewBook }): { id: string } {
    const id = `b-${this.#books.length + 1}`;
    this.#books.push({ ...args.book, id });
    return { id };
  }

  /** Lends a book to a member or a guest. */
  @tool({ destructive: false })
  lend(args: { bookId: string; to: Borrower; due?: Date }): { bookId: string; due: string | null } {
    if (!this.#books.some((book) => book.id === args.bookId)) throw new Error(`No book ${args.bookId}`);
    this.#loans.set(args.bookId, args.to);
    // A Date: the client sent its ISO 8601 text, which the runtime made a Date (the build found it in the type).
    return { bookId: args.bookId, due: args.due?.toISOString() ?? null };
  }

  /** Counts the sections and books of a reading list, however deeply it nests. */
  @tool({ readOnly: true })
  outline(args: { list: Section }): { sections: number; books: number; depth: number } {
    const walk = (section: Section, depth: number): { sections: number; books: number; depth: number } =>
      (section.sections ?? []).reduce(
        (sum, child) => {
          const inner = walk(child, depth + 1);
          return {
            sections: sum.sections + inner.sections,
            books: sum.books + inner.books,
            depth: Math.max(sum.depth, inner.depth),
          };
        },
        { sections: 1, books: section.books?.length ?? 0, depth },
      );
    return walk(args.list, 1);
  }

  /** Says where a book goes on the shelves. */
  @tool({ readOnly: true })
  shelve(args: Parameters<typeof placeOn>[0]): string {
    return `Shelve it at ${placeOn(args)}.`;
  }

  /** One book, as JSON. */
  @resource("library://books/{id}", { mimeType: "application/json" })
  book(variables: Record<string, string>) {
    const book = this.#books.find((entry) => entry.id === variables.id);
    if (!book) throw new Error(`No book ${variables.id}`);
    return JSON.stringify(book);
  }

  /** Asks the model for a short review of a book. */
  @prompt()
  review(args: {
    /** The book's title. */
    title: string;
  }) {
    return `Write a three-sentence review of "${args.title}" for the library's newsletter.`;
  }
}
