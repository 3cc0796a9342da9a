// Text as HTML, for the pages the worker writes itself (a shared chat's page, a chat's first screen): every character
// that could start or end markup, or an attribute value, is escaped.
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `text` safe as HTML text or as a quoted attribute value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] as string);
