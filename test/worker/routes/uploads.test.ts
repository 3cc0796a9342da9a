// POST /media-api/api/uploads: attachments stored in R2 under their owner, typed by their bytes, the spec's limits
// enforced with 413/415, and the text a model reads extracted (text as is, DOCX with mammoth, PDF with unpdf) within
// the documented budget; the turn's helpers (loadAttachments, attachmentsPrompt) read them.
import { env } from "cloudflare:workers";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES, MAX_TEXT_CHARS_PER_FILE, MAX_TEXT_CHARS_PER_TURN } from "../../../worker/uploads/limits";
import { attachmentsPrompt, parseAttachmentsPrompt } from "../../../worker/uploads/attachment-prompt";
import { loadAttachments } from "../../../worker/uploads/store";
import { generateOffline } from "../../../worker/images/offline";
import { ORIGIN, json, registerUser, type TestUser } from "../../support/api";
import { exports } from "cloudflare:workers";

function upload(user: TestUser, files: { name: string; bytes: Uint8Array | string; type?: string }[], field = "files") {
  const form = new FormData();
  for (const f of files) form.append(field, new File([f.bytes], f.name, { type: f.type ?? "application/octet-stream" }));
  return exports.default.fetch(new Request(`${ORIGIN}/media-api/api/uploads`, { method: "POST", headers: { Authorization: `Bearer ${user.token}` }, body: form }));
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

async function docxWith(paragraph: string): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file("[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`);
  zip.file("_rels/.rels", `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`);
  zip.file("word/document.xml", `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${paragraph}</w:t></w:r></w:p></w:body></w:document>`);
  return zip.generateAsync({ type: "uint8array" });
}

describe("POST /media-api/api/uploads", () => {
  it("stores text, code, PDF, DOCX and an image, typed by their bytes, with the text a model reads", async () => {
    const user = await registerUser();
    const png = (await generateOffline("an attachment")).bytes;
    const res = await upload(user, [
      { name: "notes.txt", bytes: "Meeting notes\nBuy milk" },
      { name: "main.py", bytes: "print('xin chào')\n" },
      { name: "report.pdf", bytes: pdfWith("Quarterly revenue grew 12 percent") },
      { name: "letter.docx", bytes: await docxWith("Kính gửi quý khách") },
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
    const got = await exports.default.fetch(new Request(`${ORIGIN}${files[4].url}`, { headers: { Authorization: `Bearer ${user.token}` } }));
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(png);

    const attachments = await loadAttachments({ bucket: env.IMAGES, userId: user.id, ids: files.map((f: any) => f.id) });
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
    expect(parsed.files[0]).toMatchObject({ name: "notes.txt", group: "text", size: 22, text: "Meeting notes\nBuy milk" });
  });

  it("cuts a long text to the per-file budget and the turn's budget", async () => {
    const user = await registerUser();
    const big = "x".repeat(MAX_TEXT_CHARS_PER_FILE + 500);
    const files = (await json(await upload(user, Array.from({ length: 4 }, (_, i) => ({ name: `big${i}.md`, bytes: big }))))).data.files;
    expect(files[0]).toMatchObject({ text_chars: MAX_TEXT_CHARS_PER_FILE, truncated: true });
    const attachments = await loadAttachments({ bucket: env.IMAGES, userId: user.id, ids: files.map((f: any) => f.id) });
    expect(attachments.reduce((n, a) => n + (a.text?.length ?? 0), 0)).toBe(MAX_TEXT_CHARS_PER_TURN);
    expect(attachments[3]!.text).toBe("");
    expect(attachments.every((a) => a.truncated)).toBe(true);
  });

  it("refuses more than 10 files with 413", async () => {
    const user = await registerUser();
    const res = await upload(user, Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, bytes: "hi" })));
    expect(res.status).toBe(413);
    expect((await json(res)).message).toMatch(/At most 10 files/);
  });

  it("refuses a file over 5 MB with 413 naming it, and 20 MB together with 413", async () => {
    const user = await registerUser();
    const over = await upload(user, [{ name: "huge.txt", bytes: new Uint8Array(MAX_FILE_BYTES + 1).fill(0x61) }]);
    expect(over.status).toBe(413);
    expect((await json(over)).message).toContain('File "huge.txt" is too large');
    const total = await upload(user, Array.from({ length: 5 }, (_, i) => ({ name: `part${i}.txt`, bytes: new Uint8Array(4.5 * 1024 * 1024).fill(0x61) })));
    expect(total.status).toBe(413);
  });

  it("refuses bytes of an unsupported type with 415 and stores none of the request's files", async () => {
    const user = await registerUser();
    const zip = new JSZip();
    zip.file("a.bin", "not a document");
    for (const bad of [Uint8Array.from([0x00, 0x01, 0x02, 0xff, 0xfe]), await zip.generateAsync({ type: "uint8array" })]) {
      const res = await upload(user, [{ name: "ok.txt", bytes: "fine" }, { name: "evil.docx", bytes: bad }]);
      expect(res.status).toBe(415);
    }
    const listed = await env.IMAGES.list({ prefix: `uploads/${user.id}/` });
    expect(listed.objects).toHaveLength(0);
  });

  it("answers 400 with no file, 415 to a body that is not multipart", async () => {
    const user = await registerUser();
    const empty = await exports.default.fetch(new Request(`${ORIGIN}/media-api/api/uploads`, { method: "POST", headers: { Authorization: `Bearer ${user.token}` }, body: new FormData() }));
    expect(empty.status).toBe(400);
    const notMultipart = await exports.default.fetch(
      new Request(`${ORIGIN}/media-api/api/uploads`, { method: "POST", headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" }, body: "{}" }),
    );
    expect(notMultipart.status).toBe(415);
  });
});
