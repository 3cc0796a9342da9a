// Fenced code in an answer: a header with the language, a wrap switch and a copy button above the code, coloured by
// its language (code/highlighter.ts) once its grammar has loaded. Colouring stays off the streaming hot path: a
// finished block is coloured once (and kept), and the block still streaming at most every HIGHLIGHT_EVERY_MS, its
// newest text plain after the coloured part until the next pass.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { highlight, languageReady, loadLanguage } from "./code/highlighter";
import { grammarName } from "./code/languages";

/** How long the copy button says "copied", in milliseconds. */
export const COPIED_FEEDBACK_MS = 2000;

/** Least time between two colourings of a block still streaming, in milliseconds. */
export const HIGHLIGHT_EVERY_MS = 300;

/** A copy button saying "Copied" for a moment; `label` names what it copies when there is a choice. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
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
      {copied ? t("markdown.copied") : (label ?? t("markdown.copy"))}
    </button>
  );
}

/**
 * The code's content: coloured spans once its grammar is there, else its text. `complete` is false while the block's
 * fence is still open (the answer is streaming into it).
 */
function useColouredCode(name: string | null, text: string, complete: boolean): ReactNode {
  const [, redraw] = useState(0);
  const ready = name !== null && languageReady(name);
  // the text of a streaming block last coloured, and the pass planned for its newer text
  const colouredText = useRef("");
  const latest = useRef(text);
  latest.current = text;
  const pass = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!name || ready) return;
    let live = true;
    loadLanguage(name).then(
      () => live && redraw((n) => n + 1),
      () => undefined, // the grammar could not load (offline): the code stays plain
    );
    return () => {
      live = false;
    };
  }, [name, ready]);

  useEffect(() => {
    if (!ready || complete || pass.current || text === colouredText.current) return;
    pass.current = setTimeout(() => {
      pass.current = undefined;
      colouredText.current = latest.current;
      redraw((n) => n + 1);
    }, HIGHLIGHT_EVERY_MS);
  });
  useEffect(() => () => clearTimeout(pass.current), []);

  if (!name || !ready) return text;
  if (complete) return highlight(name, text) ?? text;
  const done = colouredText.current;
  if (!done || !text.startsWith(done)) return text;
  const spans = highlight(name, done, { keep: false });
  return spans ? [...spans, text.slice(done.length)] : text;
}

export function CodeBlock({
  language,
  text,
  complete = true,
}: {
  language: string | null;
  text: string;
  /** False while the block's closing fence has not arrived. */
  complete?: boolean;
}) {
  const { t } = useTranslation();
  const [wrap, setWrap] = useState(false);
  const code = useColouredCode(grammarName(language), text, complete);
  return (
    <div className="md-code">
      <div className="md-code__header">
        <span className="md-code__lang">{language ?? ""}</span>
        <span className="md-code__tools">
          <button
            type="button"
            className="md-code__copy md-code__wrap"
            aria-pressed={wrap}
            title={t("markdown.wrapHint")}
            onClick={() => setWrap((w) => !w)}
          >
            {t("markdown.wrap")}
          </button>
          {/* the final line break is not part of what the user copies */}
          <CopyButton text={text.endsWith("\n") ? text.slice(0, -1) : text} />
        </span>
      </div>
      <pre className={wrap ? "md-code__pre--wrap" : undefined}>
        <code className={language ? `language-${language}` : undefined}>{code}</code>
      </pre>
    </div>
  );
}
