// Files of a connected drive, for the attachments menu's premium cloud sources: list (newest first, or by name
// search) and read one file's bytes, through Google Drive v3 or Microsoft Graph with the user's OAuth token
// (oauth.ts). The browser then attaches the bytes like a file from the computer, so the attachment limits, compression
// and upload all apply unchanged. Both APIs' answers are validated here, at the edge; their failures become the
// API's own errors (never a 500 and never a hang).
import * as v from "valibot";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { DriveAppId, DriveFile } from "../protocol/drives";
import { CONNECTED_APP_SPECS } from "./apps";
import { getConnectedAppToken } from "./oauth";

/** Files listed per page. */
export const DRIVE_PAGE_SIZE = 50;
/** The largest file read, in bytes: the attachments' per-file limit (5 MB), so nothing bigger crosses the worker. */
export const DRIVE_MAX_BYTES = 5 * 1024 * 1024;
/** One call to a drive API may take this long, in milliseconds. */
const DRIVE_TIMEOUT_MS = 20_000;

type DriveApi = "google" | "microsoft";
const OFFICIAL: Record<DriveApi, string> = {
  google: "https://www.googleapis.com",
  microsoft: "https://graph.microsoft.com/v1.0",
};

const apiOf = (app: DriveAppId): DriveApi => (CONNECTED_APP_SPECS[app].server === "google" ? "google" : "microsoft");

type DriveEnv = Env;

function apiBase(env: DriveEnv, api: DriveApi): string {
  if (env.CONNECTED_APPS_API_BASE_URLS) {
    try {
      const overrides: unknown = JSON.parse(env.CONNECTED_APPS_API_BASE_URLS);
      const base = overrides && typeof overrides === "object" ? (overrides as Record<string, unknown>)[api] : undefined;
      if (typeof base === "string" && /^https?:\/\//.test(base)) return base.replace(/\/+$/, "");
    } catch {
      console.error("CONNECTED_APPS_API_BASE_URLS is not valid JSON; using the official endpoints");
    }
  }
  return OFFICIAL[api];
}

/** Google's native documents have no bytes of their own: they are exported in a form the models read. */
const GOOGLE_EXPORTS: Record<string, { mime: string; ext: string }> = {
  "application/vnd.google-apps.document": { mime: "text/plain", ext: ".txt" },
  "application/vnd.google-apps.spreadsheet": { mime: "text/csv", ext: ".csv" },
  "application/vnd.google-apps.presentation": { mime: "application/pdf", ext: ".pdf" },
};

const GoogleFileSchema = v.object({
  id: v.string(),
  name: v.string(),
  mimeType: v.string(),
  size: v.optional(v.string()),
  modifiedTime: v.optional(v.string()),
});
const GoogleListSchema = v.object({
  files: v.optional(v.array(GoogleFileSchema), []),
  nextPageToken: v.optional(v.string()),
});

const GraphItemSchema = v.object({
  id: v.string(),
  name: v.string(),
  size: v.optional(v.number()),
  lastModifiedDateTime: v.optional(v.string()),
  file: v.optional(v.object({ mimeType: v.optional(v.string()) })),
  folder: v.optional(v.unknown()),
});
const GraphListSchema = v.object({ value: v.array(GraphItemSchema), "@odata.nextLink": v.optional(v.string()) });

async function tokenFor(env: DriveEnv, db: Db, userId: string, app: DriveAppId): Promise<string> {
  const token = await getConnectedAppToken({ env, db, userId, app });
  if (!token)
    throw new AppError(
      "app_not_connected",
      `Connect ${CONNECTED_APP_SPECS[app].name} in Settings › Connected apps first`,
    );
  return token;
}

/** Calls a drive API; its failures become the API's errors (401 → connect again, 404, 429, the rest unavailable). */
async function driveFetch(url: string, token: string, app: DriveAppId): Promise<Response> {
  const name = CONNECTED_APP_SPECS[app].name;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(DRIVE_TIMEOUT_MS),
    });
  } catch {
    throw new AppError("provider_unavailable", `${name} could not be reached. Please try again.`);
  }
  if (res.ok) return res;
  await res.body?.cancel();
  if (res.status === 401)
    throw new AppError("app_not_connected", `${name} no longer accepts this connection: connect it again in Settings`);
  if (res.status === 404) throw new AppError("not_found", "This file is no longer in the drive");
  if (res.status === 429) throw new AppError("rate_limited", `${name} is busy. Please try again in a moment.`);
  throw new AppError("provider_unavailable", `${name} answered with an error (${res.status}). Please try again.`);
}

async function parsed<S extends v.GenericSchema>(res: Response, schema: S, app: DriveAppId): Promise<v.InferOutput<S>> {
  const body = v.safeParse(schema, await res.json().catch(() => null));
  if (!body.success)
    throw new AppError("provider_unavailable", `${CONNECTED_APP_SPECS[app].name} answered in an unexpected way`);
  return body.output;
}

/** A name search inside Drive's query language: quotes and backslashes escaped. */
const driveQueryString = (text: string) => text.replace(/\\/g, "\\\\").replace(/'/g, "\\'");

export interface DriveListInput {
  env: DriveEnv;
  db: Db;
  userId: string;
  app: DriveAppId;
  /** Words of the file name to look for; empty for the newest files. */
  query: string;
  cursor: string | null;
}

/** A page of the drive's files (no folders), newest first, or those whose name matches the query. */
export async function listDriveFiles({
  env,
  db,
  userId,
  app,
  query,
  cursor,
}: DriveListInput): Promise<{ files: DriveFile[]; nextCursor: string | null }> {
  const token = await tokenFor(env, db, userId, app);
  const base = apiBase(env, apiOf(app));
  if (apiOf(app) === "google") {
    const url = new URL(`${base}/drive/v3/files`);
    const q = ["trashed = false", "mimeType != 'application/vnd.google-apps.folder'"];
    if (query) q.push(`name contains '${driveQueryString(query)}'`);
    url.searchParams.set("q", q.join(" and "));
    url.searchParams.set("orderBy", "modifiedTime desc");
    url.searchParams.set("pageSize", String(DRIVE_PAGE_SIZE));
    url.searchParams.set("fields", "nextPageToken,files(id,name,mimeType,size,modifiedTime)");
    if (cursor) url.searchParams.set("pageToken", cursor);
    const body = await parsed(await driveFetch(url.toString(), token, app), GoogleListSchema, app);
    return {
      files: body.files.map((f) => ({
        id: f.id,
        name: GOOGLE_EXPORTS[f.mimeType] ? `${f.name}${GOOGLE_EXPORTS[f.mimeType]!.ext}` : f.name,
        mime_type: GOOGLE_EXPORTS[f.mimeType]?.mime ?? f.mimeType,
        size: f.size === undefined ? null : Number(f.size),
        modified_at: f.modifiedTime ?? null,
      })),
      nextCursor: body.nextPageToken ?? null,
    };
  }
  // Graph pages by a skip token inside its nextLink; only that token travels to the browser and back.
  const select = "$select=id,name,size,file,folder,lastModifiedDateTime";
  const path = query
    ? `/me/drive/root/search(q='${encodeURIComponent(query.replace(/'/g, "''"))}')`
    : "/me/drive/root/children";
  const url = new URL(
    `${base}${path}?${select}&$top=${DRIVE_PAGE_SIZE}${query ? "" : "&$orderby=lastModifiedDateTime desc"}`,
  );
  if (cursor) url.searchParams.set("$skiptoken", cursor);
  const body = await parsed(await driveFetch(url.toString(), token, app), GraphListSchema, app);
  const next = body["@odata.nextLink"] ? new URL(body["@odata.nextLink"]).searchParams.get("$skiptoken") : null;
  return {
    files: body.value
      .filter((i) => i.file && !i.folder)
      .map((i) => ({
        id: i.id,
        name: i.name,
        mime_type: i.file?.mimeType ?? "application/octet-stream",
        size: i.size ?? null,
        modified_at: i.lastModifiedDateTime ?? null,
      })),
    nextCursor: next,
  };
}

/** Reads at most DRIVE_MAX_BYTES of a body; a longer one is refused (413) without reading the rest. */
async function readCapped(res: Response): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(res.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > DRIVE_MAX_BYTES) {
    await res.body?.cancel();
    throw new AppError("payload_too_large", "This file is larger than 5 MB");
  }
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > DRIVE_MAX_BYTES) {
      await reader.cancel();
      throw new AppError("payload_too_large", "This file is larger than 5 MB");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

/** One file's name, type and bytes (a Google document exported), refused past 5 MB. */
export async function readDriveFile({
  env,
  db,
  userId,
  app,
  fileId,
}: {
  env: DriveEnv;
  db: Db;
  userId: string;
  app: DriveAppId;
  fileId: string;
}) {
  const token = await tokenFor(env, db, userId, app);
  const base = apiBase(env, apiOf(app));
  const id = encodeURIComponent(fileId);
  if (apiOf(app) === "google") {
    const meta = await parsed(
      await driveFetch(`${base}/drive/v3/files/${id}?fields=id,name,mimeType,size`, token, app),
      GoogleFileSchema,
      app,
    );
    if (meta.size !== undefined && Number(meta.size) > DRIVE_MAX_BYTES)
      throw new AppError("payload_too_large", "This file is larger than 5 MB");
    const exported = GOOGLE_EXPORTS[meta.mimeType];
    const url = exported
      ? `${base}/drive/v3/files/${id}/export?mimeType=${encodeURIComponent(exported.mime)}`
      : `${base}/drive/v3/files/${id}?alt=media`;
    const bytes = await readCapped(await driveFetch(url, token, app));
    return {
      name: exported ? `${meta.name}${exported.ext}` : meta.name,
      mimeType: exported?.mime ?? meta.mimeType,
      bytes,
    };
  }
  const meta = await parsed(
    await driveFetch(`${base}/me/drive/items/${id}?$select=id,name,size,file,folder`, token, app),
    GraphItemSchema,
    app,
  );
  if (!meta.file) throw new AppError("invalid_input", "This item is a folder, not a file");
  if ((meta.size ?? 0) > DRIVE_MAX_BYTES) throw new AppError("payload_too_large", "This file is larger than 5 MB");
  // Graph answers /content with a redirect to a short-lived download URL; fetch follows it.
  const bytes = await readCapped(await driveFetch(`${base}/me/drive/items/${id}/content`, token, app));
  return { name: meta.name, mimeType: meta.file.mimeType ?? "application/octet-stream", bytes };
}
