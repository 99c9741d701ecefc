import { openDirect } from "./database-direct.js";
import { MYSQL_URL, POSTGRES_URL } from "./services.js";

/** A database of the published-path tests' own on each server, so no other test's tables come and go in it. */
const NAME = "mcpsmith_published";

const BOOKS = [
  ["Middlemarch", 1871],
  ["Kindred", 1979],
  ["Pnin", 1957],
] as const;

export interface PublishedDatabases {
  postgres: string;
  mysql: string;
  /** The rows every engine's `books` table holds, in id order. */
  books: readonly (readonly [string, number])[];
  drop(): Promise<void>;
}

/** Creates the `books` database on PostgreSQL and MariaDB, anew (a run that died may have left one). */
export async function createPublishedDatabases(): Promise<PublishedDatabases> {
  const postgres = withDatabase(POSTGRES_URL, NAME);
  const mysql = withDatabase(MYSQL_URL, NAME);
  await recreate("postgres", POSTGRES_URL, `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await recreate("mysql", MYSQL_URL, `DROP DATABASE IF EXISTS ${NAME}`);
  for (const [dialect, url, key] of [
    ["postgres", postgres, "id SERIAL PRIMARY KEY"],
    ["mysql", mysql, "id INT AUTO_INCREMENT PRIMARY KEY"],
  ] as const) {
    const direct = await openDirect(dialect, url);
    try {
      await direct.run(`CREATE TABLE books (${key}, title VARCHAR(200) NOT NULL, year INT NOT NULL)`);
      for (const [title, year] of BOOKS)
        await direct.run("INSERT INTO books (title, year) VALUES (?, ?)", [title, year]);
    } finally {
      await direct.close();
    }
  }
  return {
    postgres,
    mysql,
    books: BOOKS,
    async drop() {
      await recreate("postgres", POSTGRES_URL, `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`, false);
      await recreate("mysql", MYSQL_URL, `DROP DATABASE IF EXISTS ${NAME}`, false);
    },
  };
}

async function recreate(dialect: "postgres" | "mysql", serverUrl: string, drop: string, create = true) {
  const direct = await openDirect(dialect, serverUrl);
  try {
    await direct.run(drop);
    if (create) await direct.run(`CREATE DATABASE ${NAME}`);
  } finally {
    await direct.close();
  }
}

function withDatabase(url: string, database: string): string {
  const changed = new URL(url);
  changed.pathname = `/${database}`;
  return changed.toString();
}
