// The search screen's project filter (history/on-demand/search-screen.tsx): "All chats" or one of the user's projects,
// whose id goes with the search (GET /chat-sessions/search?project_id=). Shown only to a user with projects; its
// texts load with it and the screen does not wait for them.
import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { projectsQuery } from "./project-queries";
import { PROJECT_TEXTS } from "./project-texts";

type Props = { value: string; onChange: (projectId: string) => void };

export function ProjectFilter(props: Props) {
  const list = useQuery(projectsQuery());
  const projects = list.data?.data ?? [];
  if (!projects.length) return null;
  return (
    <Suspense fallback={null}>
      <FilterSelect {...props} projects={projects} />
    </Suspense>
  );
}

function FilterSelect({ value, onChange, projects }: Props & { projects: { id: string; name: string }[] }) {
  const { t } = useTranslation(PROJECT_TEXTS); // suspends until the texts are in
  return (
    <label className="search-filter">
      <span>{t("filterLabel")}</span>
      <select
        className="input search-filter__select"
        data-testid="search-project"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t("allChats")}</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
