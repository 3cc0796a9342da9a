// Markdown to HTML for the shared page, which the worker renders so it reads on a phone without JavaScript. The text is
// a model's answer or a user's question, so nothing in it may become markup of its own: raw HTML is shown as text,
// links keep to http(s) and mailto (and open apart, marked as user content), and pictures show only from the share's
// own URLs (anything else becomes a plain link: an outside picture would tell its host who reads the page).
import { Marked, type Tokens } from "marked";
import { escapeHtml } from "../lib/escape-html";

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/** A Markdown renderer whose pictures may only come from under `imageBase` (the share's path, /s/<id>/). */
export function shareMarkdown(imageBase: string): (markdown: string) => string {
  const marked = new Marked({
    gfm: true,
    breaks: true,
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      link({ href, title, tokens }: Tokens.Link) {
        const label = this.parser.parseInline(tokens);
        if (!SAFE_HREF.test(href)) return label;
        const titled = title ? ` title="${escapeHtml(title)}"` : "";
        return `<a href="${escapeHtml(href)}"${titled} target="_blank" rel="noopener noreferrer nofollow ugc">${label}</a>`;
      },
      image({ href, text }: Tokens.Image) {
        if (href.startsWith(imageBase) && !href.includes("..")) {
          return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" loading="lazy">`;
        }
        if (SAFE_HREF.test(href)) {
          return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow ugc">${escapeHtml(text || href)}</a>`;
        }
        return escapeHtml(text);
      },
    },
  });
  return (markdown) => marked.parse(markdown, { async: false });
}
