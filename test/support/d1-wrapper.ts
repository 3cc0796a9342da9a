// A D1 binding around the real one that reports every round trip to D1 (a statement run, a batch, an exec) before
// making it, and may delay it: the workerd tests count the round trips a chat turn makes before its first token, and
// the benchmark delays each one by 50 ms to show what a far-away D1 region would cost. Statements are wrapped too,
// and unwrapped again for batch, which only takes the runtime's own statements.
const INNER = Symbol("inner statement");

type Kind = "first" | "run" | "all" | "raw" | "batch" | "exec";

export function wrapD1(inner: D1Database, before: (kind: Kind) => void | Promise<void>): D1Database {
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = {
      [INNER]: stmt,
      bind: (...values: unknown[]) => wrap(stmt.bind(...values)),
      first: async (column?: string) => {
        await before("first");
        return column === undefined ? stmt.first() : stmt.first(column);
      },
      run: async () => {
        await before("run");
        return stmt.run();
      },
      all: async () => {
        await before("all");
        return stmt.all();
      },
      raw: async (options?: { columnNames?: boolean }) => {
        await before("raw");
        return options?.columnNames ? stmt.raw({ columnNames: true }) : stmt.raw();
      },
    };
    return wrapped as unknown as D1PreparedStatement;
  };
  const unwrap = (s: D1PreparedStatement) => (s as unknown as { [INNER]?: D1PreparedStatement })[INNER] ?? s;
  const db = {
    prepare: (query: string) => wrap(inner.prepare(query)),
    batch: async (statements: D1PreparedStatement[]) => {
      await before("batch");
      return inner.batch(statements.map(unwrap));
    },
    exec: async (query: string) => {
      await before("exec");
      return inner.exec(query);
    },
    dump: () => inner.dump(),
    withSession: (constraint?: string) => inner.withSession(constraint),
  };
  return db as unknown as D1Database;
}
