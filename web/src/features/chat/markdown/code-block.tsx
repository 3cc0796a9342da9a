// Fenced code in an answer: a header with the language, a wrap switch and a copy button above the code, coloured by
// its language (code/highlighter.ts, loaded with the first block naming a language) once its grammar has loaded.
// Colouring stays off the streaming hot path and out of long tasks: a finished block is coloured once (and kept) in a
// later task, a few blocks a task; the block still streaming at most every HIGHLIGHT_EVERY_MS, its newest text plain
// after the coloured part until the next pass, and coloured at once when it finishes.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "./copy-button";
// the highlighter (its language table and loaders) loads with the first code block that names a language
import { highlighterPart } from "./parts";

/** Least time between two colourings of a block still streaming, in milliseconds. */
export const HIGHLIGHT_EVERY_MS = 300;

/**
 * The code's content: coloured spans once its grammar is there, else its text. `complete` is false while the block's
 * fence is still open (the answer is streaming into it).
 */
function useColouredCode(language: string | null, text: string, complete: boolean): ReactNode {
  const [, redraw] = useState(0);
  const lib = language ? highlighterPart.loaded() : undefined;
  const name = lib && language ? lib.grammarName(language) : null;
  const ready = name !== null && lib?.languageReady(name) === true;
  // the text of a streaming block last coloured, and the pass planned for its newer text
  const colouredText = useRef("");
  const latest = useRef(text);
  latest.current = text;
  const pass = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // true once this block showed coloured spans while streaming
  const showedColours = useRef(false);

  // keyed on what this render saw: the highlighter may have arrived between this render and its effect, and the
  // block must still draw again with it (the load resolves at once then)
  useEffect(() => {
    if (!language || lib) return;
    let live = true;
    highlighterPart.load().then(
      () => live && redraw((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language, lib]);

  useEffect(() => {
    if (!lib || !name || ready) return;
    let live = true;
    lib.loadLanguage(name).then(
      () => live && redraw((n) => n + 1),
      () => undefined, // the grammar could not load (offline): the code stays plain
    );
    return () => {
      live = false;
    };
  }, [lib, name, ready]);

  useEffect(() => {
    if (!ready || complete || pass.current || text === colouredText.current) return;
    pass.current = setTimeout(() => {
      pass.current = undefined;
      colouredText.current = latest.current;
      redraw((n) => n + 1);
    }, HIGHLIGHT_EVERY_MS);
  });
  useEffect(() => () => clearTimeout(pass.current), []);

  // a finished block's kept colours, or coloured now while this task has time for it (highlighter.colourInTask: a
  // chat's first blocks appear coloured); one not coloured yet is, in a later task with the other blocks on screen
  // (highlighter.colourLater)
  const kept = ready && complete && lib && name ? lib.colourInTask(name, text) : undefined;
  const waiting = ready && complete && !kept && !showedColours.current;
  useEffect(() => {
    if (!waiting || !lib || !name) return;
    return lib.colourLater(name, text, () => redraw((n) => n + 1));
  }, [waiting, lib, name, text]);

  if (!lib || !name || !ready) return text;
  if (complete) {
    // the block that just finished streaming was showing colours: colour it now rather than flash it plain
    const spans = kept ?? (showedColours.current ? lib.highlight(name, text) : null);
    return spans ?? text;
  }
  const done = colouredText.current;
  if (!done || !text.startsWith(done)) return text;
  const spans = lib.highlight(name, done, { keep: false });
  if (spans) showedColours.current = true;
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
  const code = useColouredCode(language, text, complete);
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
