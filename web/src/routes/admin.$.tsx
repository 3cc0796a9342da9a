// /admin/*: the operator console (features/admin/admin-console.tsx), outside the app's chat layout; its sections are
// the rest of the address. Not behind the signed-in guard: a guest must see the app's not-found page here, as any
// user does, not be sent to /login. The route's own chunk only holds this lazy door: the console's code, styles and
// texts are one more import away, so the route tree every page loads names a single file for it (~60 B of gzip).
import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";

const AdminConsole = lazy(() => import("../features/admin/admin-console"));

export const Route = createFileRoute("/admin/$")({
  component: () => (
    <Suspense>
      <AdminConsole />
    </Suspense>
  ),
});
