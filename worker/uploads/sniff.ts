// What a file really is, from its bytes, never from its name or declared type: PNG, JPEG, GIF, WebP, PDF, DOCX (a
// ZIP holding word/document.xml) or plain UTF-8 text (no NUL bytes, decodes strictly). The name's extension only says
// which kind of text it is (code, structured, text) once the bytes are known to be text.

export type SniffedType =
  | "image/png"
  | "image/jpeg"
  | "image/gif"
  | "image/webp"
  | "application/pdf"
  | "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
  | "text/plain";

/** The file groups a model accepts (its supportedFileTypes in worker/models/catalogue.ts). */
export type FileGroup = "image" | "office" | "text" | "code" | "structured";

const CODE_EXT = new Set([
  "js",
  "jsx",
  "ts",
  "tsx",
  "py",
  "java",
  "c",
  "h",
  "cpp",
  "hpp",
  "cs",
  "go",
  "rs",
  "rb",
  "php",
  "swift",
  "kt",
  "sh",
  "sql",
  "css",
  "scss",
  "html",
  "vue",
  "svelte",
  "r",
  "m",
  "lua",
  "dart",
]);
const STRUCTURED_EXT = new Set(["json", "csv", "tsv", "xml", "yaml", "yml", "toml", "ini"]);

function startsWith(b: Uint8Array, sig: number[], offset = 0): boolean {
  return b.length >= offset + sig.length && sig.every((x, i) => b[offset + i] === x);
}

/** True when a ZIP's bytes name the entry (its file name is stored in plain text in the local and central headers). */
function zipHasEntry(b: Uint8Array, name: string): boolean {
  const needle = new TextEncoder().encode(name);
  outer: for (let i = 0; i + needle.length <= b.length; i++) {
    for (let j = 0; j < needle.length; j++) if (b[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function isUtf8Text(b: Uint8Array): boolean {
  if (b.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(b);
    return true;
  } catch {
    return false;
  }
}

export function sniffFile(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return "image/gif";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    return zipHasEntry(bytes, "word/document.xml")
      ? "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
      : null;
  }
  if (bytes.length > 0 && isUtf8Text(bytes)) return "text/plain";
  return null;
}

/** The group a sniffed file belongs to; a text file's extension picks code or structured. */
export function groupOf(type: SniffedType, name: string): FileGroup {
  if (type.startsWith("image/")) return "image";
  if (type !== "text/plain") return "office";
  const ext = name.toLowerCase().split(".").at(-1) ?? "";
  if (CODE_EXT.has(ext)) return "code";
  if (STRUCTURED_EXT.has(ext)) return "structured";
  return "text";
}
