// /affiliate: the affiliate programme — its dashboard (join, referral link, clicks, sign-ups, earnings), and its FAQ
// at #faq and #faq/<question id>.
import { createFileRoute } from "@tanstack/react-router";
import { AffiliateScreen } from "../../features/affiliate/affiliate-screen";

export const Route = createFileRoute("/_app/affiliate")({
  component: AffiliateScreen,
});
