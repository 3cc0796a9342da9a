// A chat's own settings (PUT /chat-sessions/{id}/settings), opened from the header's button and loaded on its first
// click: the chat's system prompt (every plan), its temperature (a slider from 0 to 2, or the default: the AI style's
// or the model's) and its longest answer in tokens (empty: the model's own limit). Temperature and length are
// premium, as the AI styles are: on Free they are shown disabled with an upgrade link, and left out of what is saved.
// The saved chat replaces the chat query's data; the next answer in the chat follows the settings.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type CSSProperties, type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatSettings } from "../../../../../worker/protocol/chat-requests";
import {
  CHAT_MAX_TOKENS_MAX,
  CHAT_MAX_TOKENS_MIN,
  CHAT_SYSTEM_PROMPT_MAX_CHARS,
  CHAT_TEMPERATURE_MAX,
  CHAT_TEMPERATURE_MIN,
} from "../../../../../worker/protocol/chat-settings-limits";
import { api } from "../../../lib/api";
import { errorMessage } from "../../../lib/error-message";
import { meQuery } from "../../auth/signed-in/auth.queries";
import { chatKeys, chatQuery } from "../../chat/chat.queries";
import { type Chat, ChatSchema } from "../../chat/chat.schemas";
import { toast } from "../../toast/toast.atoms";
import { Dialog } from "../../ui/dialog";
import { CHAT_SETTINGS_TEXTS } from "./chat-settings-texts";

// Its few styles inline: a stylesheet of its own would be one more file named in the signed-in chunk's list of this
// dialog's files, on every chat page.
const FORM: CSSProperties = { display: "grid", gap: 8 };
const LABEL: CSSProperties = { fontSize: 14, fontWeight: 600 };
const ROW: CSSProperties = { display: "flex", alignItems: "center", gap: 10, flexWrap: "wrap" };
const hint = (error: boolean): CSSProperties => ({
  margin: "0 0 6px",
  fontSize: 13,
  color: error ? "var(--danger)" : "var(--text-muted)",
});

/** Where the slider rests while the chat keeps the default temperature (the middle of the usual range). */
const SLIDER_REST = 1;

const saveSettings = (id: string, body: ChatSettings) =>
  api(`/chat-sessions/${encodeURIComponent(id)}/settings`, ChatSchema, { method: "PUT", body });

export default function ChatSettingsDialog({ chatId, onClose }: { chatId: string; onClose: () => void }) {
  const { t } = useTranslation(CHAT_SETTINGS_TEXTS); // suspends until the texts are in
  const chat = useQuery(chatQuery(chatId));
  return (
    <Dialog open onClose={onClose} title={t("title")} description={t("description")} size="md" testId="chat-settings">
      {chat.data ? (
        <SettingsForm chat={chat.data} onDone={onClose} />
      ) : chat.isError ? (
        <p className="notice notice--error">{errorMessage(t, chat.error)}</p>
      ) : (
        <div className="spinner" role="status" aria-label="…" />
      )}
    </Dialog>
  );
}

function SettingsForm({ chat, onDone }: { chat: Chat; onDone: () => void }) {
  const { t } = useTranslation(CHAT_SETTINGS_TEXTS);
  const qc = useQueryClient();
  const me = useQuery(meQuery());
  const premium = (me.data?.plan ?? "free") !== "free";
  const [prompt, setPrompt] = useState(chat.system_prompt ?? "");
  const [temperature, setTemperature] = useState<number | null>(chat.temperature);
  const [maxTokens, setMaxTokens] = useState(chat.max_tokens === null ? "" : String(chat.max_tokens));

  const count = Array.from(prompt.trim()).length;
  const tooLong = count > CHAT_SYSTEM_PROMPT_MAX_CHARS;
  const tokens = maxTokens.trim() === "" ? null : Number(maxTokens);
  const badTokens =
    tokens !== null && !(Number.isInteger(tokens) && tokens >= CHAT_MAX_TOKENS_MIN && tokens <= CHAT_MAX_TOKENS_MAX);

  const save = useMutation({
    // on Free, only the prompt: temperature and length are premium (a lapsed plan's stored ones stay as they are)
    mutationFn: () =>
      saveSettings(
        chat.id,
        premium ? { system_prompt: prompt, temperature, max_tokens: tokens } : { system_prompt: prompt },
      ),
    onSuccess: (saved) => {
      qc.setQueryData(chatKeys.detail(chat.id), saved);
      toast.success(t("saved"));
      onDone();
    },
    onError: (err) => toast.error(errorMessage(t, err)),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!tooLong && !badTokens) save.mutate();
  };

  return (
    <form style={FORM} onSubmit={onSubmit} noValidate>
      <label style={LABEL} htmlFor="chat-system-prompt">
        {t("promptLabel")}
      </label>
      <textarea
        id="chat-system-prompt"
        className="input"
        rows={5}
        value={prompt}
        placeholder={t("promptPlaceholder")}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby="chat-system-prompt-count"
        data-testid="chat-settings-prompt"
        onChange={(e) => setPrompt(e.target.value)}
      />
      <p id="chat-system-prompt-count" style={hint(tooLong)}>
        {t("promptCount", { count, max: CHAT_SYSTEM_PROMPT_MAX_CHARS })}
      </p>

      {premium ? null : (
        <div className="notice notice--info" style={ROW} data-testid="chat-settings-locked">
          <span>{t("premiumOnly")}</span>
          <Link to="/upgrade" className="btn btn--sm btn--primary" data-testid="chat-settings-upgrade">
            {t("upgrade")}
          </Link>
        </div>
      )}

      <div style={ROW}>
        <label style={LABEL} htmlFor="chat-temperature">
          {t("temperatureLabel")}
        </label>
        <output
          style={{ marginLeft: "auto", fontSize: 13 }}
          htmlFor="chat-temperature"
          data-testid="chat-settings-temperature-value"
        >
          {temperature === null ? t("default") : temperature.toFixed(1)}
        </output>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={!premium || temperature === null}
          data-testid="chat-settings-temperature-default"
          onClick={() => setTemperature(null)}
        >
          {t("useDefault")}
        </button>
      </div>
      <input
        id="chat-temperature"
        type="range"
        // the default temperature: the thumb rests mid-way, dimmed, until the user moves it
        style={{ width: "100%", opacity: temperature === null ? 0.5 : 1 }}
        min={CHAT_TEMPERATURE_MIN}
        max={CHAT_TEMPERATURE_MAX}
        step={0.1}
        value={temperature ?? SLIDER_REST}
        disabled={!premium}
        aria-valuetext={temperature === null ? t("default") : temperature.toFixed(1)}
        data-testid="chat-settings-temperature"
        onChange={(e) => setTemperature(Math.round(Number(e.target.value) * 10) / 10)}
      />
      <p style={hint(false)}>{t("temperatureHint")}</p>

      <label style={LABEL} htmlFor="chat-max-tokens">
        {t("maxTokensLabel")}
      </label>
      <input
        id="chat-max-tokens"
        type="number"
        inputMode="numeric"
        className="input"
        style={{ maxWidth: "12em" }}
        min={CHAT_MAX_TOKENS_MIN}
        max={CHAT_MAX_TOKENS_MAX}
        step={1}
        value={maxTokens}
        placeholder={t("default")}
        disabled={!premium}
        aria-invalid={badTokens ? true : undefined}
        aria-describedby="chat-max-tokens-hint"
        data-testid="chat-settings-max-tokens"
        onChange={(e) => setMaxTokens(e.target.value)}
      />
      <p id="chat-max-tokens-hint" style={hint(badTokens)}>
        {t("maxTokensHint", { min: CHAT_MAX_TOKENS_MIN, max: CHAT_MAX_TOKENS_MAX })}
      </p>

      <div className="dialog__footer">
        <button type="button" className="btn btn--ghost" onClick={onDone} data-testid="chat-settings-cancel">
          {t("common.cancel")}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={save.isPending || tooLong || badTokens}
          data-testid="chat-settings-save"
        >
          {save.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
          {t("common.save")}
        </button>
      </div>
    </form>
  );
}
