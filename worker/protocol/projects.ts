// Projects on the wire, declared once for the worker and the SPA: a project groups a user's chats and carries its own
// instructions and files, which every chat in it sends to the model (after the user's custom instructions, before
// the question).
//   GET    /projects                          → { status, data: PublicProject[], limit: number | null }
//   POST   /projects          NewProject      → 201 { status, data: PublicProject }   (403 project_limit past the plan's)
//   PATCH  /projects/{id}     ProjectPatch    → 200 { status, data: PublicProject }
//   DELETE /projects/{id}?chats=keep|delete   → 200 { status, data: { deleted_chats: number } }
//   PATCH  /chat-sessions/{id}  { project_id: string | null }  moves a chat into a project or out of it
//   GET    /chat-sessions?project_id={id}     that project's chats (the list's own paging)
//   GET    /chat-sessions/search?q=…&project_id={id}  search limited to one project
// Another user's project is a 404, like a project that does not exist.
import * as v from "valibot";
import { AttachmentRefSchema, IdSchema } from "./resources";

/** Longest project name, in characters. */
export const MAX_PROJECT_NAME_CHARS = 100;
/** Longest project instructions, in characters (about 2,000 tokens: they are sent with every turn of every chat). */
export const MAX_PROJECT_INSTRUCTIONS_CHARS = 8_000;
/** Most files a project carries; each within the attachment limits of an upload. */
export const MAX_PROJECT_FILES = 10;

export const PublicProjectSchema = v.looseObject({
  id: v.string(),
  name: v.string(),
  instructions: v.string(),
  files: v.array(AttachmentRefSchema),
  /** Chats in the project that are not deleted. */
  chat_count: v.optional(v.number(), 0),
  created_at: v.nullable(v.string()),
  updated_at: v.nullable(v.string()),
});
export type PublicProject = v.InferInput<typeof PublicProjectSchema>;

export const ProjectListSchema = v.looseObject({
  status: v.literal("success"),
  data: v.array(PublicProjectSchema),
  /** Most projects the user's plan allows; null where unlimited. */
  limit: v.nullable(v.number()),
});

const ProjectNameSchema = v.pipe(
  v.string("name must be a string"),
  v.trim(),
  v.nonEmpty("name must not be empty"),
  v.maxLength(MAX_PROJECT_NAME_CHARS, `name must be at most ${MAX_PROJECT_NAME_CHARS} characters`),
);
const ProjectInstructionsSchema = v.pipe(
  v.string("instructions must be a string"),
  v.maxLength(
    MAX_PROJECT_INSTRUCTIONS_CHARS,
    `instructions must be at most ${MAX_PROJECT_INSTRUCTIONS_CHARS} characters`,
  ),
);
/** Upload ids (POST /media-api/api/uploads) of the user's own files. */
const ProjectFileIdsSchema = v.pipe(
  v.array(IdSchema, "file_ids must be a list of upload ids"),
  v.maxLength(MAX_PROJECT_FILES, `a project carries at most ${MAX_PROJECT_FILES} files`),
);

export const NewProjectSchema = v.object({
  name: ProjectNameSchema,
  instructions: v.optional(ProjectInstructionsSchema),
  file_ids: v.optional(ProjectFileIdsSchema),
});
export type NewProject = v.InferInput<typeof NewProjectSchema>;

export const ProjectPatchSchema = v.pipe(
  v.object({
    name: v.optional(ProjectNameSchema),
    instructions: v.optional(ProjectInstructionsSchema),
    file_ids: v.optional(ProjectFileIdsSchema),
  }),
  v.check(
    (b) => b.name !== undefined || b.instructions !== undefined || b.file_ids !== undefined,
    "Nothing to update: send name, instructions or file_ids",
  ),
);
export type ProjectPatch = v.InferInput<typeof ProjectPatchSchema>;

export const ProjectDeleteQuerySchema = v.object({
  chats: v.optional(v.picklist(["keep", "delete"], "chats must be 'keep' or 'delete'"), "keep"),
});
