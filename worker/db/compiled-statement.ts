// Statements whose SQL drizzle writes once per shape. Drizzle writes a statement's SQL anew on every call, walking its
// query tree (a tracing span, every column's name escaped, one parameter object per value): at the end of a turn,
// whose message upsert compares each of the row's columns with the row it meets, that was about a quarter of a short
// answer's CPU in the user's object under 50 concurrent streams (a CPU profile of workerd under the hot-path bench).
// Here drizzle writes the statement the first time a shape is seen (which values are given), with a named
// placeholder for each value, and every later call only binds its values, mapped as drizzle maps them for their
// columns (booleans as 0/1, JSON as text; null stays null). The result is a D1 statement, for the binding's batch.
import { is, Param, Placeholder, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "./client";

/** A statement drizzle can write: a query builder. */
interface Writable {
  toSQL(): { sql: string; params: unknown[] };
}

/** A placeholder for each value given (an undefined value is not given). */
export type Slots<V> = {
  [K in keyof V]-?: undefined extends V[K] ? Placeholder<K & string> | undefined : Placeholder<K & string>;
};

/**
 * A statement written by `write` from placeholders standing for `values` (one per value given), once per shape, and
 * bound to each call's values. `write` must use every slot it is given: a value without a placeholder is not saved.
 */
export function compiledStatement<V extends Record<string, unknown>>(
  write: (db: Db, slots: Slots<V>) => Writable,
): (db: Db, values: V) => D1PreparedStatement {
  const written = new Map<string, { sql: string; params: unknown[] }>();
  return (db, values) => {
    const given = Object.keys(values).filter((k) => values[k] !== undefined);
    const shape = given.join();
    let query = written.get(shape);
    if (!query) {
      const slots = Object.fromEntries(given.map((k) => [k, sql.placeholder(k)])) as Slots<V>;
      query = write(db, slots).toSQL();
      written.set(shape, query);
    }
    return db.$client.prepare(query.sql).bind(...bind(query.params, values));
  };
}

/** The statement's parameters with each placeholder's value, mapped for its column where it has one. */
function bind(params: unknown[], values: Record<string, unknown>): unknown[] {
  return params.map((p) => {
    if (is(p, Param) && is(p.value, Placeholder)) {
      const value = values[p.value.name];
      return value === null ? null : p.encoder.mapToDriverValue(value);
    }
    return is(p, Placeholder) ? values[p.name] : p;
  });
}

/** A query builder as a D1 statement, written now (for a batch's statements that are not compiled). */
export function statementOf(db: Db, builder: Writable & SQLWrapper): D1PreparedStatement {
  const { sql: text, params } = builder.toSQL();
  return db.$client.prepare(text).bind(...params);
}
