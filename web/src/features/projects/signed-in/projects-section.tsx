// The sidebar's Projects, above the history's date groups, once the user has one: only this heading with its "+" and
// the list's query are on the first screen; the projects themselves, their menus, dialogs and drag and drop
// (../on-demand/projects-panel.tsx) load once the user has a project, or asks for one (the sidebar's More > New
// project, a chat's "Move to project"). A user without projects keeps the history's whole height.
import { useQuery } from "@tanstack/react-query";
import { useAtom } from "jotai";
import { Suspense, lazy } from "react";
import { useTranslation } from "react-i18next";
import { type IconProps, IconPlus, Svg } from "../../ui/icons";
import { projectsRequestAtom } from "./projects.atoms";
import { projectListQuery } from "./projects.queries";

const ProjectsPanel = lazy(() => import("../on-demand/projects-panel").then((m) => ({ default: m.ProjectsPanel })));

export const IconFolder = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </Svg>
);

export function ProjectsSection({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const list = useQuery(projectListQuery());
  const [request, setRequest] = useAtom(projectsRequestAtom);
  if (!list.data?.data.length && !request) return null;
  return (
    <div className="projects">
      <h3 className="history__heading">
        {t("history.projects")}
        <button
          type="button"
          className="icon-btn icon-btn--xs"
          data-testid="project-new"
          aria-label={t("history.newProject")}
          onClick={() => setRequest({ create: true })}
        >
          <IconPlus size={15} />
        </button>
      </h3>
      <Suspense fallback={null}>
        <ProjectsPanel onNavigate={onNavigate} />
      </Suspense>
    </div>
  );
}
