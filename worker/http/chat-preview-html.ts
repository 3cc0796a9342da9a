// The HTML of a chat's first screen, written by the worker into the page of a chat opened by its address
// (worker/http/chat-page.ts): the last messages with the class names the SPA gives them (message-item.tsx, and the
// markdown's blocks as render-tokens.tsx draws them before their code loads), so the app's own stylesheets draw them
// as the app will. Answers and questions are untrusted text: everything is escaped, raw HTML in an answer stays text
// (as in the SPA), and links and images go through the SPA's own rule (worker/protocol/safe-urls.ts).
import { Marked, Renderer, type Tokens } from "marked";
import { escapeHtml } from "../lib/escape-html";
import { safeImageSrc, safeLinkHref } from "../protocol/safe-urls";

const defaults = new Renderer();

/** marked, with what the SPA's renderer does differently from marked's own HTML (render-tokens.tsx). */
const markdown = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    // trailing newlines matched from their run's start only: from each newline of a long run it was quadratic
    html: (token: Tokens.HTML | Tokens.Tag) =>
      token.block ? `<p>${escapeHtml(token.text.replace(/(?<!\n)\n+$/, ""))}</p>` : escapeHtml(token.text),
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const href = safeLinkHref(token.href);
      if (!href) return text;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<a href="${escapeHtml(href)}"${title} target="_blank" rel="noopener noreferrer nofollow">${text}</a>`;
    },
    image(token: Tokens.Image) {
      const src = safeImageSrc(token.href);
      if (!src) return escapeHtml(token.text);
      return `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}" class="md-image" loading="lazy" decoding="async">`;
    },
    code(token: Tokens.Code) {
      const language = (token.lang ?? "").match(/^\S*/)?.[0] || "";
      const cls = language ? ` class="language-${escapeHtml(language)}"` : "";
      return `<div class="md-code"><div class="md-code__header"><span class="md-code__lang">${escapeHtml(language)}</span></div><pre><code${cls}>${escapeHtml(`${token.text}\n`)}</code></pre></div>`;
    },
    codespan: (token: Tokens.Codespan) => `<code class="md-inline-code">${escapeHtml(token.text)}</code>`,
    table(token: Tokens.Table) {
      const inner = defaults.table.call(this, token);
      return `<div class="md-table-block"><div class="md-table__tools"></div><div class="md-table">${inner}</div></div>`;
    },
  },
});

/** An answer's markdown as the SPA's `.markdown` block. */
export function answerHtml(text: string): string {
  return `<div class="markdown">${markdown.parse(text, { async: false })}</div>`;
}

export interface PreviewMessage {
  messageId: string;
  sender: string;
  message: string;
  error: boolean;
}

/** An answer's avatar: the app's logo, which the page already loads as its icon. */
const AVATAR = `<img src="/favicon.svg" width="26" height="26" alt="">`;

/**
 * One message as the SPA's row draws it: a question's bubble, or an answer's avatar and markdown, each with the empty
 * room of the actions under it (they keep their height while hidden), so the rows are as tall as the app's.
 */
function messageHtml(m: PreviewMessage): string {
  const id = escapeHtml(m.messageId);
  if (m.sender === "user")
    return `<div class="message-row"><article class="msg msg--user" data-message-id="${id}"><div class="msg__bubble">${escapeHtml(m.message)}</div><div class="msg__actions msg__actions--user"></div></article></div>`;
  // a failed answer shows the app's error sentence once the app runs; here it takes no room
  const body = m.message && !m.error ? answerHtml(m.message) : "";
  return `<div class="message-row"><article class="msg msg--bot" data-message-id="${id}"><div class="msg__avatar">${AVATAR}</div><div class="msg__body">${body}<div class="msg__meta msg__actions"></div></div></article></div>`;
}

/**
 * The first screen: the messages at the foot of a view the size of the app's chat (beside the sidebar's place on a
 * wide screen, above the composer's), with their stylesheets (`css`) inline, hidden from assistive technology (the
 * app's own list replaces it within the second) and removed by the page's boot script once the app's list shows
 * (web/theme-init.js).
 */
export function chatPreviewHtml(messages: readonly PreviewMessage[], css = ""): string {
  if (messages.length === 0) return "";
  // the app's own stylesheets (built files, never user text); "</" could only end the element early, so it is cut
  const style = css ? `<style>${css.replaceAll("</", "<\\/")}</style>` : "";
  return `<div id="chat-preview" class="chat-preview" aria-hidden="true">${style}<div class="chat-preview__side"></div><div class="chat-preview__main"><div class="chat-preview__view"><div class="message-list">${messages.map(messageHtml).join("")}</div></div></div></div>`;
}
