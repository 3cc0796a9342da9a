// Above each table of an answer: copy it as Markdown, or as tab-separated values that paste into a spreadsheet's cells
// (plain-text.ts, loaded on the click).
import type { Tokens } from "marked";
import { useTranslation } from "react-i18next";
import { CopyButton } from "./copy-button";

export function TableTools({ token }: { token: Tokens.Table }) {
  const { t } = useTranslation();
  return (
    <div className="md-table__tools">
      <CopyButton text={token.raw.trim()} label={t("markdown.copyTableMarkdown")} />
      <CopyButton
        text={() => import("./plain-text").then((m) => m.tableTsv(token))}
        label={t("markdown.copyTableSheet")}
      />
    </div>
  );
}
