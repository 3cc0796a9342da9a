// Which files the current model can read, by the catalogue's file groups (GET /api/models supportedFileTypes), as
// extensions for the file picker's accept list and for checking dropped or pasted files. With no model known, the
// default image list applies (DEFAULT_EXTENSIONS). The lists follow what the worker can read (worker/uploads/sniff.ts):
// images, PDF and DOCX, and UTF-8 text of any kind.

export type FileGroup = "text" | "office" | "code" | "structured" | "image";

export const EXTENSIONS: Record<FileGroup, readonly string[]> = {
  text: ["txt", "md", "markdown", "log", "rtf"],
  office: ["pdf", "docx"],
  code: [
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
  ],
  structured: ["json", "csv", "tsv", "xml", "yaml", "yml", "toml", "ini"],
  image: ["jpg", "jpeg", "png", "gif", "webp"],
};

/** The accepted extensions when there is no model: images only. */
export const DEFAULT_EXTENSIONS: readonly string[] = ["jpg", "jpeg", "png", "gif", "webp", "svg"];

export interface FileCapableModel {
  fileSupport: boolean;
  supportedFileTypes: readonly string[];
}

function isGroup(value: string): value is FileGroup {
  return Object.hasOwn(EXTENSIONS, value);
}

/** The extensions a model accepts (none when it has no file support); the default list with no model. */
export function acceptedExtensions(model: FileCapableModel | null | undefined): string[] {
  if (!model) return [...DEFAULT_EXTENSIONS];
  if (!model.fileSupport) return [];
  return model.supportedFileTypes.filter(isGroup).flatMap((g) => EXTENSIONS[g]);
}

/** `accept` for an <input type=file>: ".jpg,.png,…"; `imagesOnly` keeps the image extensions. */
export function acceptAttribute(extensions: readonly string[], imagesOnly = false): string {
  const list = imagesOnly ? extensions.filter((e) => EXTENSIONS.image.includes(e) || e === "svg") : extensions;
  return list.map((e) => `.${e}`).join(",");
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export function isAccepted(name: string, extensions: readonly string[]): boolean {
  return extensions.includes(extensionOf(name));
}

/** The model can take attachments at all (files or images). */
export function canAttach(model: FileCapableModel | null | undefined): boolean {
  return !model || (model.fileSupport && model.supportedFileTypes.length > 0);
}
