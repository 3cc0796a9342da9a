// /affiliate-faq: the affiliate FAQ list. It is not under /affiliate/: that prefix is the worker's API (the FAQ's own
// JSON is GET /affiliate/faq), so a reload there would get JSON instead of this screen.
import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import * as v from "valibot";
import { FaqList } from "../../features/affiliate/faq-list";
import { type FaqSearch, FaqSearchSchema } from "../../features/affiliate/faq-search";
import { loadPlansTexts } from "../../features/plans/plans-texts";

export const Route = createFileRoute("/_app/affiliate-faq/")({
  validateSearch: (search) => v.parse(FaqSearchSchema, search),
  loader: () => loadPlansTexts(),
  component: FaqRoute,
});

function FaqRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback((next: FaqSearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <FaqList search={search} onSearch={onSearch} />;
}
