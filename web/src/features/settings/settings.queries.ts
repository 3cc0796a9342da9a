// Server state of the settings screen as React Query option factories, one key family per resource, so a mutation
// invalidates exactly what it changed.
import { queryOptions } from "@tanstack/react-query";
import { SocialConfigSchema } from "../../../../worker/protocol/resources";
import { api } from "../../lib/api";
import {
  fetchAiSettings,
  fetchConnectedApps,
  fetchEmailChange,
  fetchExternalModels,
  fetchLinkedAccounts,
  fetchMemories,
  fetchSessions,
} from "./settings.api";

export const settingsKeys = {
  aiSettings: ["settings", "ai"] as const,
  memories: ["settings", "memories"] as const,
  sessions: ["settings", "sessions"] as const,
  linked: ["settings", "linked-accounts"] as const,
  emailChange: ["settings", "email-change"] as const,
  externalModels: ["settings", "external-models"] as const,
  apps: ["settings", "connected-apps"] as const,
  socialConfig: ["auth", "social-config"] as const,
};

export const aiSettingsQuery = () => queryOptions({ queryKey: settingsKeys.aiSettings, queryFn: fetchAiSettings });
export const memoriesQuery = () => queryOptions({ queryKey: settingsKeys.memories, queryFn: fetchMemories });
/** The devices list: refreshed every 30 s while shown, so "last seen" stays current. */
export const sessionsQuery = () =>
  queryOptions({ queryKey: settingsKeys.sessions, queryFn: fetchSessions, refetchInterval: 30_000 });
export const linkedAccountsQuery = () => queryOptions({ queryKey: settingsKeys.linked, queryFn: fetchLinkedAccounts });
export const emailChangeQuery = () => queryOptions({ queryKey: settingsKeys.emailChange, queryFn: fetchEmailChange });
export const externalModelsQuery = () =>
  queryOptions({ queryKey: settingsKeys.externalModels, queryFn: fetchExternalModels });
export const connectedAppsQuery = () => queryOptions({ queryKey: settingsKeys.apps, queryFn: fetchConnectedApps });
/** Which providers this server can sign in with (their client and app ids): fixed while the app runs. */
export const socialConfigQuery = () =>
  queryOptions({
    queryKey: settingsKeys.socialConfig,
    queryFn: () => api("/auth/social-config", SocialConfigSchema),
    staleTime: Infinity,
  });
