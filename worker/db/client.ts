// The drizzle client over the D1 binding, created once per request by middleware (and by the Durable Object).
import { drizzle } from "drizzle-orm/d1";
import type { Db } from "../env";
import * as schema from "./schema";

export function createDb(d1: D1Database): Db {
  return drizzle(d1, { schema });
}
