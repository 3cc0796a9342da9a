// The drizzle client over a D1 binding, one per binding: building one walks the whole schema (drizzle's relational
// config, a few milliseconds of CPU on every request before), and the bindings live as long as the isolate.
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A drizzle client; `$client` is its D1 binding, for the raw SQL drizzle cannot write (FTS5 queries). */
export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

const clients = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    clients.set(d1, db);
  }
  return db;
}
