/**
 * The Chinook task: the five best-selling artists with their albums, from the bundled SQLite database. What an agent
 * would do with the database's tools: one SQL query for the artists, then their albums.
 */

/** What every mode's script must end with. */
export type ChinookAnswer = { artist: string; albums: string[] }[];

export const TOP_ARTISTS_SQL = `SELECT ar.ArtistId AS id, ar.Name AS name, SUM(il.UnitPrice * il.Quantity) AS sales
FROM InvoiceLine il JOIN Track t ON t.TrackId = il.TrackId JOIN Album al ON al.AlbumId = t.AlbumId
JOIN Artist ar ON ar.ArtistId = al.ArtistId GROUP BY ar.ArtistId ORDER BY sales DESC LIMIT 5`;

const albumsArgs = (ids: readonly number[]) => ({
  where: { ArtistId: { in: ids } },
  select: ["ArtistId", "Title"],
  limit: 1000,
});

const albumsSql = (ids: readonly number[]) =>
  `SELECT ArtistId, Title FROM Album WHERE ArtistId IN (${ids.join(", ")}) ORDER BY AlbumId`;

type Call = (name: string, args: Record<string, unknown>) => Promise<unknown>;
type Row = Record<string, unknown>;

function answerOf(top: Row[], albums: Row[]): ChinookAnswer {
  return top.map((artist) => ({
    artist: artist.name as string,
    albums: albums.filter((album) => album.ArtistId === artist.id).map((album) => album.Title as string),
  }));
}

/** Tools mode: `query`, then `list_Album` for those artists. */
export async function chinookByTools(call: Call): Promise<ChinookAnswer> {
  const top = ((await call("query", { sql: TOP_ARTISTS_SQL })) as { rows: Row[] }).rows;
  const albums = (await call("list_Album", albumsArgs(top.map((row) => row.id as number)))) as { rows: Row[] };
  return answerOf(top, albums.rows);
}

/** Discovery mode (the database's many-tables tools): `query` twice. */
export async function chinookByQueries(call: Call): Promise<ChinookAnswer> {
  const top = ((await call("query", { sql: TOP_ARTISTS_SQL })) as { rows: Row[] }).rows;
  const albums = (await call("query", { sql: albumsSql(top.map((row) => row.id as number)) })) as { rows: Row[] };
  return answerOf(top, albums.rows);
}

export const CHINOOK_CODE = `
const top = (await api.query({ sql: ${JSON.stringify(TOP_ARTISTS_SQL)} })).rows;
const ids = top.map((row) => row.id as number);
const { rows } = await api.list_Album({ where: { ArtistId: { in: ids } }, select: ["ArtistId", "Title"], limit: 1000 });
return top.map((artist) => ({
  artist: artist.name,
  albums: rows.filter((album) => album.ArtistId === artist.id).map((album) => album.Title),
}));`;

export const CHINOOK_SEARCHES = ["run SQL query", "albums"];
