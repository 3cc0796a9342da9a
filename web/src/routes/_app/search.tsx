// /search: the chat search screen (its code is a lazy chunk of its own). ?q= holds the query.
import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import * as v from "valibot";
import { SearchScreen } from "../../features/history/on-demand/search-screen";

// the screen trims the query to the worker's longest
const SearchParamsSchema = v.object({ q: v.optional(v.string(), "") });

export const Route = createFileRoute("/_app/search")({
  // a query the router cannot read back as text (it parses "?q=123" as a number) starts empty
  validateSearch: (search): { q?: string } => {
    const parsed = v.safeParse(SearchParamsSchema, search);
    return parsed.success ? parsed.output : {};
  },
  component: SearchRoute,
});

function SearchRoute() {
  const { q = "" } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onQueryChange = useCallback(
    (next: string) => void navigate({ search: { q: next }, replace: true }),
    [navigate],
  );
  return <SearchScreen initialQuery={q} onQueryChange={onQueryChange} />;
}
