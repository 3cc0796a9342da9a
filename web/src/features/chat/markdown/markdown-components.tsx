// The one set of react-markdown options for chat answers. The streamed block renderer and a whole-message render use
// exactly these, which is what makes their HTML identical.
import type { ComponentPropsWithoutRef } from "react";
import type { Components, ExtraProps, Options } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";
import { markdownUrlTransform } from "./safe-urls";

type Props<Tag extends "a" | "code" | "img" | "table"> = ComponentPropsWithoutRef<Tag> & ExtraProps;

/** A link opens in a new tab, without giving the page a handle on ours; an unsafe URL (dropped) leaves plain text. */
function MarkdownLink({ node: _node, href, children, ...props }: Props<"a">) {
  if (!href) return <>{children}</>;
  if (href.startsWith("#")) {
    return (
      <a {...props} href={href}>
        {children}
      </a>
    );
  }
  return (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

/** Inline code only: fenced code is drawn by CodeBlock, which does not render its <code> child through here. */
function InlineCode({ node: _node, className, ...props }: Props<"code">) {
  return <code {...props} className={className ? `md-inline-code ${className}` : "md-inline-code"} />;
}

/** Wide tables scroll sideways inside the message instead of widening it; focusable so keyboards can scroll too. */
function ScrollableTable({ node: _node, ...props }: Props<"table">) {
  return (
    <div className="md-table" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

/** Images (generated ones included) load when scrolled near; an unsafe source (dropped) leaves the alt text. */
function MarkdownImage({ node: _node, src, alt, ...props }: Props<"img">) {
  if (!src) return <>{alt}</>;
  return <img {...props} src={src} alt={alt ?? ""} className="md-image" loading="lazy" decoding="async" />;
}

export const components: Components = {
  a: MarkdownLink,
  code: InlineCode,
  img: MarkdownImage,
  pre: CodeBlock,
  table: ScrollableTable,
};

export const remarkPlugins = [remarkGfm];

/**
 * Every option given to react-markdown. Raw HTML in an answer stays text (react-markdown's default, no rehype-raw).
 * Spread into <Markdown>, with the markdown as children.
 */
export const markdownOptions = {
  components,
  remarkPlugins,
  urlTransform: markdownUrlTransform,
} satisfies Omit<Options, "children">;
