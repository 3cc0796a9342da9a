// /affiliate: the affiliate programme's dashboard (join, referral link, clicks, sign-ups, earnings).
import { createFileRoute } from "@tanstack/react-router";
import { AffiliateDashboard } from "../../features/affiliate/affiliate-dashboard";
import { loadPlansTexts } from "../../features/plans/plans-texts";

export const Route = createFileRoute("/_app/affiliate")({
  loader: () => loadPlansTexts(),
  component: AffiliateDashboard,
});
