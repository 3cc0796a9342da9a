// Fenced code in an answer: a header with the language and a copy button above the code. Replaces react-markdown's
// <pre>, reading the code's text and language from the syntax tree node it passes along.
import { useEffect, useRef, useState, type ComponentPropsWithoutRef } from "react";
import { useTranslation } from "react-i18next";
import type { ExtraProps } from "react-markdown";

/** How long the copy button says "copied", in milliseconds. */
export const COPIED_FEEDBACK_MS = 2000;

interface TreeNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: TreeNode[];
}

function textOf(node: TreeNode): string {
  if (node.type === "text") return node.value ?? "";
  return node.children?.map(textOf).join("") ?? "";
}

function languageOf(code: TreeNode | undefined): string | null {
  const className = code?.properties?.className;
  const classes = Array.isArray(className) ? className : [];
  for (const name of classes) {
    if (typeof name === "string" && name.startsWith("language-")) return name.slice("language-".length);
  }
  return null;
}

export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // no clipboard (insecure origin) or permission refused: the label simply does not change
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  }

  return (
    <button type="button" className="md-code__copy" data-copied={copied || undefined} onClick={() => void copy()}>
      {copied ? t("markdown.copied") : t("markdown.copy")}
    </button>
  );
}

export function CodeBlock({ node, children: _children, ...props }: ComponentPropsWithoutRef<"pre"> & ExtraProps) {
  const tree = node as TreeNode | undefined;
  const code = tree?.children?.find((child) => child.type === "element" && child.tagName === "code");
  const language = languageOf(code);
  // mdast-util-to-hast ends code with one line break; it is not part of what the user copies.
  const text = code ? textOf(code) : "";
  return (
    <div className="md-code">
      <div className="md-code__header">
        <span className="md-code__lang">{language ?? ""}</span>
        <CopyButton text={text.endsWith("\n") ? text.slice(0, -1) : text} />
      </div>
      <pre {...props}>
        <code className={language ? `language-${language}` : undefined}>{text}</code>
      </pre>
    </div>
  );
}
