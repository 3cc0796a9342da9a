// The prompt library (/admin/prompts) without SQL or a deploy: every prompt of the catalogue with the operator's edits
// over it, hidden ones too. Pick one (or start a new one), change its texts in all four languages, its category and
// order weight, and save; hide it or show it again; drop the edit to go back to the catalogue's texts (or remove an
// added prompt). Beside the form, a preview of the prompt in each language as it will read. Users' /prompts read the
// saved texts at once (worker/routes/admin-prompts.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PROMPT_ID, PROMPT_LANGUAGES, type PromptLanguage } from "../../../../worker/protocol/prompts";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../toast/toast.atoms";
import { confirm } from "../ui/confirm.atoms";
import { LoadError, Loading } from "./admin-bits";
import { adminCalls, adminKeys, adminQueries, type PromptEdit } from "./admin.queries";
import type { AdminPrompt, AdminPrompts } from "./admin.schemas";
import { useAdminTexts } from "./admin-texts";

/** The worker's limits on a prompt's texts, in characters (worker/routes/admin-prompts.ts). */
const MAX = [120, 300, 4_000] as const;
const FIELDS = ["title", "description", "body"] as const;

type Texts = PromptEdit["texts"];
const emptyTexts = (): Texts => ({ vi: ["", "", ""], en: ["", "", ""], ru: ["", "", ""], zh: ["", "", ""] });
const textsOf = (p: AdminPrompt): Texts => ({
  vi: [p.texts.vi[0] ?? "", p.texts.vi[1] ?? "", p.texts.vi[2] ?? ""],
  en: [p.texts.en[0] ?? "", p.texts.en[1] ?? "", p.texts.en[2] ?? ""],
  ru: [p.texts.ru[0] ?? "", p.texts.ru[1] ?? "", p.texts.ru[2] ?? ""],
  zh: [p.texts.zh[0] ?? "", p.texts.zh[1] ?? "", p.texts.zh[2] ?? ""],
});
/** The page's language as one of the library's, for the list's titles. */
const libraryLang = (lng: string): PromptLanguage =>
  (PROMPT_LANGUAGES as readonly string[]).includes(lng) ? (lng as PromptLanguage) : "en";

export function PromptsPage() {
  const { t, i18n } = useAdminTexts();
  const prompts = useQuery(adminQueries.prompts());
  const [selected, setSelected] = useState<string | "new">("new");
  const [filter, setFilter] = useState("");
  const lang = libraryLang(i18n.language);

  if (prompts.isError) return <LoadError error={prompts.error} />;
  if (!prompts.data) return <Loading />;
  const { prompts: all, categories } = prompts.data;
  const q = filter.trim().toLowerCase();
  const shown = q ? all.filter((p) => p.id.includes(q) || (p.texts[lang][0] ?? "").toLowerCase().includes(q)) : all;
  const prompt = selected === "new" ? undefined : all.find((p) => p.id === selected);

  return (
    <section className="adm-page" data-testid="admin-prompts">
      <h1>{t("prompts.title")}</h1>
      <div className="adm-split">
        <div>
          <label className="adm-filters">
            {t("prompts.filter")}
            <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </label>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => setSelected("new")}
            data-testid="admin-prompt-new"
          >
            + {t("prompts.new")}
          </button>
          {shown.length === 0 ? (
            <p className="adm-empty">{t("prompts.none")}</p>
          ) : (
            <ul className="adm-list adm-prompt-list">
              {shown.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className={`adm-list__item${p.id === selected ? " is-active" : ""}`}
                    onClick={() => setSelected(p.id)}
                    data-testid="admin-prompt-item"
                    data-id={p.id}
                    data-source={p.source}
                    data-hidden={p.hidden}
                  >
                    <strong>{p.texts[lang][0] || p.id}</strong>
                    <span className="adm-muted">
                      {t(`prompts.source.${p.source}`)}
                      {p.hidden ? ` · ${t("prompts.hidden")}` : ""}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <PromptForm
          key={prompt?.id ?? "new"}
          prompt={prompt}
          categories={categories}
          onSaved={(id) => setSelected(id)}
        />
      </div>
    </section>
  );
}

function PromptForm({
  prompt,
  categories,
  onSaved,
}: {
  prompt?: AdminPrompt;
  categories: AdminPrompts["categories"];
  onSaved: (id: string) => void;
}) {
  const { t } = useAdminTexts();
  const qc = useQueryClient();
  const [id, setId] = useState(prompt?.id ?? "");
  const [category, setCategory] = useState(prompt?.category ?? categories[0]?.id ?? "");
  const [weight, setWeight] = useState(String(prompt?.weight ?? 0));
  const [texts, setTexts] = useState<Texts>(() => (prompt ? textsOf(prompt) : emptyTexts()));
  const setText = (lng: PromptLanguage, i: number, value: string) =>
    setTexts((old) => {
      const next: Texts = { ...old, [lng]: [...old[lng]] };
      next[lng][i] = value;
      return next;
    });
  const trimmed = (): Texts => ({
    vi: texts.vi.map((x) => x.trim()) as Texts["vi"],
    en: texts.en.map((x) => x.trim()) as Texts["en"],
    ru: texts.ru.map((x) => x.trim()) as Texts["ru"],
    zh: texts.zh.map((x) => x.trim()) as Texts["zh"],
  });
  const complete = PROMPT_LANGUAGES.every((l) => texts[l].every((x) => x.trim() !== ""));
  const validId = PROMPT_ID.test(id) && id.length <= 64;
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.prompts });
  const fail = (err: unknown) => toast.error(errorMessage(t, err));

  const save = useMutation({
    mutationFn: (hidden: boolean) =>
      adminCalls.savePrompt(id, { category, weight: Number(weight) || 0, texts: trimmed(), hidden }),
    onSuccess: async (_r, hidden) => {
      toast.success(
        !prompt || prompt.hidden === hidden
          ? t("prompts.saved")
          : hidden
            ? t("prompts.hiddenDone")
            : t("prompts.shownDone"),
      );
      await refresh();
      onSaved(id);
    },
    onError: fail,
  });
  const revert = useMutation({
    mutationFn: () => adminCalls.revertPrompt(id),
    onSuccess: async () => {
      toast.success(prompt?.source === "added" ? t("prompts.removed") : t("prompts.reverted"));
      await refresh();
      if (prompt?.source === "added") onSaved("new");
    },
    onError: fail,
  });
  const busy = save.isPending || revert.isPending;
  const canSave = complete && validId && category !== "" && !busy;
  const askRevert = async () => {
    const added = prompt?.source === "added";
    const ok = await confirm({
      title: added ? t("prompts.remove") : t("prompts.revert"),
      message: added ? t("prompts.removeConfirm", { id }) : t("prompts.revertConfirm", { id }),
      confirmLabel: added ? t("prompts.remove") : t("prompts.revert"),
      cancelLabel: t("common.cancel"),
      danger: added,
    });
    if (ok) revert.mutate();
  };

  return (
    <div className="adm-editor">
      <form
        className="adm-form"
        data-testid="admin-prompt-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (canSave) save.mutate(prompt?.hidden ?? false);
        }}
      >
        <h2>{prompt ? prompt.id : t("prompts.new")}</h2>
        {prompt ? null : (
          <label>
            {t("prompts.id")}
            <input
              value={id}
              onChange={(e) => setId(e.target.value.toLowerCase())}
              maxLength={64}
              pattern={PROMPT_ID.source}
              required
              data-testid="admin-prompt-id"
            />
          </label>
        )}
        <label>
          {t("prompts.category")}
          <select value={category} onChange={(e) => setCategory(e.target.value)} data-testid="admin-prompt-category">
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name.en}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("prompts.weight")}
          <input
            type="number"
            min={-1000}
            max={1000}
            step={1}
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
          />
        </label>
        {PROMPT_LANGUAGES.map((lng) => (
          <fieldset key={lng} className="adm-fieldset" data-testid={`admin-prompt-${lng}`}>
            <legend>{lng.toUpperCase()}</legend>
            {FIELDS.map((field, i) =>
              field === "body" ? (
                <label key={field}>
                  {t(`prompts.fields.${field}`)}
                  <textarea
                    value={texts[lng][i]}
                    onChange={(e) => setText(lng, i, e.target.value)}
                    maxLength={MAX[i]}
                    rows={4}
                    data-testid={`admin-prompt-${lng}-${field}`}
                  />
                </label>
              ) : (
                <label key={field}>
                  {t(`prompts.fields.${field}`)}
                  <input
                    value={texts[lng][i]}
                    onChange={(e) => setText(lng, i, e.target.value)}
                    maxLength={MAX[i]}
                    data-testid={`admin-prompt-${lng}-${field}`}
                  />
                </label>
              ),
            )}
          </fieldset>
        ))}
        {complete ? null : <p className="adm-muted">{t("prompts.incomplete")}</p>}
        <div className="adm-actions">
          <button type="submit" className="btn btn--primary" disabled={!canSave} data-testid="admin-prompt-save">
            {t("prompts.save")}
          </button>
          {prompt ? (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={!canSave}
              onClick={() => save.mutate(!prompt.hidden)}
              data-testid="admin-prompt-hide"
            >
              {prompt.hidden ? t("prompts.show") : t("prompts.hide")}
            </button>
          ) : null}
          {prompt && prompt.source !== "catalogue" ? (
            <button
              type="button"
              className="btn btn--danger"
              disabled={busy}
              onClick={askRevert}
              data-testid="admin-prompt-revert"
            >
              {prompt.source === "added" ? t("prompts.remove") : t("prompts.revert")}
            </button>
          ) : null}
        </div>
      </form>
      <div className="adm-preview" data-testid="admin-prompt-preview">
        <h2>{t("prompts.preview")}</h2>
        {PROMPT_LANGUAGES.map((lng) => (
          <article key={lng} className="adm-card adm-prompt-card" lang={lng} data-lang={lng}>
            <p className="adm-muted">
              {lng.toUpperCase()} · {categories.find((c) => c.id === category)?.name[lng] ?? category}
            </p>
            <h3>{texts[lng][0].trim() || "—"}</h3>
            <p>{texts[lng][1].trim()}</p>
            <pre className="adm-prompt-card__body">{texts[lng][2].trim()}</pre>
          </article>
        ))}
      </div>
    </div>
  );
}
