// The file APIs of the connected drives, in their real formats, served by the fake identity server for the access
// tokens its OAuth server issued (fake-identity.ts):
//   /drive/v3/files?q=&orderBy=&pageSize=&pageToken=&fields=   Google Drive v3 list ({files, nextPageToken}); q is
//                                                             parsed for the name-contains clause only
//   /drive/v3/files/{id}?fields=…  | ?alt=media | /export?mimeType=   metadata, bytes, a native document exported
//   /graph/me/drive/root/children?$top=&$skiptoken=            Microsoft Graph list ({value, @odata.nextLink})
//   /graph/me/drive/root/search(q='…')
//   /graph/me/drive/items/{id}  | /content                     metadata; /content answers 302 to a download URL
//   /graph/__download/{id}                                     the pre-authenticated download (no bearer needed)
// Errors as the real services answer them: 401 for an unknown token, 404 for an unknown file. A token may be made to
// fail with POST /drive/__fail {token, status} (401, 429 or 500), for the error paths.
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "./local-server.ts";

interface FakeFile {
  id: string;
  name: string;
  mimeType: string;
  content: Buffer;
  modified: string;
}

const GOOGLE_DOC = "application/vnd.google-apps.document";

/** Every drive holds the same files; their names and contents are what the tests look for. */
function seedFiles(): FakeFile[] {
  const files: FakeFile[] = [
    {
      id: "f-notes",
      name: "Meeting notes.txt",
      mimeType: "text/plain",
      content: Buffer.from("Notes: ship the drive picker on Friday.\n"),
      modified: "2025-07-10T08:00:00Z",
    },
    {
      id: "f-budget",
      name: "Budget 2025.csv",
      mimeType: "text/csv",
      content: Buffer.from("item,amount\nrice,120000\n"),
      modified: "2025-07-09T08:00:00Z",
    },
    {
      id: "f-doc",
      name: "Trip plan",
      mimeType: GOOGLE_DOC,
      content: Buffer.from("Trip plan: Hà Nội, then Huế.\n"),
      modified: "2025-07-08T08:00:00Z",
    },
    {
      id: "f-big",
      name: "Huge video.mp4",
      mimeType: "video/mp4",
      content: Buffer.alloc(6 * 1024 * 1024, 1),
      modified: "2025-07-07T08:00:00Z",
    },
  ];
  // older files, so the list has a second page
  for (let i = 1; i <= 60; i++) {
    files.push({
      id: `f-old-${i}`,
      name: `Old report ${i}.txt`,
      mimeType: "text/plain",
      content: Buffer.from(`Old report ${i}\n`),
      modified: `2024-01-${String((i % 28) + 1).padStart(2, "0")}T08:00:00Z`,
    });
  }
  return files;
}

const googleError = (res: ServerResponse, code: number, message: string, status: string) =>
  sendJson(res, code, { error: { code, message, errors: [{ message, domain: "global", reason: status }], status } });
const graphError = (res: ServerResponse, status: number, code: string, message: string) =>
  sendJson(res, status, { error: { code, message } });

/** A drive fake bound to the OAuth fake's issued tokens. Returns true when it answered the request. */
export function fakeDrives(validToken: (token: string) => boolean) {
  const files = seedFiles();
  const byId = new Map(files.map((f) => [f.id, f]));
  const failing = new Map<string, number>();
  const newestFirst = [...files].sort((a, b) => b.modified.localeCompare(a.modified));

  return async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: () => Promise<string>,
  ): Promise<boolean> {
    const path = decodeURIComponent(url.pathname);
    if (req.method === "POST" && path === "/drive/__fail") {
      const { token, status } = JSON.parse(await body()) as { token: string; status: number };
      failing.set(token, status);
      sendJson(res, 200, { ok: true });
      return true;
    }
    const google = path.startsWith("/drive/v3/");
    const graph = path.startsWith("/graph/");
    if (!google && !graph) return false;

    if (graph && path.startsWith("/graph/__download/")) {
      const file = byId.get(path.slice("/graph/__download/".length));
      if (!file) {
        graphError(res, 404, "itemNotFound", "The resource could not be found.");
        return true;
      }
      res.writeHead(200, { "Content-Type": file.mimeType, "Content-Length": String(file.content.length) });
      res.end(file.content);
      return true;
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (!validToken(token) || failing.get(token) === 401) {
      if (google) googleError(res, 401, "Request had invalid authentication credentials.", "UNAUTHENTICATED");
      else graphError(res, 401, "InvalidAuthenticationToken", "Access token is empty or invalid.");
      return true;
    }
    const fail = failing.get(token);
    if (fail) {
      if (google)
        googleError(
          res,
          fail,
          fail === 429 ? "Rate Limit Exceeded" : "Backend Error",
          fail === 429 ? "rateLimitExceeded" : "backendError",
        );
      else graphError(res, fail, fail === 429 ? "TooManyRequests" : "generalException", "Failed");
      return true;
    }

    if (google) {
      if (path === "/drive/v3/files") {
        const q = url.searchParams.get("q") ?? "";
        const name = /name contains '((?:[^'\\]|\\.)*)'/.exec(q)?.[1]?.replace(/\\(.)/g, "$1");
        const matching = newestFirst.filter((f) => !name || f.name.toLowerCase().includes(name.toLowerCase()));
        const size = Number(url.searchParams.get("pageSize") ?? 100);
        const start = Number(url.searchParams.get("pageToken") ?? 0);
        const page = matching.slice(start, start + size);
        sendJson(res, 200, {
          kind: "drive#fileList",
          incompleteSearch: false,
          files: page.map((f) => ({
            kind: "drive#file",
            id: f.id,
            name: f.name,
            mimeType: f.mimeType,
            ...(f.mimeType === GOOGLE_DOC ? {} : { size: String(f.content.length) }),
            modifiedTime: f.modified,
          })),
          ...(start + size < matching.length ? { nextPageToken: String(start + size) } : {}),
        });
        return true;
      }
      const one = /^\/drive\/v3\/files\/([^/]+)(\/export)?$/.exec(path);
      const file = one ? byId.get(one[1]!) : undefined;
      if (!one || !file) {
        googleError(res, 404, `File not found: ${one?.[1] ?? ""}.`, "notFound");
        return true;
      }
      if (one[2]) {
        if (file.mimeType !== GOOGLE_DOC) {
          googleError(res, 403, "Export only supports Docs Editors files.", "fileNotExportable");
          return true;
        }
        res.writeHead(200, { "Content-Type": url.searchParams.get("mimeType") ?? "text/plain" });
        res.end(file.content);
        return true;
      }
      if (url.searchParams.get("alt") === "media") {
        if (file.mimeType === GOOGLE_DOC) {
          googleError(
            res,
            403,
            "Only files with binary content can be downloaded. Use Export with Docs Editors files.",
            "fileNotDownloadable",
          );
          return true;
        }
        res.writeHead(200, { "Content-Type": file.mimeType, "Content-Length": String(file.content.length) });
        res.end(file.content);
        return true;
      }
      sendJson(res, 200, {
        id: file.id,
        name: file.name,
        mimeType: file.mimeType,
        ...(file.mimeType === GOOGLE_DOC ? {} : { size: String(file.content.length) }),
      });
      return true;
    }

    // Microsoft Graph
    const base = `http://${req.headers.host}/graph`;
    const item = (f: FakeFile) => ({
      id: f.id,
      name: f.name,
      size: f.content.length,
      lastModifiedDateTime: f.modified,
      file: { mimeType: f.mimeType === GOOGLE_DOC ? "text/plain" : f.mimeType },
    });
    const search = /^\/graph\/me\/drive\/root\/search\(q='(.*)'\)$/.exec(path);
    if (path === "/graph/me/drive/root/children" || search) {
      const text = search?.[1]?.replace(/''/g, "'").toLowerCase();
      const matching = newestFirst.filter((f) => !text || f.name.toLowerCase().includes(text));
      // a folder among the files, as a drive root has: the worker must leave it out
      const all = [
        {
          id: "folder-1",
          name: "Photos",
          size: 0,
          lastModifiedDateTime: "2025-07-11T08:00:00Z",
          folder: { childCount: 3 },
        },
        ...matching.map(item),
      ];
      const top = Number(url.searchParams.get("$top") ?? 200);
      const start = Number(url.searchParams.get("$skiptoken") ?? 0);
      const next =
        start + top < all.length
          ? `${base}${search ? path.slice("/graph".length) : "/me/drive/root/children"}?$top=${top}&$skiptoken=${start + top}`
          : undefined;
      sendJson(res, 200, {
        "@odata.context": `${base}/$metadata#Collection(driveItem)`,
        value: all.slice(start, start + top),
        ...(next ? { "@odata.nextLink": next } : {}),
      });
      return true;
    }
    const one = /^\/graph\/me\/drive\/items\/([^/]+)(\/content)?$/.exec(path);
    const file = one ? byId.get(one[1]!) : undefined;
    if (!one || !file) {
      graphError(res, 404, "itemNotFound", "The resource could not be found.");
      return true;
    }
    if (one[2]) {
      res.writeHead(302, { Location: `${base}/__download/${file.id}` });
      res.end();
      return true;
    }
    sendJson(res, 200, item(file));
    return true;
  };
}
