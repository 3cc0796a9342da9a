// /continue/$shareId: continue a shared chat (the shared page's "Continue this chat") as a copy in one's own account.
// Signed-in only: the guard (_app.tsx) sends a guest to sign in and remembers this address for after. The screen is
// its own chunk (route code splitting) and brings its texts (the shares namespace) with it.
import { createFileRoute } from "@tanstack/react-router";
import { ContinueSharePage } from "../../features/shares/continue-page";

export const Route = createFileRoute("/_app/continue/$shareId")({
  component: ContinueRoute,
});

function ContinueRoute() {
  const { shareId } = Route.useParams();
  return <ContinueSharePage shareId={shareId} />;
}
