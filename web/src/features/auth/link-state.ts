// What /link-account receives as router state from a social sign-in answered "pending" with requiresLinking: the
// verified email, the provider and its account id, and the worker's linking token that binds them.
import type { SocialProvider } from "../../../../worker/protocol/settings";

export interface LinkAccountState {
  email: string;
  providerId: string;
  provider: SocialProvider;
  linkingToken: string;
}

declare module "@tanstack/react-router" {
  interface HistoryState {
    linkAccount?: LinkAccountState;
  }
}
