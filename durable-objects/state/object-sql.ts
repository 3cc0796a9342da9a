// The user's object keeps its state in its own SQLite (microseconds to read, local to the object). This is the thin
// layer every concern of that state shares: rows as plain records, and hot_meta, a small key-value table for the
// snapshots kept as JSON (the user row, paid periods, personalization) and the schema versions of the concerns.
export type Row = Record<string, SqlStorageValue>;

const META_SCHEMA = "CREATE TABLE IF NOT EXISTS hot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);";

export class ObjectSql {
  private readonly sql: SqlStorage;

  constructor(private readonly storage: DurableObjectStorage) {
    this.sql = storage.sql;
    this.sql.exec(META_SCHEMA);
  }

  /** Runs `fn` as one transaction: all of its writes or none. */
  transaction<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }

  exec(query: string, ...bindings: SqlStorageValue[]): SqlStorageCursor<Row> {
    return this.sql.exec<Row>(query, ...bindings);
  }

  rows(query: string, ...bindings: SqlStorageValue[]): Row[] {
    return this.exec(query, ...bindings).toArray();
  }

  meta(key: string): string | null {
    const [row] = this.rows("SELECT value FROM hot_meta WHERE key = ?", key);
    return row ? String(row.value) : null;
  }

  setMeta(key: string, value: string) {
    this.exec(
      "INSERT INTO hot_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      key,
      value,
    );
  }

  deleteMeta(key: string) {
    this.exec("DELETE FROM hot_meta WHERE key = ?", key);
  }

  /**
   * Deletes every row the object keeps (its user's account being deleted), in one transaction; the tables stay, and so
   * do the schema versions in hot_meta (keys ending in "version"), so the concerns' tables need no new migration.
   */
  clearAll() {
    this.transaction(() => {
      const tables = this.rows(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      );
      for (const { name } of tables) {
        if (name === "hot_meta") this.exec("DELETE FROM hot_meta WHERE key NOT LIKE '%version'");
        else this.exec(`DELETE FROM "${String(name)}"`);
      }
    });
  }

  /**
   * Creates a concern's tables, and brings tables an older version made up to date, once: `versionKey` in hot_meta
   * counts the `statements` already applied. Never edit a migration that has shipped, add another.
   */
  define(schema: string, migrations?: { versionKey: string; statements: readonly string[] }) {
    this.sql.exec(schema);
    if (!migrations) return;
    const version = Number(this.meta(migrations.versionKey) ?? 0);
    migrations.statements.slice(version).forEach((statement, i) => {
      this.sql.exec(statement);
      this.setMeta(migrations.versionKey, String(version + i + 1));
    });
  }
}
