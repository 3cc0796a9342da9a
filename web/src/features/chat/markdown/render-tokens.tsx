// Turns marked's tokens into React elements: the one markdown parser of the app both splits an answer into blocks and
// renders them (no second parser, no HTML strings). Raw HTML in an answer stays text, URLs go through safe-urls, fenced
// code gets the CodeBlock header, wide tables scroll. A block's elements are built once and reused: React elements
// are immutable, so a block scrolled out of view and back (the virtualized list) mounts again without rebuilding them.
import { Fragment, type ReactNode } from "react";
import type { Token, Tokens } from "marked";
import { isFenceClosed } from "./fence";
import { usePart } from "./lazy-part";
import { codeBlockPart, diagramPart, formulaPart, tableToolsPart } from "./parts";
import { safeImageSrc, safeLinkHref } from "../../../../../worker/protocol/safe-urls";
import type { MarkdownBlockSource } from "./split-blocks";
import { withCitationRefs } from "./citation-ref";
import type { MathToken } from "./math/math-tokens";

/** A table's copy buttons; their row is kept empty until they load, so the table does not move. */
function TableToolbar({ token }: { token: Tokens.Table }) {
  const part = usePart(tableToolsPart);
  return part ? <part.TableTools token={token} /> : <div className="md-table__tools" />;
}

interface CodeProps {
  language: string | null;
  text: string;
  complete: boolean;
}

/** A fenced block: until its module is there, the same frame with the code as plain text. */
function Code(props: CodeProps) {
  const part = usePart(codeBlockPart);
  if (part) return <part.CodeBlock {...props} />;
  return (
    <div className="md-code">
      <div className="md-code__header">
        <span className="md-code__lang">{props.language ?? ""}</span>
      </div>
      <pre>
        <code className={props.language ? `language-${props.language}` : undefined}>{props.text}</code>
      </pre>
    </div>
  );
}

/** A formula: until KaTeX is there, its source. */
function MathFormula(props: MathToken & { block?: boolean }) {
  const part = usePart(formulaPart);
  if (part) return <part.Formula tex={props.tex} raw={props.raw} display={props.display} block={props.block} />;
  const Tag = props.block ? "div" : "span";
  return <Tag className="md-math md-math--source">{props.raw.trim()}</Tag>;
}

/** A finished Mermaid block: until mermaid's view is there, its source as code. */
function MermaidDiagram({ source }: { source: string }) {
  const part = usePart(diagramPart);
  return part ? <part.Diagram source={source} /> : <Code language="mermaid" text={source} complete />;
}

let entityDecoder: HTMLTextAreaElement | undefined;

/** One HTML entity ("&amp;", "&#39;", "&copy;") as its character, through the browser's own table. */
function decodeEntity(entity: string): string {
  entityDecoder ??= document.createElement("textarea");
  // A textarea's content is text (RCDATA): markup in it never becomes elements, and this is one entity anyway.
  entityDecoder.innerHTML = entity;
  return entityDecoder.value;
}

const ENTITY = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/gi;

/** Marked leaves character references in text for an HTML renderer to decode; React shows text as is, so decode. */
export function decodeEntities(text: string): string {
  return text.includes("&") ? text.replace(ENTITY, decodeEntity) : text;
}

function renderInline(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, i) => <Fragment key={i}>{inline(token)}</Fragment>);
}

function inline(token: Token): ReactNode {
  switch (token.type) {
    case "text": {
      const t = token as Tokens.Text;
      return t.tokens ? renderInline(t.tokens) : withCitationRefs(decodeEntities(t.text));
    }
    case "escape":
      return (token as Tokens.Escape).text;
    case "codespan":
      // code is literal: character references in it stay as written
      return <code className="md-inline-code">{(token as Tokens.Codespan).text}</code>;
    case "strong":
      return <strong>{renderInline((token as Tokens.Strong).tokens)}</strong>;
    case "em":
      return <em>{renderInline((token as Tokens.Em).tokens)}</em>;
    case "del":
      return <del>{renderInline((token as Tokens.Del).tokens)}</del>;
    case "br":
      return <br />;
    case "link":
      return link(token as Tokens.Link);
    case "image":
      return image(token as Tokens.Image);
    case "checkbox":
      return <input type="checkbox" checked={(token as Tokens.Checkbox).checked} disabled readOnly />;
    case "mathInline": {
      const t = token as MathToken;
      return <MathFormula {...t} />;
    }
    case "html":
    case "tag":
      // raw HTML is shown as the text it is, never rendered
      return (token as Tokens.HTML).text;
    default:
      return "raw" in token ? token.raw : null;
  }
}

/** A link opens in a new tab, without giving the page a handle on ours; an unsafe URL leaves plain text. */
function link(token: Tokens.Link): ReactNode {
  const children = renderInline(token.tokens);
  const href = safeLinkHref(token.href);
  if (!href) return children;
  const title = token.title ? decodeEntities(token.title) : undefined;
  if (href.startsWith("#")) {
    return (
      <a href={href} title={title}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

/** Images (generated ones included) load when scrolled near; an unsafe source leaves the alt text. */
function image(token: Tokens.Image): ReactNode {
  const alt = decodeEntities(token.text);
  const src = safeImageSrc(token.href);
  if (!src) return alt;
  return (
    <img
      src={src}
      alt={alt}
      title={token.title ? decodeEntities(token.title) : undefined}
      className="md-image"
      loading="lazy"
      decoding="async"
    />
  );
}

/** Block tokens with a line break between them, as in the whole message. */
export function renderBlocks(tokens: readonly Token[]): ReactNode[] {
  const out: ReactNode[] = [];
  tokens.forEach((token, i) => {
    const node = block(token);
    if (node === null) return;
    if (out.length > 0) out.push("\n");
    out.push(<Fragment key={i}>{node}</Fragment>);
  });
  return out;
}

function block(token: Token): ReactNode {
  switch (token.type) {
    case "space":
    case "def":
      return null;
    case "paragraph":
      return <p>{renderInline((token as Tokens.Paragraph).tokens)}</p>;
    case "text": {
      // a tight list item's text: inline content without a paragraph
      const t = token as Tokens.Text;
      return t.tokens ? renderInline(t.tokens) : decodeEntities(t.text);
    }
    case "heading": {
      const t = token as Tokens.Heading;
      const Tag = `h${Math.min(6, Math.max(1, t.depth))}` as "h1";
      return <Tag>{renderInline(t.tokens)}</Tag>;
    }
    case "code": {
      const t = token as Tokens.Code;
      const language = (t.lang ?? "").match(/^\S*/)?.[0] || null;
      // the code's text ends with one line break, as an HTML renderer writes it
      const complete = isFenceClosed(t.raw);
      // a finished Mermaid block is drawn; one still streaming shows as code until its fence closes
      if (complete && language?.toLowerCase() === "mermaid") return <MermaidDiagram source={`${t.text}\n`} />;
      return <Code language={language ? decodeEntities(language) : null} text={`${t.text}\n`} complete={complete} />;
    }
    case "mathBlock": {
      const t = token as MathToken;
      return <MathFormula {...t} block />;
    }
    case "blockquote":
      return <blockquote>{renderBlocks((token as Tokens.Blockquote).tokens)}</blockquote>;
    case "hr":
      return <hr />;
    case "list":
      return list(token as Tokens.List);
    case "table":
      return table(token as Tokens.Table);
    case "html":
      // trailing newlines matched from their run's start only (fence.ts says why)
      return <p>{(token as Tokens.HTML).text.replace(/(?<!\n)\n+$/, "")}</p>;
    default:
      return "raw" in token ? <p>{token.raw}</p> : null;
  }
}

function list(token: Tokens.List): ReactNode {
  const items = token.items.map((item, i) => {
    // tight items hold text tokens (no paragraph); loose ones hold paragraphs
    const body = item.tokens.map((child, j) => (
      <Fragment key={j}>
        {j > 0 && child.type !== "checkbox" && item.tokens[j - 1]?.type !== "checkbox" ? "\n" : null}
        {child.type === "checkbox" ? <>{inline(child)} </> : block(child)}
      </Fragment>
    ));
    return (
      <li key={i} className={item.task ? "task-list-item" : undefined}>
        {body}
      </li>
    );
  });
  if (!token.ordered)
    return <ul className={token.items.some((i) => i.task) ? "contains-task-list" : undefined}>{items}</ul>;
  const start = typeof token.start === "number" ? token.start : Number(token.start) || 1;
  return <ol start={start !== 1 ? start : undefined}>{items}</ol>;
}

function table(token: Tokens.Table): ReactNode {
  const align = (i: number) => token.align[i] ?? undefined;
  return (
    // wide tables scroll sideways inside the message instead of widening it, tall ones down under their header row;
    // focusable so keyboards can scroll too
    <div className="md-table-block">
      <TableToolbar token={token} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard (axe: scrollable-region-focusable) */}
      <div className="md-table" tabIndex={0}>
        <table>
          <thead>
            <tr>
              {token.header.map((cell, i) => (
                <th key={i} style={align(i) ? { textAlign: align(i) } : undefined}>
                  {renderInline(cell.tokens)}
                </th>
              ))}
            </tr>
          </thead>
          {token.rows.length > 0 ? (
            <tbody>
              {token.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i} style={align(i) ? { textAlign: align(i) } : undefined}>
                      {renderInline(cell.tokens)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ) : null}
        </table>
      </div>
    </div>
  );
}

const rendered = new WeakMap<MarkdownBlockSource, ReactNode>();

/** A block's elements, built on its first render and reused after (blocks of a finished message are cached too). */
export function renderBlock(source: MarkdownBlockSource): ReactNode {
  let node = rendered.get(source);
  if (node === undefined) {
    node = renderBlocks(source.tokens);
    rendered.set(source, node);
  }
  return node;
}
