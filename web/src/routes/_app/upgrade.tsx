// /upgrade: the subscription and upgrade page. ?billing=yearly opens it on yearly prices (the default is monthly).
import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { loadPlansTexts } from "../../features/plans/plans-texts";
import { UpgradePage } from "../../features/plans/upgrade-page";

const UpgradeSearchSchema = v.object({
  billing: v.fallback(v.optional(v.picklist(["monthly", "yearly"])), undefined),
});

export const Route = createFileRoute("/_app/upgrade")({
  validateSearch: (search) => v.parse(UpgradeSearchSchema, search),
  loader: () => loadPlansTexts(),
  component: UpgradeRoute,
});

function UpgradeRoute() {
  const { billing = "monthly" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UpgradePage billing={billing} onBillingChange={(b) => void navigate({ search: { billing: b }, replace: true })} />;
}
