// The ‹ n / total › switch under a message that has other versions (an edited question's earlier texts, the other
// answers to a question): the arrows show the version before or after, with the conversation that followed it. Loaded
// only for a chat whose messages have versions.
import { useTranslation } from "react-i18next";
import { type IconProps, Svg } from "../conversation-icons";
import { useMessageActions } from "../message-actions-context";
import { VERSION_TEXTS } from "./version-texts";

const IconBack = (p: IconProps) => (
  <Svg {...p}>
    <path d="M15 6l-6 6 6 6" />
  </Svg>
);
const IconForward = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 6l6 6-6 6" />
  </Svg>
);

export default function VersionSwitch({ messageId, versions }: { messageId: string; versions: string[] }) {
  const { t } = useTranslation(VERSION_TEXTS);
  const actions = useMessageActions();
  const at = versions.indexOf(messageId);
  if (at < 0) return null;
  const current = at + 1;
  const total = versions.length;
  const go = (index: number) => {
    const id = versions[index];
    if (id) actions?.showVersion(id);
  };
  const idle = actions !== null && !actions.busy;
  return (
    <span
      className="msg__versions"
      data-testid="versions"
      role="group"
      aria-label={t("versions.position", { current, total })}
    >
      <button
        type="button"
        className="icon-btn icon-btn--sm icon-btn--narrow"
        data-testid="version-previous"
        aria-label={t("versions.previous")}
        data-tooltip={t("versions.previous")}
        disabled={!idle || at === 0}
        onClick={() => go(at - 1)}
      >
        <IconBack size={14} />
      </button>
      <span className="msg__versions-count" data-testid="version-position" aria-hidden="true">
        {current} / {total}
      </span>
      <button
        type="button"
        className="icon-btn icon-btn--sm icon-btn--narrow"
        data-testid="version-next"
        aria-label={t("versions.next")}
        data-tooltip={t("versions.next")}
        disabled={!idle || at === total - 1}
        onClick={() => go(at + 1)}
      >
        <IconForward size={14} />
      </button>
    </span>
  );
}
