// The user's projects as every turn of a chat in one needs them (its instructions and the files it carries), kept
// with the user so the turn reads none of it from D1: a snapshot of the projects table, replaced whole by the project
// routes' writers once their write has committed (worker/db/projects.ts tells the object, which re-reads the rows).
// The files' contents stay in R2 and are read by the turn (turn/project-context.ts), as a question's attachments are.
// One row per project (not one JSON value: an Advanced+ user's projects are unlimited, and a row holds at most 2 MB).
import type { AttachmentRef } from "../../worker/protocol/resources";
import type { ObjectSql } from "./object-sql";

export interface ProjectSnapshot {
  id: string;
  name: string;
  instructions: string;
  files: AttachmentRef[];
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS hot_projects (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, instructions TEXT NOT NULL, files TEXT NOT NULL);
`;

/** hot_meta key set once the object holds a snapshot (an object made before projects has none until it reads one). */
const KNOWN_KEY = "projects_known";

export class ProjectsState {
  constructor(private readonly db: ObjectSql) {
    db.define(SCHEMA);
  }

  /** True once the object holds the user's projects (set by `set`, even to none). */
  get known(): boolean {
    return this.db.meta(KNOWN_KEY) !== null;
  }

  /** A project of the user, or null (none with this id: deleted, or never theirs). */
  get(id: string): ProjectSnapshot | null {
    const [row] = this.db.rows("SELECT id, name, instructions, files FROM hot_projects WHERE id = ?", id);
    if (!row) return null;
    // written by set below from D1 rows, never from outside
    return {
      id: String(row.id),
      name: String(row.name),
      instructions: String(row.instructions),
      files: JSON.parse(String(row.files)) as AttachmentRef[],
    };
  }

  /** Replaces the snapshot with the user's projects as D1 has them now. */
  set(projects: ProjectSnapshot[]) {
    this.db.transaction(() => {
      this.db.exec("DELETE FROM hot_projects");
      for (const p of projects) {
        this.db.exec(
          "INSERT INTO hot_projects (id, name, instructions, files) VALUES (?, ?, ?, ?)",
          p.id,
          p.name,
          p.instructions,
          JSON.stringify(p.files),
        );
      }
      this.db.setMeta(KNOWN_KEY, "1");
    });
  }
}

/** The snapshot of the user's project rows (worker/db/projects.ts listProjects). */
export function projectSnapshots(rows: readonly ProjectSnapshot[]): ProjectSnapshot[] {
  return rows.map(({ id, name, instructions, files }) => ({ id, name, instructions, files }));
}
