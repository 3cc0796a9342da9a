// A formula of an answer, typeset by KaTeX. This module and KaTeX (~77 kB gzip, and its stylesheet; its fonts are the
// app's own files, fetched by the browser only for the glyphs a formula uses) load with the first formula on screen,
// never with the chat (render-tokens.tsx): until then, and when the TeX is not valid, the formula shows as its source,
// so a message never breaks. Copying typeset math gives its LaTeX (KaTeX's copy-tex).
import katex from "katex";
import "katex/contrib/copy-tex";
import "katex/dist/katex.min.css";
import { useTranslation } from "react-i18next";
import "./math.css";

/**
 * The KaTeX fonts nearly every formula uses (text, italic letters, and the larger sizes of ∫, ∑ and brackets in a
 * display): fetched as this module loads, so the first formulas are laid out once in their own fonts rather than again
 * as each font arrives. KaTeX's other fonts load when a glyph needs them.
 */
const COMMON_FONTS = ["KaTeX_Main", "KaTeX_Math:italic", "KaTeX_Size1", "KaTeX_Size2"];
if (typeof document !== "undefined" && document.fonts) {
  for (const font of COMMON_FONTS) {
    const [family, style = "normal"] = font.split(":");
    document.fonts.load(`${style} 1em ${family}`).catch(() => undefined);
  }
}

/** Formulas kept typeset (by TeX and mode), so a message scrolled back into view does not typeset again. */
const CACHE_SIZE = 500;
const typeset = new Map<string, { html: string } | { error: string }>();

function render(tex: string, display: boolean): { html: string } | { error: string } {
  const key = `${display ? "D" : "I"}${tex}`;
  let result = typeset.get(key);
  if (!result) {
    try {
      // trust: false refuses \href, \url, \includegraphics and \htmlClass-like commands; KaTeX escapes all text, so
      // the HTML it returns holds no markup of the answer's own.
      result = {
        html: katex.renderToString(tex, {
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
  const Tag = block ? "div" : "span";
  const result = render(tex, display);
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
