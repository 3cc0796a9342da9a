// A folded group of the sidebar (a native disclosure: the experts, the affiliate/help/clear links): its heading is
// always there, its content is built, and its code loaded, on the first opening. Folded, the groups leave the
// sidebar's height to the chat history (at 1280 × 800 it showed 3–4 chats between them) and their code off the first
// screen.
import { type ReactNode, Suspense, useState } from "react";
import { IconChevronDown } from "../ui/icons";

export function SidebarGroup({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="sidebar__group" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className="sidebar__group-toggle" data-testid={testId}>
        <span>{label}</span>
        <IconChevronDown size={14} />
      </summary>
      {opened ? <Suspense fallback={null}>{children}</Suspense> : null}
    </details>
  );
}
