// /affiliate: the programme's dashboard, or its FAQ when the address's hash says so: #faq for the list, #faq/<id> for
// one answer. One route for the three screens keeps the route tree every page loads small, and the FAQ cannot live
// under /affiliate/ itself: that prefix is the worker's API (the FAQ's JSON is GET /affiliate/faq).
import { useSyncExternalStore } from "react";
import { AffiliateDashboard } from "./affiliate-dashboard";
import { FaqList } from "./faq-list";
import { FaqQuestion } from "./faq-question";
import { FAQ_HASH } from "./faq-search";

function onHashChange(notify: () => void) {
  window.addEventListener("hashchange", notify);
  return () => window.removeEventListener("hashchange", notify);
}

export function AffiliateScreen() {
  const hash = useSyncExternalStore(onHashChange, () => window.location.hash.slice(1));
  if (hash === FAQ_HASH) return <FaqList />;
  if (hash.startsWith(`${FAQ_HASH}/`)) {
    const id = decodeURIComponent(hash.slice(FAQ_HASH.length + 1));
    return <FaqQuestion key={id} questionId={id} />;
  }
  return <AffiliateDashboard />;
}
