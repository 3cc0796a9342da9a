// Personalization: the custom AI instruction (up to 1,500 characters) with its 'allow for new chats' switch, web
// search and custom-AI switches, the five AI styles (premium only; locked with an upgrade link on Free), and memory
// (on/off and the remembered facts, each deletable). The worker hands all of it to the model with the next answer.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import {
  AI_STYLES,
  type AiSettingsView,
  CUSTOM_INSTRUCTION_MAX_CHARS,
  charCount,
} from "../../../../worker/protocol/settings";
import type { AiSettingsUpdate } from "../../../../worker/protocol/settings-requests";
import { withRequestId } from "../../lib/error-message";
import { meQuery } from "../auth/signed-in/auth.queries";
import { toast } from "../toast/toast.atoms";
import { IconTrash } from "../ui/icons";
import { IconLock } from "../ui/more-icons";
import { Section, SwitchRow } from "./section";
import { deleteMemory, updateAiSettings, updateChatCustomization } from "./settings.api";
import { aiSettingsQuery, memoriesQuery, settingsKeys } from "./settings.queries";
import { validateInstruction } from "./validation";

export function PersonalizationTab() {
  const settings = useQuery(aiSettingsQuery());
  const { t } = useTranslation("accounts");
  if (settings.isError) return <p className="notice notice--error">{t("personalization.failed")}</p>;
  if (!settings.data) return <div className="spinner" role="status" aria-label="…" />;
  return (
    <>
      <InstructionSection settings={settings.data} />
      <StyleSection settings={settings.data} />
      <MemorySection settings={settings.data} />
    </>
  );
}

/** Saves a switch or the style at once; 'An error occurred, please try again' when it fails. */
function useSettingsPatch() {
  const { t } = useTranslation("accounts");
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: AiSettingsUpdate) => updateAiSettings(patch),
    onSuccess: (data) => qc.setQueryData(settingsKeys.aiSettings, data),
    onError: (err) => toast.error(withRequestId(t, t("personalization.failed"), err)),
  });
}

function InstructionSection({ settings }: { settings: AiSettingsView }) {
  const { t } = useTranslation("accounts");
  const qc = useQueryClient();
  const [text, setText] = useState(settings.chat_customization);
  const [allowNew, setAllowNew] = useState(settings.allow_new_chats);
  const [enabled, setEnabled] = useState(settings.enable_ai_custom);
  const patch = useSettingsPatch();
  const save = useMutation({
    mutationFn: () =>
      updateChatCustomization({ customization: text, enable_ai_custom: enabled, allow_new_chats: allowNew }),
    onSuccess: (data) => {
      qc.setQueryData(settingsKeys.aiSettings, data);
      toast.success(t("personalization.saved"));
    },
    onError: (err) => toast.error(withRequestId(t, t("personalization.failed"), err)),
  });
  const max = settings.custom_instruction_max_chars || CUSTOM_INSTRUCTION_MAX_CHARS;
  const count = charCount(text);
  const rule = validateInstruction(text);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!rule) save.mutate();
  };

  return (
    <Section
      title={t("personalization.instructionTitle")}
      description={t("personalization.instructionHint")}
      testId="instruction-section"
    >
      <form className="settings-form" onSubmit={onSubmit} noValidate>
        <label className="field__label" htmlFor="custom-instruction">
          {t("personalization.instructionLabel")}
        </label>
        <textarea
          id="custom-instruction"
          className="input settings-textarea"
          rows={6}
          value={text}
          placeholder={t("personalization.instructionPlaceholder")}
          aria-invalid={rule ? true : undefined}
          aria-describedby="custom-instruction-count"
          data-testid="custom-instruction"
          onChange={(e) => setText(e.target.value)}
        />
        <p
          id="custom-instruction-count"
          className={`settings-hint${rule ? " settings-hint--error" : ""}`}
          data-testid="instruction-count"
        >
          {rule ? t(rule, { max }) : t("personalization.count", { count, max })}
        </p>
        <SwitchRow
          label={t("personalization.enableCustom")}
          checked={enabled}
          onChange={setEnabled}
          testId="enable-ai-custom"
        />
        <SwitchRow
          label={t("personalization.allowNewChats")}
          hint={t("personalization.allowNewChatsHint")}
          checked={allowNew}
          onChange={setAllowNew}
          testId="allow-new-chats"
        />
        <div>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={save.isPending || rule !== null}
            data-testid="instruction-save"
          >
            {save.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
            {t("personalization.save")}
          </button>
        </div>
      </form>
      <SwitchRow
        label={t("personalization.enableSearch")}
        hint={t("personalization.enableSearchHint")}
        checked={settings.enable_search}
        disabled={patch.isPending}
        onChange={(v) => patch.mutate({ enable_search: v })}
        testId="enable-search"
      />
    </Section>
  );
}

function StyleSection({ settings }: { settings: AiSettingsView }) {
  const { t } = useTranslation("accounts");
  const me = useQuery(meQuery());
  const premium = (me.data?.plan ?? "free") !== "free";
  const patch = useSettingsPatch();
  const current = settings.ai_style;

  return (
    <Section title={t("styles.title")} description={t("styles.hint")} testId="style-section">
      {premium ? null : (
        <div className="notice notice--info settings-locked" data-testid="styles-locked">
          <IconLock size={16} />
          <span>{t("styles.locked")}</span>
          <Link to="/upgrade" className="btn btn--sm btn--primary" data-testid="styles-upgrade">
            {t("upgrade")}
          </Link>
        </div>
      )}
      <div className="settings-styles" role="radiogroup" aria-label={t("styles.title")}>
        {[null, ...AI_STYLES].map((id) => (
          <label
            key={id ?? "none"}
            className={`settings-style${current === id ? " settings-style--active" : ""}${premium ? "" : " settings-style--locked"}`}
          >
            <input
              type="radio"
              name="ai-style"
              checked={current === id}
              disabled={!premium || patch.isPending}
              data-testid={`style-${id ?? "none"}`}
              onChange={() => patch.mutate({ ai_style: id })}
            />
            <span className="settings-style__name">{t(`styles.names.${id ?? "none"}`)}</span>
            <span className="settings-style__desc">{t(`styles.descriptions.${id ?? "none"}`)}</span>
          </label>
        ))}
      </div>
    </Section>
  );
}

function MemorySection({ settings }: { settings: AiSettingsView }) {
  const { t, i18n } = useTranslation("accounts");
  const qc = useQueryClient();
  const patch = useSettingsPatch();
  const memories = useQuery(memoriesQuery());
  const remove = useMutation({
    mutationFn: deleteMemory,
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.memories }),
    onError: (err) => toast.error(withRequestId(t, t("personalization.failed"), err)),
  });
  const list = memories.data?.memories ?? [];

  return (
    <Section title={t("memory.title")} description={t("memory.hint")} testId="memory-section">
      <SwitchRow
        label={t("memory.enabled")}
        checked={settings.memory_enabled}
        disabled={patch.isPending}
        onChange={(v) => patch.mutate({ memory_enabled: v })}
        testId="memory-enabled"
      />
      {memories.data ? (
        <p className="settings-hint">{t("memory.count", { count: list.length, limit: memories.data.limit })}</p>
      ) : null}
      {memories.data && list.length === 0 ? (
        <p className="settings-hint" data-testid="memory-empty">
          {t("memory.empty")}
        </p>
      ) : null}
      <ul className="settings-list" data-testid="memory-list">
        {list.map((m) => (
          <li key={m.id} className="settings-list__item" data-testid="memory-row">
            <div className="settings-list__main">
              <div className="settings-list__title settings-list__title--wrap">{m.content}</div>
              {m.created_at ? (
                <div className="settings-list__meta">{new Date(m.created_at).toLocaleDateString(i18n.language)}</div>
              ) : null}
            </div>
            <button
              type="button"
              className="icon-btn icon-btn--danger"
              aria-label={t("memory.delete")}
              data-testid="memory-delete"
              disabled={remove.isPending}
              onClick={() => remove.mutate(m.id)}
            >
              <IconTrash size={16} />
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}
