// The connected apps as data: which OAuth 2 authorization server each uses, its endpoints and the scopes asked
// (read-only: the product only reads files, mail and events). Client credentials come from Worker secrets; only the
// operator may move the endpoints, through CONNECTED_APPS_OAUTH_BASE_URLS (a proxy, or the local fake in tests).
import type { ConnectedAppId } from "../protocol/settings";

export type OAuthServer = "google" | "microsoft-consumers" | "microsoft-organizations";

export interface OAuthEndpoints {
  authorize: string;
  token: string;
  revoke: string | null;
}

export interface ConnectedAppSpec {
  id: ConnectedAppId;
  name: string;
  kind: "drive" | "mail" | "calendar" | "office";
  server: OAuthServer;
  scopes: string[];
  /** Extra authorization parameters (Google returns a refresh token only with access_type=offline). */
  authorizeParams?: Record<string, string>;
}

const GOOGLE_OFFLINE = { access_type: "offline", prompt: "consent" };

export const CONNECTED_APP_SPECS: Record<ConnectedAppId, ConnectedAppSpec> = {
  "google-drive": {
    id: "google-drive",
    name: "Google Drive",
    kind: "drive",
    server: "google",
    scopes: ["https://www.googleapis.com/auth/drive.readonly"],
    authorizeParams: GOOGLE_OFFLINE,
  },
  gmail: {
    id: "gmail",
    name: "Gmail",
    kind: "mail",
    server: "google",
    scopes: ["https://www.googleapis.com/auth/gmail.readonly"],
    authorizeParams: GOOGLE_OFFLINE,
  },
  "google-calendar": {
    id: "google-calendar",
    name: "Google Calendar",
    kind: "calendar",
    server: "google",
    scopes: ["https://www.googleapis.com/auth/calendar.readonly"],
    authorizeParams: GOOGLE_OFFLINE,
  },
  onedrive: {
    id: "onedrive",
    name: "OneDrive (personal)",
    kind: "office",
    server: "microsoft-consumers",
    scopes: ["offline_access", "Files.Read"],
  },
  "microsoft-365": {
    id: "microsoft-365",
    name: "Microsoft 365 (work or school)",
    kind: "office",
    server: "microsoft-organizations",
    scopes: ["offline_access", "Files.Read.All", "Mail.Read", "Calendars.Read"],
  },
};

const OFFICIAL: Record<OAuthServer, OAuthEndpoints> = {
  google: {
    authorize: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    revoke: "https://oauth2.googleapis.com/revoke",
  },
  "microsoft-consumers": {
    authorize: "https://login.microsoftonline.com/consumers/oauth2/v2.0/authorize",
    token: "https://login.microsoftonline.com/consumers/oauth2/v2.0/token",
    revoke: null,
  },
  "microsoft-organizations": {
    authorize: "https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize",
    token: "https://login.microsoftonline.com/organizations/oauth2/v2.0/token",
    revoke: null,
  },
};

type OAuthEnv = Pick<
  Env,
  | "GOOGLE_CLIENT_ID"
  | "GOOGLE_CLIENT_SECRET"
  | "MICROSOFT_CLIENT_ID"
  | "MICROSOFT_CLIENT_SECRET"
  | "CONNECTED_APPS_OAUTH_BASE_URLS"
>;

export function oauthEndpoints(env: OAuthEnv, server: OAuthServer): OAuthEndpoints {
  if (env.CONNECTED_APPS_OAUTH_BASE_URLS) {
    try {
      const overrides: unknown = JSON.parse(env.CONNECTED_APPS_OAUTH_BASE_URLS);
      const base =
        overrides && typeof overrides === "object" ? (overrides as Record<string, unknown>)[server] : undefined;
      if (typeof base === "string" && /^https?:\/\//.test(base)) {
        const b = base.replace(/\/+$/, "");
        return { authorize: `${b}/authorize`, token: `${b}/token`, revoke: `${b}/revoke` };
      }
    } catch {
      console.error("CONNECTED_APPS_OAUTH_BASE_URLS is not valid JSON; using the official endpoints");
    }
  }
  return OFFICIAL[server];
}

/** The client credentials for a server, or null when the operator has not configured them. */
export function oauthClient(env: OAuthEnv, server: OAuthServer): { clientId: string; clientSecret: string } | null {
  const [id, secret] =
    server === "google"
      ? [env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET]
      : [env.MICROSOFT_CLIENT_ID, env.MICROSOFT_CLIENT_SECRET];
  return id && secret ? { clientId: id, clientSecret: secret } : null;
}
