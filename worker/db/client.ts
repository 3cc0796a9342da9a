// The drizzle client over the D1 binding, created once per request by middleware (and by the Durable Object).
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A drizzle client; `$client` is its D1 binding, for the raw SQL drizzle cannot write (FTS5 queries). */
export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

export function createDb(d1: D1Database): Db {
  return drizzle(d1, { schema });
}
