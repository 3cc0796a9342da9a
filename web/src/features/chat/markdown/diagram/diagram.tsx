// A finished ```mermaid block of an answer: the diagram, with its source one click away (and copyable). While the
// diagram is drawn, and when its source is not valid Mermaid, the source shows as code, so a message never breaks.
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../copy-button";
import { type Drawing, type Theme, drawDiagram, drawnAlready } from "./draw-diagram";
import "./diagram.css";

function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

const currentTheme = (): Theme => (document.documentElement.dataset.theme === "dark" ? "dark" : "light");

export function Diagram({ source }: { source: string }) {
  const { t } = useTranslation();
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => "light" as Theme);
  const [showSource, setShowSource] = useState(false);
  const [drawing, setDrawing] = useState<Drawing | undefined>(() => drawnAlready(source, theme));

  useEffect(() => {
    const kept = drawnAlready(source, theme);
    setDrawing(kept);
    if (kept) return;
    let live = true;
    void drawDiagram(source, theme).then((d) => live && setDrawing(d));
    return () => {
      live = false;
    };
  }, [source, theme]);

  const failed = drawing !== undefined && "error" in drawing;
  const picture = drawing && !("error" in drawing) ? drawing : undefined;
  return (
    <div className="md-code md-diagram" data-state={picture ? "drawn" : failed ? "failed" : "drawing"}>
      <div className="md-code__header">
        <span className="md-code__lang">mermaid</span>
        <span className="md-code__tools">
          {picture && (
            <button
              type="button"
              className="md-code__copy"
              aria-pressed={showSource}
              onClick={() => setShowSource((s) => !s)}
            >
              {showSource ? t("markdown.showDiagram") : t("markdown.showCode")}
            </button>
          )}
          <CopyButton text={source.replace(/\n$/, "")} />
        </span>
      </div>
      {failed && (
        <p className="md-diagram__error" title={drawing.error}>
          {t("markdown.diagramError")}
        </p>
      )}
      {picture && !showSource ? (
        <div className="md-diagram__view">
          <img
            src={picture.src}
            width={picture.width}
            height={picture.height}
            alt={t("markdown.diagramAlt")}
            decoding="async"
          />
        </div>
      ) : (
        <pre className={picture ? undefined : "md-diagram__pending"}>
          <code className="language-mermaid">{source}</code>
        </pre>
      )}
    </div>
  );
}
