// One chat taken out of the app as a file (GET /chat-sessions/:id/export): Markdown to read or keep with notes, or
// JSON with every field of every message for another tool. The chat's title names the file. Citations become a
// numbered list of sources under their answer; attachments are listed by name (their bytes stay in the app).
import * as v from "valibot";
import { CitationSchema } from "../protocol/chat-stream";
import type { PublicChat, PublicMessage } from "../protocol/resources";

export const EXPORT_FORMATS = ["markdown", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const EXTENSION: Record<ExportFormat, string> = { markdown: "md", json: "json" };
const CONTENT_TYPE: Record<ExportFormat, string> = {
  markdown: "text/markdown; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/** Who wrote a message, as the export's headings name them. */
const AUTHOR = { user: "You", bot: "Mây" } as const;

export function markdownOf(chat: PublicChat, messages: PublicMessage[], exportedAt: string): string {
  const lines = [`# ${chat.title}`, "", `_Exported from Mây on ${exportedAt.slice(0, 10)}._`, ""];
  for (const m of messages) {
    const when = (m.created_at ?? "").replace("T", " ").slice(0, 16);
    const model = m.sender === "bot" && m.model ? ` (${m.model})` : "";
    lines.push(`## ${AUTHOR[m.sender]}${model}${when ? ` · ${when} UTC` : ""}`, "", m.message.trim() || "_(empty)_");
    const files = m.attachments ?? [];
    if (files.length > 0) lines.push("", ...files.map((f) => `- 📎 ${f.name}`));
    // Untrusted entries: only those that are citations are listed.
    const linked = (m.citations ?? []).flatMap((c) => {
      const parsed = v.safeParse(CitationSchema, c);
      return parsed.success ? [parsed.output] : [];
    });
    if (linked.length > 0) {
      lines.push("", "Sources:", "");
      for (const [i, s] of linked.entries()) lines.push(`${i + 1}. [${s.title || s.url}](${s.url})`);
    }
    if (m.stopped) lines.push("", "_(stopped)_");
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** A file name from the chat's title: letters (any script), digits, spaces and dashes kept, at most 80 characters. */
export function exportFileName(title: string, format: ExportFormat): string {
  const base = title
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} _-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80)
    .trim();
  return `${base || "chat"}.${EXTENSION[format]}`;
}

/** The export as a download: the body, its type and its Content-Disposition (RFC 6266, a UTF-8 name and an ASCII one). */
export function chatExport({
  chat,
  messages,
  format,
  now = new Date(),
}: {
  chat: PublicChat;
  messages: PublicMessage[];
  format: ExportFormat;
  now?: Date;
}): { body: string; headers: Record<string, string> } {
  const exportedAt = now.toISOString();
  const body =
    format === "markdown"
      ? markdownOf(chat, messages, exportedAt)
      : `${JSON.stringify({ format: "may-chat-export", version: 1, exported_at: exportedAt, chat, messages }, null, 2)}\n`;
  const name = exportFileName(chat.title, format);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "_");
  return {
    body,
    headers: {
      "Content-Type": CONTENT_TYPE[format],
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "no-store",
    },
  };
}
