// A formula of an answer, typeset by KaTeX. KaTeX (~75 kB gzip with its stylesheet; its fonts are the app's own files,
// fetched by the browser only for the glyphs a formula uses) loads with the first formula on screen, never with the
// chat: until then, and when the TeX is not valid, the formula shows as its source, so a message never breaks.
// Copying typeset math gives its LaTeX (KaTeX's copy-tex, loaded with it).
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

type Katex = typeof import("katex").default;

let katex: Katex | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Loads KaTeX, its stylesheet and its copy handler once; formulas on screen draw again when it is there. */
export function loadKatex(): Promise<void> {
  loading ??= Promise.all([
    import("katex"),
    import("katex/dist/katex.min.css"),
    import("katex/contrib/copy-tex"),
    import("./math.css"),
  ]).then(
    ([module]) => {
      katex = module.default;
      for (const listener of listeners) listener();
    },
    () => {
      loading = undefined; // offline or a failed chunk: the next formula tries again; meanwhile the source shows
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Formulas kept typeset (by TeX and mode), so a message scrolled back into view does not typeset again. */
const CACHE_SIZE = 500;
const typeset = new Map<string, { html: string } | { error: string }>();

function render(lib: Katex, tex: string, display: boolean): { html: string } | { error: string } {
  const key = `${display ? "D" : "I"}${tex}`;
  let result = typeset.get(key);
  if (!result) {
    try {
      // trust: false refuses \href, \url, \includegraphics and \htmlClass-like commands; KaTeX escapes all text, so
      // the HTML it returns holds no markup of the answer's own.
      result = {
        html: lib.renderToString(tex, {
          displayMode: display,
          throwOnError: true,
          trust: false,
          strict: "ignore",
          output: "htmlAndMathml",
          maxExpand: 1000,
          maxSize: 50,
        }),
      };
    } catch (err) {
      result = { error: err instanceof Error ? err.message : String(err) };
    }
    if (typeset.size >= CACHE_SIZE) typeset.delete(typeset.keys().next().value as string);
    typeset.set(key, result);
  }
  return result;
}

interface FormulaProps {
  tex: string;
  /** The formula as written, delimiters included: what shows until KaTeX is there, or when the TeX is not valid. */
  raw: string;
  display: boolean;
  /** A formula that is a block of its own (a div); inline ones, display `$$…$$` in a sentence too, are spans. */
  block?: boolean;
}

export function Formula({ tex, raw, display, block = false }: FormulaProps) {
  const { t } = useTranslation();
  const lib = useSyncExternalStore(
    subscribe,
    () => katex,
    () => undefined,
  );
  const Tag = block ? "div" : "span";
  if (!lib) {
    void loadKatex();
    return <Tag className="md-math md-math--source">{raw.trim()}</Tag>;
  }
  const result = render(lib, tex, display);
  if ("error" in result) {
    return (
      // KaTeX's message (English only) is kept for whoever inspects the page; the reader gets a translated hint
      <Tag
        className="md-math md-math--source md-math--error"
        title={t("markdown.formulaError")}
        data-error={result.error}
      >
        {raw.trim()}
      </Tag>
    );
  }
  // KaTeX's own output (see render): the one HTML string the renderer injects.
  return (
    <Tag
      className={display ? "md-math md-math--display" : "md-math"}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output with trust off escapes every character of the answer
      dangerouslySetInnerHTML={{ __html: result.html }}
    />
  );
}
