// The Worker as the worker benchmarks run it under Miniflare: the real app and Durable Object, with every D1 binding
// (the main database DB and each chat shard CHATS_<n>, worker/db/shards.ts) wrapped in the benchmark's environment
// only (never a branch in production code), so every D1 round trip, whichever database it goes to, can be delayed by
// D1_DELAY_MS, as if D1 were in a far region, and counted. Each binding also keeps what D1 reports of its statements
// (rows read and written, the database's size after), for the capacity figures. GET /__bench/d1 reads and resets the
// counts (GET /__bench/d1?keep reads them only): `calls` is every database's round trips together, `byDb` the
// figures per binding. GET /__bench/object-bytes?user=<id> answers the size of that user's Durable Object storage.
import { userHub } from "../../../durable-objects/user-hub-stub";
import worker, { UserHub as RealUserHub } from "../../../worker/index";
import { MAIN_SHARD, shardNames } from "../../../worker/db/shards";
import { wrapD1 } from "../../support/d1-wrapper";

/** What one D1 binding did since the last read, as D1 reports it in each result's meta. */
interface D1Use {
  /** Round trips: a statement run, a batch or an exec, each one wait for D1. */
  calls: number;
  /** Statements D1 ran (a batch of 3 is 3), each a query against D1's one-at-a-time limit. */
  statements: number;
  rowsRead: number;
  /** Rows written as D1 bills them: table rows, index entries and what triggers wrote (the FTS5 indexes). */
  rowsWritten: number;
  /** Milliseconds D1 spent running the statements (meta.duration): the time the database is busy, one at a time. */
  durationMs: number;
  /** Reads made with `raw()`: D1 answers them without a meta, so their rows are not in rowsRead. */
  withoutMeta: number;
  /** The database's size in bytes after its latest metered statement (D1's meta.size_after), null before one. */
  sizeAfter: number | null;
}

const newUse = (): D1Use => ({
  calls: 0,
  statements: 0,
  rowsRead: 0,
  rowsWritten: 0,
  durationMs: 0,
  withoutMeta: 0,
  sizeAfter: null,
});
const uses = new Map<string, D1Use>();
const d1UseOf = (name: string) => {
  let use = uses.get(name);
  if (!use) {
    use = newUse();
    uses.set(name, use);
  }
  return use;
};

const INNER = Symbol("metered statement");
/** A statement that writes rows (insert, update, delete), as drizzle builds them. */
const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/** The binding, recording the meta of each result into `use`. wrapD1 goes around it, so it sees batches' statements. */
function metered(inner: D1Database, use: D1Use): D1Database {
  const record = (meta: D1Meta | undefined) => {
    use.statements++;
    if (!meta) return;
    use.rowsRead += meta.rows_read ?? 0;
    use.rowsWritten += meta.rows_written ?? 0;
    use.durationMs += meta.duration ?? 0;
    if (typeof meta.size_after === "number") use.sizeAfter = meta.size_after;
  };
  const wrap = (stmt: D1PreparedStatement, writes: boolean): D1PreparedStatement => {
    const wrapped = {
      [INNER]: stmt,
      bind: (...values: unknown[]) => wrap(stmt.bind(...values), writes),
      // first() has no meta: read as all(), which has it, and answer as first() does
      first: async (column?: string) => {
        const result = await stmt.all<Record<string, unknown>>();
        record(result.meta);
        const row = result.results[0];
        if (row === undefined) return null;
        return column === undefined ? row : (row[column] ?? null);
      },
      run: async () => {
        const result = await stmt.run();
        record(result.meta);
        return result;
      },
      all: async () => {
        const result = await stmt.all();
        record(result.meta);
        return result;
      },
      raw: async (options?: { columnNames?: boolean }) => {
        if (!writes) {
          use.statements++;
          use.withoutMeta++;
          return options?.columnNames ? stmt.raw({ columnNames: true }) : stmt.raw();
        }
        // A write answered as arrays (drizzle's `returning()`): read as all(), which has the meta, and answered as
        // raw() does. Its rows come from one table, so their columns have distinct names, in order.
        const result = await stmt.all<Record<string, unknown>>();
        record(result.meta);
        const names = Object.keys(result.results[0] ?? {});
        const rows = result.results.map((row) => names.map((name) => row[name]));
        return options?.columnNames ? [names, ...rows] : rows;
      },
    };
    return wrapped as unknown as D1PreparedStatement;
  };
  const unwrap = (s: D1PreparedStatement) => (s as unknown as { [INNER]?: D1PreparedStatement })[INNER] ?? s;
  const db = {
    prepare: (query: string) => wrap(inner.prepare(query), WRITE.test(query)),
    batch: async (statements: D1PreparedStatement[]) => {
      const results = await inner.batch(statements.map(unwrap));
      for (const result of results) record(result.meta);
      return results;
    },
    exec: (query: string) => inner.exec(query),
    dump: () => inner.dump(),
    withSession: (constraint?: string) => inner.withSession(constraint),
  };
  return db as unknown as D1Database;
}

/**
 * The wrapped binding of each real one, made once: the bindings live as long as the isolate, and the app keeps one
 * drizzle client per binding object (worker/db/shards.ts), as it does in production.
 */
const wrappedBindings = new WeakMap<D1Database, D1Database>();

function wrapped(name: string, inner: D1Database, delayMs: number): D1Database {
  let db = wrappedBindings.get(inner);
  if (!db) {
    const use = d1UseOf(name);
    db = wrapD1(metered(inner, use), async () => {
      use.calls++;
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    });
    wrappedBindings.set(inner, db);
  }
  return db;
}

function benchEnv(env: Env & { D1_DELAY_MS?: string }): Env {
  const delayMs = Number(env.D1_DELAY_MS ?? 0);
  const all = env as unknown as Record<string, unknown>;
  const d1 = [MAIN_SHARD, ...shardNames(env)];
  return {
    ...env,
    ...Object.fromEntries(d1.map((name) => [name, wrapped(name, all[name] as D1Database, delayMs)])),
  };
}

export class UserHub extends RealUserHub {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, benchEnv(env));
  }

  /** RPC for the capacity figures: the bytes of this user's object storage (its SQLite database). */
  benchStorageBytes(): number {
    return this.ctx.storage.sql.databaseSize;
  }
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const url = new URL(request.url);
    if (url.pathname === "/__bench/d1") {
      const byDb = Object.fromEntries([...uses].map(([name, use]) => [name, { ...use }]));
      const calls = [...uses.values()].reduce((sum, use) => sum + use.calls, 0);
      // the counters start again (unless ?keep); the size stays what D1 last said
      if (!url.searchParams.has("keep"))
        for (const use of uses.values()) Object.assign(use, newUse(), { sizeAfter: use.sizeAfter });
      return Response.json({ calls, byDb });
    }
    if (url.pathname === "/__bench/object-bytes") {
      const hub = (await userHub(env, url.searchParams.get("user") ?? "")) as unknown as UserHub;
      return Response.json({ bytes: await hub.benchStorageBytes() });
    }
    return worker.fetch(request, benchEnv(env), ctx);
  },
} satisfies ExportedHandler<Env>;
