// The connected drives' files, for the drive picker: which of the user's apps backs a source, a page of its files,
// and one file's bytes as a File the attachments take like one from the computer (same limits, same upload).
import type { QueryClient } from "@tanstack/react-query";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { type DriveAppId, type DriveFile, DriveFilesSchema } from "../../../../worker/protocol/drives";
import { api, request } from "../../lib/api";
import { connectedAppsQuery } from "../settings/settings.queries";
import type { DriveSource } from "./signed-in/attachments.atoms";

/** The apps that can back each source, in the order they are preferred. */
const SOURCE_APPS: Record<DriveSource, readonly DriveAppId[]> = {
  googleDrive: ["google-drive"],
  oneDrive: ["onedrive", "microsoft-365"],
};

/** The connected app behind a source, or null when none of its apps is connected. */
export async function driveAppFor(qc: QueryClient, source: DriveSource): Promise<DriveAppId | null> {
  const { apps } = await qc.fetchQuery({ ...connectedAppsQuery(), staleTime: 30_000 });
  return SOURCE_APPS[source].find((id) => apps.some((a) => a.app === id && a.connected)) ?? null;
}

export const driveKeys = { files: (app: DriveAppId, q: string) => ["drive-files", app, q] as const };

export const driveFilesQuery = (app: DriveAppId, q: string) =>
  infiniteQueryOptions({
    queryKey: driveKeys.files(app, q),
    queryFn: ({ pageParam }) =>
      api(
        `/auth/connected-apps/${app}/files?${new URLSearchParams({ q, ...(pageParam ? { cursor: pageParam } : {}) })}`,
        DriveFilesSchema,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 60_000,
  });

/** Reads one file through the worker (at most 5 MB) as a File named and typed as in the drive. */
export async function downloadDriveFile(app: DriveAppId, file: DriveFile): Promise<File> {
  const res = await request(`/auth/connected-apps/${app}/files/${encodeURIComponent(file.id)}/content`, {
    headers: { Accept: "*/*" },
    timeoutMs: 60_000,
  });
  const bytes = await res.arrayBuffer();
  return new File([bytes], file.name, {
    type: res.headers.get("Content-Type") ?? file.mime_type,
    lastModified: file.modified_at ? Date.parse(file.modified_at) : Date.now(),
  });
}
