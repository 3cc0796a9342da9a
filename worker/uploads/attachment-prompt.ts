// How attached files reach a model as text, declared once: each text file is a block with a header line naming the
// file, its kind and size, then its text, then an end line; the blocks come before the question. The offline model
// reads the same blocks back (parseAttachmentsPrompt), so its answer shows what a real model would have received.

export interface AttachmentText {
  name: string;
  group: string;
  /** Bytes. */
  size: number;
  truncated: boolean;
  /** The file's text as the model reads it; null for an image (it goes as vision input, not text). */
  text: string | null;
}

const header = (a: AttachmentText) =>
  `--- Attached file: ${a.name} (${a.group}, ${a.size} bytes${a.truncated ? ", text truncated" : ""}) ---`;

/** The attachments as text for the model's prompt: each text file's name, kind and size, then its text. */
export function attachmentsPrompt(attachments: AttachmentText[]): string {
  return attachments
    .filter((a) => a.text !== null)
    .map((a) => `${header(a)}\n${a.text || "(no readable text)"}\n--- End of ${a.name} ---`)
    .join("\n\n");
}

const BLOCK =
  /--- Attached file: (.+?) \((\w+), (\d+) bytes(, text truncated)?\) ---\n([\s\S]*?)\n--- End of \1 ---(?:\n\n)?/g;

/** The attached text files found at the start of a user message, and the question after them. */
export function parseAttachmentsPrompt(text: string): { files: AttachmentText[]; question: string } {
  const files: AttachmentText[] = [];
  let end = 0;
  for (const m of text.matchAll(BLOCK)) {
    if (m.index !== end) break;
    files.push({ name: m[1]!, group: m[2]!, size: Number(m[3]), truncated: Boolean(m[4]), text: m[5] ?? "" });
    end = m.index + m[0].length;
  }
  return { files, question: text.slice(end) };
}
