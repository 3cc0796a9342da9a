// POST /media-api/api/uploads: attachments stored in R2 under their owner, typed by their bytes, the limits (10 files,
// 5 MB each, 20 MB together: 413) and the accepted types (415) enforced, and the text a model reads extracted (text as
// is, DOCX body, PDF with unpdf) within the documented budget, with bounded work (hostile DOCX and PDF files are
// refused); the turn's helpers (loadAttachments, attachmentsPrompt) read them. Before them, who may upload and read,
// and the connected drives as an upload source. One file, so workerd loads the worker once for all of them.
import { env } from "cloudflare:workers";
import { deflate, deflateRaw } from "pako";
import { describe, expect, it } from "vitest";
import { getConnectedAppToken } from "../../../worker/connected-apps/oauth";
import { createDb } from "../../../worker/db/client";
import { AppError } from "../../../worker/errors";
import { generateOffline } from "../../../worker/images/offline";
import { attachmentsPrompt, parseAttachmentsPrompt } from "../../../worker/uploads/attachment-prompt";
import {
  MAX_DOCX_XML_BYTES,
  MAX_FILE_BYTES,
  MAX_PDF_PAGES,
  MAX_TEXT_CHARS_PER_FILE,
  MAX_TEXT_CHARS_PER_TURN,
} from "../../../worker/uploads/limits";
import { loadAttachments } from "../../../worker/uploads/store";
import { call, json, ORIGIN, premiumUser, seedUser, type TestUser, workerFetch } from "../../support/api";
import { connect } from "../../support/connected-apps";
import { deflateRun, docxBomb, pdfFlateBomb, pdfOf, pdfStream, pdfWithPages, zipOf } from "../../support/hostile-files";

// ---- uploads.security --------------------------------------------------------------------------------------------
// Who may read an attachment: only its owner. Another user's id is a 404 on GET and in loadAttachments (which the
// chat turn uses), and a guest cannot upload.
async function uploadText(user: TestUser, text: string) {
  const form = new FormData();
  form.append("files", new File([text], "secret.txt"));
  const res = await workerFetch(
    new Request(`${ORIGIN}/media-api/api/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    }),
  );
  expect(res.status).toBe(201);
  return (await json(res)).data.files[0] as { id: string; url: string };
}

const get = (url: string, user?: TestUser) =>
  workerFetch(new Request(`${ORIGIN}${url}`, { headers: user ? { Authorization: `Bearer ${user.token}` } : {} }));

describe("attachment security", () => {
  it("serves an attachment to its owner only", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const file = await uploadText(owner, "owner's secret");
    expect((await get(file.url, owner)).status).toBe(200);
    expect((await get(file.url, other)).status).toBe(404);
    expect((await get(file.url)).status).toBe(401);
  });

  it("never loads another user's attachment into a turn", async () => {
    const owner = await seedUser();
    const other = await seedUser();
    const file = await uploadText(owner, "owner's secret");
    const err = await loadAttachments({ bucket: env.IMAGES, userId: other.id, ids: [file.id] }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("not_found");
  });

  it("refuses a guest's upload with 401", async () => {
    const form = new FormData();
    form.append("files", new File(["hi"], "a.txt"));
    const res = await workerFetch(new Request(`${ORIGIN}/media-api/api/uploads`, { method: "POST", body: form }));
    expect(res.status).toBe(401);
  });
});

// ---- drive-files -------------------------------------------------------------------------------------------------
// The connected drives as an upload source: a premium user lists the files of Google Drive, OneDrive or Microsoft 365
// (newest first, by name, paged; folders left out) and reads one (a Google document exported as text), all against
// the fake drive APIs in their real formats; the errors of those APIs become clear ones, and free users, other apps
// and apps not connected are refused.
const list = (u: TestUser, app: string, query = "") =>
  call("GET", `/auth/connected-apps/${app}/files${query}`, { token: u.token });
const content = (u: TestUser, app: string, id: string) =>
  call("GET", `/auth/connected-apps/${app}/files/${encodeURIComponent(id)}/content`, { token: u.token });

describe("GET /auth/connected-apps/:app/files", () => {
  it("lists a premium user's Google Drive files newest first, a page at a time, with a Google document as text", async () => {
    const u = await premiumUser();
    await connect(u, "google-drive");
    const res = await list(u, "google-drive");
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.files).toHaveLength(50);
    expect(body.data.files.slice(0, 3)).toEqual([
      {
        id: "f-notes",
        name: "Meeting notes.txt",
        mime_type: "text/plain",
        size: 40,
        modified_at: "2025-07-10T08:00:00Z",
      },
      { id: "f-budget", name: "Budget 2025.csv", mime_type: "text/csv", size: 24, modified_at: "2025-07-09T08:00:00Z" },
      { id: "f-doc", name: "Trip plan.txt", mime_type: "text/plain", size: null, modified_at: "2025-07-08T08:00:00Z" },
    ]);
    expect(body.data.next_cursor).toEqual(expect.any(String));
    const next = await json(await list(u, "google-drive", `?cursor=${encodeURIComponent(body.data.next_cursor)}`));
    expect(next.data.files).toHaveLength(14);
    expect(next.data.next_cursor).toBeNull();
    const ids = new Set([...body.data.files, ...next.data.files].map((f: any) => f.id));
    expect(ids.size).toBe(64);
  });

  it("searches by name, quotes in the query kept as text", async () => {
    const u = await premiumUser();
    await connect(u, "google-drive");
    const found = await json(await list(u, "google-drive", "?q=budget"));
    expect(found.data.files.map((f: any) => f.name)).toEqual(["Budget 2025.csv"]);
    const quoted = await list(u, "google-drive", `?q=${encodeURIComponent("it's' or name contains '")}`);
    expect(quoted.status).toBe(200);
    expect((await json(quoted)).data.files).toEqual([]);
  });

  it("lists OneDrive and Microsoft 365 through Graph, leaving folders out and paging by skip token", async () => {
    const u = await premiumUser();
    for (const app of ["onedrive", "microsoft-365"]) {
      await connect(u, app);
      const body = await json(await list(u, app));
      expect(body.data.files.some((f: any) => f.name === "Photos")).toBe(false);
      expect(body.data.files[0]).toMatchObject({
        id: "f-notes",
        name: "Meeting notes.txt",
        mime_type: "text/plain",
        size: 40,
      });
      expect(body.data.next_cursor).toMatch(/^\d+$/);
      const more = await json(await list(u, app, `?cursor=${body.data.next_cursor}`));
      expect(more.data.files.length).toBeGreaterThan(0);
      const found = await json(await list(u, app, "?q=meeting"));
      expect(found.data.files.map((f: any) => f.id)).toEqual(["f-notes"]);
    }
  });

  it("refuses free users (403 premium_required) and says an app that is not connected must be connected first (409)", async () => {
    const free = await seedUser();
    await connect(free, "google-drive");
    const refused = await list(free, "google-drive");
    expect(refused.status).toBe(403);
    expect((await json(refused)).code).toBe("premium_required");
    expect((await content(free, "google-drive", "f-notes")).status).toBe(403);

    const u = await premiumUser();
    const notConnected = await list(u, "onedrive");
    expect(notConnected.status).toBe(409);
    expect(await json(notConnected)).toMatchObject({ status: "error", code: "app_not_connected" });
  });

  it("answers 400 for an app that holds no files or a bad query, 401 without a session", async () => {
    const u = await premiumUser();
    expect((await list(u, "gmail")).status).toBe(400);
    expect((await list(u, "google-drive", `?q=${"x".repeat(201)}`)).status).toBe(400);
    expect((await call("GET", "/auth/connected-apps/google-drive/files")).status).toBe(401);
  });
});

describe("GET /auth/connected-apps/:app/files/:id/content", () => {
  it("reads a file's bytes with its name and type, and exports a Google document as text", async () => {
    const u = await premiumUser();
    await connect(u, "google-drive");
    const res = await content(u, "google-drive", "f-notes");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain");
    expect(res.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''Meeting%20notes.txt");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.text()).toBe("Notes: ship the drive picker on Friday.\n");
    const doc = await content(u, "google-drive", "f-doc");
    expect(doc.headers.get("Content-Disposition")).toContain("Trip%20plan.txt");
    expect(await doc.text()).toBe("Trip plan: Hà Nội, then Huế.\n");
  });

  it("follows Graph's redirect to the download", async () => {
    const u = await premiumUser();
    await connect(u, "onedrive");
    const res = await content(u, "onedrive", "f-budget");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv");
    expect(await res.text()).toBe("item,amount\nrice,120000\n");
  });

  it("refuses a file over 5 MB (413) and answers 404 for one that is not in the drive", async () => {
    const u = await premiumUser();
    await connect(u, "google-drive");
    await connect(u, "onedrive");
    for (const app of ["google-drive", "onedrive"]) {
      const big = await content(u, app, "f-big");
      expect(big.status).toBe(413);
      expect((await json(big)).code).toBe("payload_too_large");
      const missing = await content(u, app, "no-such-file");
      expect(missing.status).toBe(404);
      expect((await json(missing)).code).toBe("not_found");
    }
  });
});

describe("the drive APIs' failures", () => {
  /** Makes the fake drive answer `status` for this user's current token. */
  async function failWith(u: TestUser, app: "google-drive" | "onedrive", status: number) {
    const token = await getConnectedAppToken({ env, db: createDb(env.DB), userId: u.id, app });
    await fetch(`${env.FAKE_IDENTITY_URL}/drive/__fail`, { method: "POST", body: JSON.stringify({ token, status }) });
  }

  it("turns 429 into rate_limited, 500 into provider_unavailable and a token the drive refuses into app_not_connected", async () => {
    for (const [app, status, code, httpStatus] of [
      ["google-drive", 429, "rate_limited", 429],
      ["onedrive", 500, "provider_unavailable", 502],
    ] as const) {
      const u = await premiumUser();
      await connect(u, app);
      await failWith(u, app, status);
      const res = await list(u, app);
      expect(res.status).toBe(httpStatus);
      expect(await json(res)).toMatchObject({ status: "error", code });
    }
    // a token the drive no longer accepts (revoked at the provider): the user is asked to connect again
    const u = await premiumUser();
    await connect(u, "google-drive");
    await failWith(u, "google-drive", 401);
    const refused = await content(u, "google-drive", "f-notes");
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ code: "app_not_connected" });
  });
});

// ---- uploads -----------------------------------------------------------------------------------------------------
function upload(user: TestUser, files: { name: string; bytes: Uint8Array | string; type?: string }[], field = "files") {
  const form = new FormData();
  for (const f of files)
    form.append(field, new File([f.bytes], f.name, { type: f.type ?? "application/octet-stream" }));
  return workerFetch(
    new Request(`${ORIGIN}/media-api/api/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    }),
  );
}

/** A one-page PDF whose content stream draws `text` (offsets computed, so the xref table is exact). */
function pdfWith(text: string): Uint8Array {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/** A DOCX as Word writes it (deflated entries) whose body is the given paragraphs' XML. */
function docxOf(bodyXml: string): Uint8Array {
  const entry = (name: string, text: string) => {
    const raw = new TextEncoder().encode(text);
    return { name, data: deflateRaw(raw), method: 8 as const, declaredSize: raw.length };
  };
  return zipOf([
    entry(
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ),
    entry(
      "_rels/.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    entry(
      "word/document.xml",
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${bodyXml}</w:body></w:document>`,
    ),
  ]);
}

const docxWith = (paragraph: string) => docxOf(`<w:p><w:r><w:t>${paragraph}</w:t></w:r></w:p>`);

describe("POST /media-api/api/uploads", () => {
  it("stores text, code, PDF, DOCX and an image, typed by their bytes, with the text a model reads", async () => {
    const user = await seedUser();
    const png = (await generateOffline("an attachment")).bytes;
    const res = await upload(user, [
      { name: "notes.txt", bytes: "Meeting notes\nBuy milk" },
      { name: "main.py", bytes: "print('xin chào')\n" },
      { name: "report.pdf", bytes: pdfWith("Quarterly revenue grew 12 percent") },
      { name: "letter.docx", bytes: docxWith("Kính gửi quý khách") },
      // The name says text, the bytes say PNG: the bytes win.
      { name: "photo.txt", bytes: png, type: "text/plain" },
    ]);
    expect(res.status).toBe(201);
    const files = (await json(res)).data.files;
    expect(files.map((f: any) => [f.name, f.type, f.group])).toEqual([
      ["notes.txt", "text/plain", "text"],
      ["main.py", "text/plain", "code"],
      ["report.pdf", "application/pdf", "office"],
      ["letter.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "office"],
      ["photo.txt", "image/png", "image"],
    ]);
    const got = await workerFetch(
      new Request(`${ORIGIN}${files[4].url}`, { headers: { Authorization: `Bearer ${user.token}` } }),
    );
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(png);

    const attachments = await loadAttachments({
      bucket: env.IMAGES,
      userId: user.id,
      ids: files.map((f: any) => f.id),
    });
    expect(attachments[0]!.text).toBe("Meeting notes\nBuy milk");
    expect(attachments[2]!.text).toContain("Quarterly revenue grew 12 percent");
    expect(attachments[3]!.text).toContain("Kính gửi quý khách");
    expect(attachments[4]!.text).toBeNull();
    expect(attachments[4]!.image).toEqual(png);
    const prompt = attachmentsPrompt(attachments);
    expect(prompt).toContain("--- Attached file: report.pdf (office,");
    expect(prompt).not.toContain("photo.txt");
    const parsed = parseAttachmentsPrompt(`${prompt}\n\nWhat do these say?`);
    expect(parsed.question).toBe("What do these say?");
    expect(parsed.files.map((f) => f.name)).toEqual(["notes.txt", "main.py", "report.pdf", "letter.docx"]);
    expect(parsed.files[0]).toMatchObject({
      name: "notes.txt",
      group: "text",
      size: 22,
      text: "Meeting notes\nBuy milk",
    });
  });

  it("cuts a long text to the per-file budget and the turn's budget", async () => {
    const user = await seedUser();
    const big = "x".repeat(MAX_TEXT_CHARS_PER_FILE + 500);
    const files = (
      await json(
        await upload(
          user,
          Array.from({ length: 4 }, (_, i) => ({ name: `big${i}.md`, bytes: big })),
        ),
      )
    ).data.files;
    expect(files[0]).toMatchObject({ text_chars: MAX_TEXT_CHARS_PER_FILE, truncated: true });
    const attachments = await loadAttachments({
      bucket: env.IMAGES,
      userId: user.id,
      ids: files.map((f: any) => f.id),
    });
    expect(attachments.reduce((n, a) => n + (a.text?.length ?? 0), 0)).toBe(MAX_TEXT_CHARS_PER_TURN);
    expect(attachments[3]!.text).toBe("");
    expect(attachments.every((a) => a.truncated)).toBe(true);
  });

  it("refuses more than 10 files with 413", async () => {
    const user = await seedUser();
    const res = await upload(
      user,
      Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, bytes: "hi" })),
    );
    expect(res.status).toBe(413);
    expect((await json(res)).message).toMatch(/At most 10 files/);
  });

  it("refuses a file over 5 MB with 413 naming it, and 20 MB together with 413", async () => {
    const user = await seedUser();
    const over = await upload(user, [{ name: "huge.txt", bytes: new Uint8Array(MAX_FILE_BYTES + 1).fill(0x61) }]);
    expect(over.status).toBe(413);
    expect((await json(over)).message).toContain('File "huge.txt" is too large');
    const total = await upload(
      user,
      Array.from({ length: 5 }, (_, i) => ({
        name: `part${i}.txt`,
        bytes: new Uint8Array(4.5 * 1024 * 1024).fill(0x61),
      })),
    );
    expect(total.status).toBe(413);
  });

  it("refuses bytes of an unsupported type with 415 and stores none of the request's files", async () => {
    const user = await seedUser();
    const zip = zipOf([
      { name: "a.bin", data: new TextEncoder().encode("not a document"), method: 0, declaredSize: 14 },
    ]);
    for (const bad of [Uint8Array.from([0x00, 0x01, 0x02, 0xff, 0xfe]), zip]) {
      const res = await upload(user, [
        { name: "ok.txt", bytes: "fine" },
        { name: "evil.docx", bytes: bad },
      ]);
      expect(res.status).toBe(415);
    }
    const listed = await env.IMAGES.list({ prefix: `uploads/${user.id}/` });
    expect(listed.objects).toHaveLength(0);
  });

  it("answers 400 with no file, 415 to a body that is not multipart", async () => {
    const user = await seedUser();
    const empty = await workerFetch(
      new Request(`${ORIGIN}/media-api/api/uploads`, {
        method: "POST",
        headers: { Authorization: `Bearer ${user.token}` },
        body: new FormData(),
      }),
    );
    expect(empty.status).toBe(400);
    const notMultipart = await workerFetch(
      new Request(`${ORIGIN}/media-api/api/uploads`, {
        method: "POST",
        headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" },
        body: "{}",
      }),
    );
    expect(notMultipart.status).toBe(415);
  });
});

describe("POST /media-api/api/uploads with hostile files", () => {
  const MB = 1024 * 1024;

  async function refused(user: TestUser, name: string, bytes: Uint8Array, status: number) {
    const res = await upload(user, [
      { name: "ok.txt", bytes: "fine" },
      { name, bytes },
    ]);
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(body).toMatchObject({ success: false, status: "error" });
    expect(body.message).toContain(`File "${name}"`);
    // nothing of the request is kept, not even the harmless file before it
    expect((await env.IMAGES.list({ prefix: `uploads/${user.id}/` })).objects).toHaveLength(0);
    return body.message as string;
  }

  it("refuses with 413 a 1 MB DOCX whose word/document.xml unpacks to 200 MB, without unpacking it", async () => {
    const user = await seedUser();
    const bomb = docxBomb(200 * MB);
    expect(bomb.length).toBeLessThan(MAX_FILE_BYTES);
    expect(await refused(user, "bomb.docx", bomb, 413)).toContain(
      `more than ${MAX_DOCX_XML_BYTES / MB} MB of document markup`,
    );
  });

  it("refuses with 415 a DOCX bomb whose header declares a small size (a lying header does not help)", async () => {
    const user = await seedUser();
    expect(await refused(user, "liar.docx", docxBomb(200 * MB, 4096), 415)).toContain("more than its header declares");
  });

  it("keeps the beginning of a real DOCX whose XML is longer than the cap: reading stops when the text budget is full", async () => {
    const user = await seedUser();
    const paragraph = (i: number) =>
      `<w:p><w:pPr><w:spacing w:after="120"/></w:pPr><w:r><w:rPr><w:lang w:val="vi-VN"/></w:rPr><w:t xml:space="preserve">Đoạn ${i}: nội dung hợp đồng &amp; phụ lục.</w:t></w:r></w:p>`;
    let body = "";
    for (let i = 0; body.length < MAX_DOCX_XML_BYTES * 1.5; i++) body += paragraph(i);
    const res = await upload(user, [{ name: "long.docx", bytes: docxOf(body) }]);
    expect(res.status).toBe(201);
    const [file] = (await json(res)).data.files;
    expect(file).toMatchObject({ text_chars: MAX_TEXT_CHARS_PER_FILE, truncated: true });
    const [attachment] = await loadAttachments({ bucket: env.IMAGES, userId: user.id, ids: [file.id] });
    expect(attachment!.text!.startsWith("Đoạn 0: nội dung hợp đồng & phụ lục.\nĐoạn 1:")).toBe(true);
  });

  it(`refuses with 413 a PDF of more than ${MAX_PDF_PAGES} pages`, async () => {
    const user = await seedUser();
    expect(
      await refused(
        user,
        "pages.pdf",
        pdfWithPages(MAX_PDF_PAGES + 1, (i) => `p${i}`),
        413,
      ),
    ).toContain(`has ${(MAX_PDF_PAGES + 1).toLocaleString("en")} pages`);
  });

  it("refuses with 413 a PDF whose cross-reference stream declares 3 million objects with no bytes behind them", async () => {
    const user = await seedUser();
    const objects = 3_000_000;
    // /W [0 0 0]: each entry takes no bytes, so pdf.js would build 3 million entries out of nothing.
    const xref = pdfStream(
      new Uint8Array(0),
      `/Type /XRef /Size ${objects} /Index [0 ${objects}] /W [0 0 0] /Root 1 0 R `,
    );
    const pdf = pdfOf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>", xref]);
    // point startxref at the cross-reference stream (object 3) instead of the table
    const text = new TextDecoder().decode(pdf);
    const patched = text.replace(/startxref\n\d+/, `startxref\n${text.indexOf("3 0 obj")}`);
    expect(await refused(user, "objects.pdf", new TextEncoder().encode(patched), 413)).toContain(
      "declares more than 100,000 objects",
    );
  });

  it("refuses with 413 a PDF whose page content unpacks to 200 MB, and one that hides it under FlateDecode twice", async () => {
    const user = await seedUser();
    expect(await refused(user, "flate.pdf", pdfFlateBomb(200 * MB), 413)).toContain("unpacks to more than 32 MB");
    const inner = deflateRun("BT /F1 12 Tf (x) Tj ET", 0x20, 200 * MB, "\n");
    const zlibInner = new Uint8Array([0x78, 0x01, ...inner, 0, 0, 0, 0]);
    const twice = pdfOf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
      pdfStream(deflate(zlibInner), "/Filter [/FlateDecode /FlateDecode] "),
    ]);
    expect(twice.length).toBeLessThan(64 * 1024);
    await refused(user, "twice.pdf", twice, 413);
  });

  it("reads a PDF whose images unpack to 38 MB in all (pdf.js reads no image for text), but refuses one image of 35 MB, or a bomb that only says it is an image", async () => {
    const user = await seedUser();
    /** FlateDecode data of `bytes` bytes of one value (a flat picture, or spaces as page content). */
    const flat = (bytes: number, byte = 0x80, prefix = "") => {
      const raw = deflateRun(prefix, byte, bytes, "");
      return new Uint8Array([0x78, 0x01, ...raw, 0, 0, 0, 0]);
    };
    const image = (w: number, h: number) =>
      pdfStream(
        flat(w * h * 3),
        `/Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode `,
      );
    const withImages = (images: Uint8Array[], contentDict = "") => {
      const names = images.map((_, i) => `/Im${i} ${5 + i} 0 R`).join(" ");
      const draw = images.map((_, i) => `q 612 0 0 792 0 0 cm /Im${i} Do Q`).join(" ");
      const content = new TextEncoder().encode(`${draw} BT /F1 12 Tf 72 720 Td (Slide with screenshots) Tj ET`);
      return pdfOf([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 ${5 + images.length} 0 R >> /XObject << ${names} >> >> >>`,
        pdfStream(content, contentDict),
        ...images,
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      ]);
    };
    const slides = await upload(user, [
      { name: "slides.pdf", bytes: withImages([image(1900, 2200), image(1900, 2200), image(1900, 2200)]) },
    ]);
    expect(slides.status).toBe(201);
    const [file] = (await json(slides)).data.files;
    const [attachment] = await loadAttachments({ bucket: env.IMAGES, userId: user.id, ids: [file.id] });
    expect(attachment!.text).toBe("Slide with screenshots");
    const other = await seedUser();
    expect(await refused(other, "poster.pdf", withImages([image(3400, 3400)]), 413)).toContain(
      "unpacks to more than 32 MB for one image",
    );
    const disguised = pdfOf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
      pdfStream(flat(200 * MB, 0x20, "BT (x) Tj ET "), "/Filter /FlateDecode /Note (/Subtype /Image) "),
    ]);
    expect(await refused(other, "disguised.pdf", disguised, 413)).toContain("unpacks to more than 32 MB");
  });

  it("refuses with 415 a PDF stream under LZW, whose unpacking is not measured, even with its name escaped", async () => {
    const user = await seedUser();
    const lzw = (filter: string) =>
      pdfOf([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
        pdfStream(Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]), `/Filter ${filter} `),
      ]);
    await refused(user, "lzw.pdf", lzw("/LZWDecode"), 415);
    await refused(user, "escaped.pdf", lzw("[/LZWDec#6fde]"), 415);
  });

  it("refuses with 413 a PDF of stream keywords whose dictionaries would be read again for each, in one pass", async () => {
    const user = await seedUser();
    const pdf = (body: string) => new TextEncoder().encode(`%PDF-1.4\n${body}`);
    // one header, then 1 MB of streams whose dictionary would be read from it again each time (a string never closed)
    const afterOneHeader = pdf(`1 0 obj << /K (${">> stream\n".repeat(100_000)}`);
    expect(await refused(user, "tangled.pdf", afterOneHeader, 413)).toContain(
      "has stream dictionaries that overlap too much to be read",
    );
    // no header at all: each keyword's filter names are looked for in the 4 kB before it
    expect(await refused(user, "headless.pdf", pdf("stream\n".repeat(150_000)), 413)).toContain(
      "has stream dictionaries that overlap too much to be read",
    );
  });

  it("reads a compressed multi-page PDF page by page as before, stopping once the text budget is full", async () => {
    const user = await seedUser();
    const pages = 600;
    const objects: (string | Uint8Array)[] = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ];
    const kids: string[] = [];
    for (let i = 0; i < pages; i++) {
      const n = objects.length + 1;
      kids.push(`${n} 0 R`);
      objects.push(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${n + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      );
      const content = new TextEncoder().encode(
        `BT /F1 12 Tf 72 720 Td (Trang ${i} noi dung bao cao quy ba nam nay) Tj ET`,
      );
      objects.push(pdfStream(deflate(content), "/Filter /FlateDecode "));
    }
    objects[1] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages} >>`;
    const res = await upload(user, [{ name: "report.pdf", bytes: pdfOf(objects) }]);
    expect(res.status).toBe(201);
    const [file] = (await json(res)).data.files;
    expect(file).toMatchObject({ text_chars: MAX_TEXT_CHARS_PER_FILE, truncated: true });
    const [attachment] = await loadAttachments({ bucket: env.IMAGES, userId: user.id, ids: [file.id] });
    expect(attachment!.text!.startsWith("Trang 0 noi dung bao cao quy ba nam nay Trang 1 noi dung")).toBe(true);
  });
});
