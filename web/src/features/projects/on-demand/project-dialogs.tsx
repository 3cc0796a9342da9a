// The projects' dialogs, loaded the first time one opens (projects-panel.tsx): a new project and its instructions and
// files (name, instructions within MAX_PROJECT_INSTRUCTIONS_CHARS, up to MAX_PROJECT_FILES uploads through the
// attachments' upload API, from the computer or, on a paid plan, a connected drive), a rename, the delete that asks
// what becomes of the project's chats, and the plan's limit (403 project_limit) with the way to the plans page.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { type FormEvent, Suspense, lazy, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  MAX_PROJECT_FILES,
  MAX_PROJECT_INSTRUCTIONS_CHARS,
  MAX_PROJECT_NAME_CHARS,
  type ProjectPatch,
  type PublicProject,
} from "../../../../../worker/protocol/projects";
import type { AttachmentRef } from "../../../../../worker/protocol/resources";
import { errorMessage } from "../../../lib/error-message";
import { EXTENSIONS, acceptAttribute } from "../../attachments/accepted-types";
import { formatSize } from "../../attachments/format-size";
import { MAX_FILE_BYTES, MAX_TOTAL_BYTES } from "../../attachments/limits";
import type { DriveSource } from "../../attachments/signed-in/attachments.atoms";
import { uploadFiles } from "../../attachments/upload";
import { MEDIA_NS } from "../../images/media-i18n";
import { modelsQuery } from "../../models/models.queries";
import { Dialog } from "../../ui/dialog";
import { IconClose } from "../../ui/icons";
import { createProject, deleteProject, isProjectLimit, moveChat, updateProject } from "./project-changes";
import { PROJECT_TEXTS } from "./project-texts";
import type { PanelDialog } from "./projects-panel";

/** The drives a project's files can come from, as the input's + menu offers them. */
const DRIVES: DriveSource[] = ["googleDrive", "oneDrive"];
/** The drive picker, loaded when a drive is chosen. */
const DrivePickerDialog = lazy(() =>
  import("../../attachments/drive-picker").then((m) => ({ default: m.DrivePickerDialog })),
);

/** Every kind of file the worker reads (worker/uploads/sniff.ts), whatever the model of a chat. */
const ACCEPT = acceptAttribute(Object.values(EXTENSIONS).flat());

export function ProjectDialogs({
  dialog,
  limit,
  onDialog,
  onClose,
  onNavigate,
}: {
  dialog: PanelDialog;
  limit: number | null;
  onDialog: (d: PanelDialog) => void;
  onClose: () => void;
  onNavigate: () => void;
}) {
  if (dialog.kind === "limit") return <LimitDialog limit={limit} onClose={onClose} onNavigate={onNavigate} />;
  if (dialog.kind === "delete") return <DeleteDialog project={dialog.project} onClose={onClose} />;
  return (
    <ProjectForm
      key={dialog.kind === "create" ? "create" : `${dialog.kind}-${dialog.project.id}`}
      mode={dialog.kind}
      project={dialog.kind === "create" ? null : dialog.project}
      moveChatId={dialog.kind === "create" ? dialog.moveChatId : undefined}
      onLimit={() => onDialog({ kind: "limit" })}
      onClose={onClose}
    />
  );
}

/** Whether `incoming` may join `files`: the project's count, then each file's and the upload's size; null when so. */
function filesError(t: (k: string, o?: Record<string, unknown>) => string, count: number, incoming: File[]) {
  if (count + incoming.length > MAX_PROJECT_FILES) return t("tooManyFiles", { max: MAX_PROJECT_FILES });
  const big = incoming.find((f) => f.size > MAX_FILE_BYTES);
  if (big) return t("fileTooLarge", { name: big.name });
  if (incoming.reduce((sum, f) => sum + f.size, 0) > MAX_TOTAL_BYTES) return t("filesTooLarge");
  return null;
}

function ProjectForm({
  mode,
  project,
  moveChatId,
  onLimit,
  onClose,
}: {
  mode: "create" | "rename" | "edit";
  project: PublicProject | null;
  moveChatId: string | undefined;
  onLimit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(PROJECT_TEXTS);
  const qc = useQueryClient();
  const [name, setName] = useState(project?.name ?? "");
  const [instructions, setInstructions] = useState(project?.instructions ?? "");
  const [files, setFiles] = useState<AttachmentRef[]>(project?.files ?? []);
  const [uploading, setUploading] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  // a connected drive's files, for a paid plan as in the input's + menu (the drives are premium sources there too)
  const [drive, setDrive] = useState<DriveSource | null>(null);
  const premium = (useQuery(modelsQuery()).data?.plan ?? "free") !== "free";
  const { t: tm } = useTranslation(MEDIA_NS, { useSuspense: false });
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const full = mode !== "rename";
  const trimmed = name.trim();
  const tooLong = instructions.length > MAX_PROJECT_INSTRUCTIONS_CHARS;

  const addFiles = async (picked: File[]) => {
    const refused = filesError(t, files.length, picked);
    setError(refused);
    if (refused || !picked.length) return;
    setUploading(0);
    try {
      const uploaded = await uploadFiles(picked, setUploading);
      setFiles((list) => [...list, ...uploaded].slice(0, MAX_PROJECT_FILES));
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setUploading(null);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || tooLong || saving || uploading !== null) return;
    setSaving(true);
    setError(null);
    const file_ids = files.map((f) => f.id);
    try {
      if (!project) {
        const created = await createProject(qc, { name: trimmed, instructions, file_ids });
        if (moveChatId) await moveChat(qc, moveChatId, created);
      } else {
        const patch: ProjectPatch = { name: trimmed };
        if (full) Object.assign(patch, { instructions, file_ids });
        await updateProject(qc, project.id, patch);
      }
      onClose();
    } catch (err) {
      if (isProjectLimit(err)) onLimit();
      else setError(errorMessage(t, err));
    } finally {
      setSaving(false);
    }
  };

  const title = t(mode === "create" ? "createTitle" : mode === "rename" ? "renameTitle" : "editTitle");
  return (
    <Dialog open onClose={onClose} title={title} testId="project-dialog" size={full ? "md" : "sm"}>
      <form className="project-form" onSubmit={(e) => void submit(e)}>
        <label className="project-form__label" htmlFor="project-name">
          {t("nameLabel")}
        </label>
        <input
          id="project-name"
          className="input"
          data-testid="project-name-input"
          value={name}
          maxLength={MAX_PROJECT_NAME_CHARS}
          placeholder={t("namePlaceholder")}
          onChange={(e) => setName(e.target.value)}
          autoFocus
          autoComplete="off"
        />
        {full ? (
          <>
            <label className="project-form__label" htmlFor="project-instructions">
              {t("instructionsLabel")}
            </label>
            <textarea
              id="project-instructions"
              className="input project-form__instructions"
              data-testid="project-instructions"
              rows={6}
              value={instructions}
              placeholder={t("instructionsPlaceholder")}
              aria-describedby="project-instructions-hint"
              aria-invalid={tooLong || undefined}
              onChange={(e) => setInstructions(e.target.value)}
            />
            <p id="project-instructions-hint" className={`project-form__hint${tooLong ? " is-error" : ""}`}>
              <span>{t("instructionsHint")}</span>
              <span data-testid="project-instructions-count">
                {t("charCount", { count: instructions.length, max: MAX_PROJECT_INSTRUCTIONS_CHARS })}
              </span>
            </p>
            <span className="project-form__label">{t("filesLabel")}</span>
            {files.length ? (
              <ul className="project-form__files" data-testid="project-files">
                {files.map((f) => (
                  <li key={f.id} className="project-form__file" data-testid="project-file">
                    <span className="project-form__file-name" title={f.name}>
                      {f.name}
                    </span>
                    <span className="project-form__file-size">{formatSize(f.size)}</span>
                    <button
                      type="button"
                      className="icon-btn icon-btn--xs"
                      aria-label={t("removeFile", { name: f.name })}
                      onClick={() => setFiles((list) => list.filter((x) => x.id !== f.id))}
                    >
                      <IconClose size={14} />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="project-form__add">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                data-testid="project-add-files"
                disabled={uploading !== null || files.length >= MAX_PROJECT_FILES}
                onClick={() => fileInput.current?.click()}
              >
                {uploading === null ? t("addFiles") : `${t("uploading")} ${Math.round(uploading * 100)}%`}
              </button>
              {premium
                ? DRIVES.map((source) => (
                    <button
                      key={source}
                      type="button"
                      className="btn btn--ghost btn--sm"
                      data-testid={`project-drive-${source}`}
                      disabled={uploading !== null || files.length >= MAX_PROJECT_FILES}
                      onClick={() => setDrive(source)}
                    >
                      {tm(`attachments.sources.${source}`)}
                    </button>
                  ))
                : null}
              <span className="project-form__hint">{t("filesHint", { max: MAX_PROJECT_FILES })}</span>
              {drive ? (
                <Suspense fallback={null}>
                  <DrivePickerDialog source={drive} onClose={() => setDrive(null)} onFile={(f) => addFiles([f])} />
                </Suspense>
              ) : null}
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                accept={ACCEPT}
                data-testid="project-file-input"
                onChange={(e) => {
                  const picked = Array.from(e.target.files ?? []);
                  e.target.value = "";
                  void addFiles(picked);
                }}
              />
            </div>
          </>
        ) : null}
        {error ? (
          <p className="project-form__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog__footer">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button
            type="submit"
            className="btn btn--primary"
            data-testid="project-save"
            disabled={!trimmed || tooLong || saving || uploading !== null}
          >
            {project ? t("common.save") : t("create")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ project, onClose }: { project: PublicProject; onClose: () => void }) {
  const { t } = useTranslation(PROJECT_TEXTS);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { chatId } = useParams({ strict: false }) as { chatId?: string };
  const [chats, setChats] = useState<"keep" | "delete">("keep");
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open
      onClose={onClose}
      role="alertdialog"
      title={t("deleteTitle", { name: project.name })}
      description={t("deleteMessage")}
      testId="project-delete-dialog"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            data-testid="project-delete-confirm"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void deleteProject(qc, project, chats, { chatId, goHome: () => void navigate({ to: "/" }) }).then((ok) =>
                ok ? onClose() : setBusy(false),
              );
            }}
          >
            {t("common.delete")}
          </button>
        </>
      }
    >
      <fieldset className="project-delete__choices">
        <legend className="visually-hidden">{t("deleteMessage")}</legend>
        {(["keep", "delete"] as const).map((choice) => (
          <label key={choice} className="project-delete__choice">
            <input
              type="radio"
              name="project-chats"
              value={choice}
              data-testid={`project-delete-${choice}`}
              checked={chats === choice}
              onChange={() => setChats(choice)}
            />
            <span>{t(choice === "keep" ? "keepChats" : "deleteChats")}</span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}

function LimitDialog({
  limit,
  onClose,
  onNavigate,
}: {
  limit: number | null;
  onClose: () => void;
  onNavigate: () => void;
}) {
  const { t } = useTranslation(PROJECT_TEXTS);
  return (
    <Dialog
      open
      onClose={onClose}
      role="alertdialog"
      title={t("limitTitle")}
      description={limit === null ? t("project_limit", { ns: "errors" }) : t("limitMessage", { count: limit })}
      testId="project-limit-dialog"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("common.close")}
          </button>
          <Link
            to="/upgrade"
            className="btn btn--primary"
            data-testid="project-limit-plans"
            onClick={() => {
              onClose();
              onNavigate();
            }}
          >
            {t("seePlans")}
          </Link>
        </>
      }
    />
  );
}
