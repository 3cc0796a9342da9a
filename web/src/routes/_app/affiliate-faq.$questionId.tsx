// /affiliate-faq/$questionId: one FAQ answer with its related questions.
import { createFileRoute } from "@tanstack/react-router";
import { FaqQuestion } from "../../features/affiliate/faq-question";
import { loadPlansTexts } from "../../features/plans/plans-texts";

export const Route = createFileRoute("/_app/affiliate-faq/$questionId")({
  loader: () => loadPlansTexts(),
  component: FaqQuestionRoute,
});

function FaqQuestionRoute() {
  const { questionId } = Route.useParams();
  return <FaqQuestion key={questionId} questionId={questionId} />;
}
