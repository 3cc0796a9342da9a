// The sidebar's folded "More": a new project (the Projects heading shows once there is one), on phones the open chat's
// own settings, the image gallery and the open chat's sharing and export on phones (whose header keeps
// its room for the model's name), the affiliate programme, help and FAQ, and clear conversations (after confirming).
// Loaded, with the experts' list, when one of the sidebar's folded groups first opens (sidebar-group.tsx).
import { Link, useParams } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { Suspense, lazy, useState } from "react";
import { useTranslation } from "react-i18next";
import { EXPORT_NS } from "../../export/export-texts";
import { useHistoryActions } from "../../history/use-history-actions";
import { IconGallery } from "../../images/signed-in/media-icons";
import { IconSliders } from "../../chat-settings/signed-in/chat-settings-button";
import { projectsRequestAtom } from "../../projects/signed-in/projects.atoms";
import { IconFolder } from "../../projects/signed-in/projects-section";
import { toast } from "../../toast/toast.atoms";
import { IconDownload, IconInfo } from "../../ui/icons";
import { IconBroom, IconLink, IconSparkle } from "../../ui/more-icons";

export { ExpertsMenu } from "../../experts/on-demand/experts-menu";

const ChatSettingsDialog = lazy(() => import("../../chat-settings/on-demand/chat-settings-dialog"));

export function SidebarMore({ isMobile, closeDrawer }: { isMobile: boolean; closeDrawer: () => void }) {
  const { t } = useTranslation();
  // the export choices' texts (their own namespace): the links show once they are in, the rest at once
  const { t: te, ready: exportReady } = useTranslation(EXPORT_NS, { useSuspense: false });
  const { clear } = useHistoryActions();
  const { chatId } = useParams({ strict: false });
  const requestProjects = useSetAtom(projectsRequestAtom);
  const [chatSettings, setChatSettings] = useState(false);

  const onClear = async () => {
    if (await clear()) closeDrawer();
  };

  return (
    <>
      <button
        type="button"
        className="sidebar__link"
        data-testid="project-new-more"
        onClick={() => requestProjects({ create: true })}
      >
        <IconFolder size={18} />
        <span>{t("history.newProject")}</span>
      </button>
      {isMobile ? (
        <Link to="/gallery" className="sidebar__link" data-testid="sidebar-gallery" onClick={closeDrawer}>
          <IconGallery size={18} />
          <span>{t("images.gallery")}</span>
        </Link>
      ) : null}
      {isMobile && chatId ? (
        <button
          type="button"
          className="sidebar__link"
          data-testid="sidebar-chat-settings"
          aria-haspopup="dialog"
          onClick={() => setChatSettings(true)}
        >
          <IconSliders size={18} />
          <span>{t("conversation.settings")}</span>
        </button>
      ) : null}
      {chatSettings && chatId ? (
        <Suspense fallback={null}>
          <ChatSettingsDialog chatId={chatId} onClose={() => setChatSettings(false)} />
        </Suspense>
      ) : null}
      {isMobile && chatId && exportReady ? (
        <button
          type="button"
          className="sidebar__link"
          data-testid="sidebar-share-chat"
          onClick={() => {
            closeDrawer();
            // the share dialog's code loads on the click (the export menu's door to it too)
            import("../../shares/on-demand/open-share-dialog").then(
              (m) => m.openShareDialog(chatId),
              () => toast.error(t("errors.unknown")),
            );
          }}
        >
          <IconLink size={18} />
          <span>{te("export.share")}</span>
        </button>
      ) : null}
      {isMobile && chatId && exportReady
        ? (["markdown", "json"] as const).map((format) => (
            <a
              key={format}
              className="sidebar__link"
              data-testid={`sidebar-export-${format}`}
              href={`/chat-sessions/${encodeURIComponent(chatId)}/export?format=${format}`}
              download
              onClick={closeDrawer}
            >
              <IconDownload size={18} />
              <span>
                {t("conversation.export")}: {te(format === "markdown" ? "export.markdown" : "export.json")}
              </span>
            </a>
          ))
        : null}
      {isMobile && chatId && exportReady ? (
        <a
          className="sidebar__link"
          data-testid="sidebar-export-print"
          href={`/print/${encodeURIComponent(chatId)}`}
          target="_blank"
          rel="noopener"
          onClick={closeDrawer}
        >
          <IconDownload size={18} />
          <span>
            {t("conversation.export")}: {te("export.print")}
          </span>
        </a>
      ) : null}
      <Link to="/affiliate" className="sidebar__link" data-testid="sidebar-affiliate" onClick={closeDrawer}>
        <IconSparkle size={18} />
        <span>{t("sidebar.affiliate")}</span>
      </Link>
      <Link to="/help" className="sidebar__link" data-testid="sidebar-help" onClick={closeDrawer}>
        <IconInfo size={18} />
        <span>{t("helpLink")}</span>
      </Link>
      <button type="button" className="sidebar__link" data-testid="clear-conversations" onClick={() => void onClear()}>
        <IconBroom size={18} />
        <span>{t("sidebar.clear")}</span>
      </button>
    </>
  );
}
