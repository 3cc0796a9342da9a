// The operator console's server state: one query-option factory per /admin/api read (keys under "admin", so a change
// can refresh what it touched) and the calls that change something, for the pages' mutations. Every answer is
// checked by its schema (admin.schemas.ts).
import { queryOptions } from "@tanstack/react-query";
import type * as v from "valibot";
import { apiBody, type RequestOptions } from "../../lib/api";
import {
  AdminPromptsSchema,
  AnySuccessSchema,
  BlockSchema,
  ApplyResultSchema,
  AuditSchema,
  CommissionsSchema,
  EndSessionsSchema,
  FeedItemAnswerSchema,
  FeedsSchema,
  MeSchema,
  type FeedLang,
  type FeedTab,
  type OrderStatus,
  OrdersSchema,
  type PackageType,
  RevenueSchema,
  ResealSchema,
  ReviewQueueSchema,
  UsageSchema,
  UserDetailSchema,
  UserSearchSchema,
} from "./admin.schemas";

const API = "/admin/api";

/** A call whose answer is the success envelope (checked by `schema`): its data. */
async function get<T>(path: string, schema: v.GenericSchema<unknown, { data: T }>, options?: RequestOptions) {
  return (await apiBody(`${API}${path}`, schema, options)).data;
}
const send = <T>(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body: unknown,
  schema: v.GenericSchema<unknown, { data: T }>,
) => get(path, schema, { method, body });

/** Audit entries one page of the log shows. */
export const AUDIT_PAGE = 50;

export const adminKeys = {
  all: ["admin"] as const,
  users: ["admin", "users"] as const,
  payments: ["admin", "payments"] as const,
  feeds: ["admin", "feeds"] as const,
  audit: ["admin", "audit"] as const,
  prompts: ["admin", "prompts"] as const,
};

export const adminQueries = {
  /**
   * Whether the caller is an operator: the worker answers 404 to anyone else, guests included. A 401 here is an answer
   * too (on401 "throw"): a guest must see the not-found page, not be sent to /login.
   */
  me: () =>
    queryOptions({
      queryKey: ["admin", "me"],
      queryFn: ({ signal }) => get("/me", MeSchema, { signal, on401: "throw" }),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  usage: (from: string, to: string) =>
    queryOptions({
      queryKey: ["admin", "usage", from, to],
      queryFn: ({ signal }) => get(`/usage?from=${from}&to=${to}`, UsageSchema, { signal }),
    }),
  userSearch: (q: string) =>
    queryOptions({
      queryKey: ["admin", "users", "search", q],
      queryFn: ({ signal }) => get(`/users?q=${encodeURIComponent(q)}`, UserSearchSchema, { signal }),
      enabled: q.trim().length >= 2,
    }),
  user: (id: string) =>
    queryOptions({
      queryKey: ["admin", "users", "one", id],
      queryFn: ({ signal }) => get(`/users/${encodeURIComponent(id)}`, UserDetailSchema, { signal }),
    }),
  review: () =>
    queryOptions({
      queryKey: ["admin", "payments", "review"],
      queryFn: ({ signal }) => get("/payments/review", ReviewQueueSchema, { signal }),
    }),
  orders: (status: OrderStatus) =>
    queryOptions({
      queryKey: ["admin", "payments", "orders", status],
      queryFn: ({ signal }) => get(`/payments/orders?status=${status}`, OrdersSchema, { signal }),
    }),
  revenue: (from: string, to: string) =>
    queryOptions({
      queryKey: ["admin", "payments", "revenue", from, to],
      queryFn: ({ signal }) => get(`/payments/revenue?from=${from}&to=${to}`, RevenueSchema, { signal }),
    }),
  commissions: () =>
    queryOptions({
      queryKey: ["admin", "payments", "commissions"],
      queryFn: ({ signal }) => get("/payments/commissions", CommissionsSchema, { signal }),
    }),
  feeds: () =>
    queryOptions({
      queryKey: adminKeys.feeds,
      queryFn: ({ signal }) => get("/feeds", FeedsSchema, { signal }),
    }),
  prompts: () =>
    queryOptions({
      queryKey: adminKeys.prompts,
      queryFn: ({ signal }) => get("/prompts", AdminPromptsSchema, { signal }),
    }),
  auditPage: (before?: number) =>
    get(`/audit?limit=${AUDIT_PAGE}${before === undefined ? "" : `&before=${before}`}`, AuditSchema),
};

export interface NewFeedItem {
  tab: FeedTab;
  lang: FeedLang;
  title: string;
  body?: string;
  url?: string | null;
  image?: string | null;
  published_at?: string;
  draft?: boolean;
}
export type FeedChange = Partial<Omit<NewFeedItem, "tab" | "lang">>;

/** A prompt as PUT /admin/api/prompts/:id takes it: its texts in all four languages replace the catalogue's. */
export interface PromptEdit {
  category: string;
  weight: number;
  texts: Record<"vi" | "en" | "ru" | "zh", [string, string, string]>;
  hidden: boolean;
}

export const adminCalls = {
  grant: (userId: string, pkg: PackageType) =>
    send("POST", `/users/${encodeURIComponent(userId)}/grant`, { package: pkg }, AnySuccessSchema),
  block: (userId: string, reason: string) =>
    send("POST", `/users/${encodeURIComponent(userId)}/block`, { reason }, BlockSchema),
  unblock: (userId: string) => send("POST", `/users/${encodeURIComponent(userId)}/unblock`, {}, BlockSchema),
  savePrompt: (id: string, edit: PromptEdit) =>
    send("PUT", `/prompts/${encodeURIComponent(id)}`, edit, AnySuccessSchema),
  /** Drops the operator's edit: a catalogue prompt is the catalogue's again, an added one is gone. */
  revertPrompt: (id: string) => send("DELETE", `/prompts/${encodeURIComponent(id)}`, undefined, AnySuccessSchema),
  resealSecrets: () => send("POST", "/secrets/reseal", {}, ResealSchema),
  endSessions: (userId: string) =>
    send("POST", `/users/${encodeURIComponent(userId)}/end-sessions`, {}, EndSessionsSchema),
  applyTransfer: (id: string, orderCode: string) =>
    send("POST", `/payments/review/${encodeURIComponent(id)}/apply`, { order_code: orderCode }, ApplyResultSchema),
  resolveTransfer: (id: string, outcome: "refunded" | "ignored", note: string) =>
    send("POST", `/payments/review/${encodeURIComponent(id)}/resolve`, { outcome, note }, AnySuccessSchema),
  markCommissionPaid: (id: string) =>
    send("POST", `/payments/commissions/${encodeURIComponent(id)}/paid`, {}, AnySuccessSchema),
  createFeedItem: (item: NewFeedItem) => send("POST", "/feeds", item, FeedItemAnswerSchema),
  editFeedItem: (id: string, change: FeedChange) =>
    send("PATCH", `/feeds/${encodeURIComponent(id)}`, change, FeedItemAnswerSchema),
  setMaintenance: (tab: FeedTab, maintenance: boolean) =>
    send("PUT", `/feeds/maintenance/${tab}`, { maintenance }, AnySuccessSchema),
};
