// Step 5, the project: a chat in a project sends the project's instructions and files with every turn. The chat's
// project is in the context the user's object keeps with the chat's window (state/chats.ts), the project in the
// object's snapshot of the user's projects (state/projects.ts): neither is read from D1. The files' contents are read
// from R2, as a question's attachments are (worker/uploads/store.ts): text for every model (within the turn's text
// budget, in the project's order), images only for a model that reads them. A file deleted since it was added is
// left out rather than failing every turn of the project's chats.
import { listProjects } from "../../worker/db/projects";
import { AppError } from "../../worker/errors";
import type { CatalogueEntry } from "../../worker/models/catalogue";
import type { AttachmentRef } from "../../worker/protocol/resources";
import { MAX_TEXT_CHARS_PER_TURN } from "../../worker/uploads/limits";
import { type Attachment, loadAttachments } from "../../worker/uploads/store";
import { projectSnapshots } from "../state/projects";
import type { ProjectPrompt } from "./prompt";
import type { TurnHost } from "./steps";

/** The chat's project with its files read, or null when the chat is in none (or its project is gone). */
export async function projectFor(
  host: TurnHost,
  userId: string,
  entry: Pick<CatalogueEntry, "supportedFileTypes">,
  projectId: string | null,
): Promise<ProjectPrompt | null> {
  if (!projectId) return null;
  // An object that has never been told of the user's projects (it predates them) reads them once; the project
  // routes tell it of every change from then on.
  if (!host.state.projects.known)
    host.state.projects.set(projectSnapshots(await listProjects({ db: host.db, userId })));
  const project = host.state.projects.get(projectId);
  if (!project) return null;
  const files = await projectFiles(host.env.IMAGES, userId, project.files, entry.supportedFileTypes.includes("image"));
  return { name: project.name, instructions: project.instructions, files };
}

async function projectFiles(
  bucket: R2Bucket,
  userId: string,
  refs: AttachmentRef[],
  readsImages: boolean,
): Promise<Attachment[]> {
  const wanted = refs.filter((f) => readsImages || f.group !== "image");
  const loaded = await Promise.all(
    wanted.map((f) =>
      loadAttachments({ bucket, userId, ids: [f.id] }).then(
        ([a]) => a ?? null,
        (err: unknown) => {
          if (err instanceof AppError && err.code === "not_found") return null;
          throw err;
        },
      ),
    ),
  );
  let budget = MAX_TEXT_CHARS_PER_TURN;
  const out: Attachment[] = [];
  for (const a of loaded) {
    if (!a) continue;
    if (a.text === null) {
      out.push(a);
      continue;
    }
    const text = a.text.slice(0, Math.max(0, budget));
    budget -= text.length;
    out.push({ ...a, text, truncated: a.truncated || text.length < a.text.length });
  }
  return out;
}
