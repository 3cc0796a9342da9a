// POST /auth/delete-account from the SPA: the password, or (an account without one) a fresh Google ID token or Facebook
// access token of a linked sign-in. A refusal is an answer shown in the dialog, never a lost session (on401 "throw":
// a sign-in that is not this account's is a 401 too).
import * as v from "valibot";
import type { AccountDeletion } from "../../../../worker/protocol/account-requests";
import type { SocialProvider } from "../../../../worker/protocol/settings";
import { api } from "../../lib/api";

/** How long the deletion may take, in milliseconds (2 minutes): every chat, picture and file of the user goes in it. */
const DELETION_TIMEOUT_MS = 120_000;

const DeletedSchema = v.object({ deleted: v.literal(true) });

/** What proves it is the user: their password, or a provider's credential. */
export type DeletionProof = { password: string } | { provider: SocialProvider; credential: string };

export const deleteAccount = (proof: DeletionProof) =>
  api("/auth/delete-account", DeletedSchema, {
    method: "POST",
    body: ("password" in proof
      ? { password: proof.password }
      : proof.provider === "google"
        ? { provider: "google", token: proof.credential }
        : { provider: "facebook", accessToken: proof.credential }) satisfies AccountDeletion,
    on401: "throw",
    timeoutMs: DELETION_TIMEOUT_MS,
  });
