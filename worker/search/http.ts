// The one way the search adapters call their upstream: a time limit on the whole call (headers and body), the
// caller's signal, and every failure mapped to a clear typed error — 401/403 search_auth_failed, 429
// search_rate_limited, a timeout or anything else search_unavailable — so a search never hangs a turn and never
// leaks an upstream's raw error to the user. Bodies are parsed with valibot; entries that do not validate are dropped.
import * as v from "valibot";
import { AppError } from "../errors";
import type { SearchResult } from "./types";

/** Default time limit of one search call, in milliseconds (SEARCH_TIMEOUT_MS overrides it). */
export const DEFAULT_SEARCH_TIMEOUT_MS = 8_000;

export interface UpstreamCall {
  provider: string;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Reads a provider's own error body when its status alone is ambiguous (Brave's 422 for an invalid key). */
  classify?: (status: number, body: unknown) => "auth" | "rate_limited" | undefined;
}

/** Most of an error body parsed to classify it, in characters (error bodies are small; the time limit bounds the read). */
const ERROR_BODY_BYTES = 8 * 1024;

async function errorBodyOf(res: Response): Promise<unknown> {
  try {
    const text = (await res.text()).slice(0, ERROR_BODY_BYTES);
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function failure(status: number, provider: string, kind?: "auth" | "rate_limited"): AppError {
  if (kind === "auth" || status === 401 || status === 403) {
    return new AppError(
      "search_auth_failed",
      `The search provider ${provider} refused the configured key (HTTP ${status})`,
      { provider },
    );
  }
  if (kind === "rate_limited" || status === 429) {
    return new AppError(
      "search_rate_limited",
      `The search provider ${provider} is rate limiting Mây; try again shortly`,
      { provider },
    );
  }
  return new AppError("search_unavailable", `The search provider ${provider} answered HTTP ${status}`, { provider });
}

/** Calls the upstream and returns its JSON body, or throws one of the three search errors. */
export async function fetchSearchJson({
  provider,
  url,
  init,
  timeoutMs,
  signal,
  classify,
}: UpstreamCall): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const res = await fetch(url, { ...init, signal: combined });
    if (!res.ok) {
      // The body of an error is never shown to anyone; it is only read when the provider needs it classified.
      if (!classify) {
        await res.body?.cancel();
        throw failure(res.status, provider);
      }
      throw failure(res.status, provider, classify(res.status, await errorBodyOf(res)));
    }
    try {
      return await res.json();
    } catch (err) {
      if (combined.aborted) throw err;
      throw new AppError(
        "search_unavailable",
        `The search provider ${provider} answered with something that is not JSON`,
        { provider },
      );
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (signal?.aborted)
      throw signal.reason instanceof Error ? signal.reason : new DOMException("The search was stopped", "AbortError");
    if (timeout.aborted) {
      throw new AppError(
        "search_unavailable",
        `The search provider ${provider} did not answer within ${timeoutMs} ms`,
        { provider },
      );
    }
    throw new AppError("search_unavailable", `Cannot reach the search provider ${provider}`, { provider });
  }
}

/** An absolute http(s) URL of at most 2,048 characters; anything else drops the result. */
export const HttpUrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2_048),
  v.check((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http(s) URL"),
);

/** Longest title and snippet kept, in characters: what a citation card and the prompt need. */
const MAX_TITLE_CHARS = 300;
const MAX_SNIPPET_CHARS = 1_000;

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/gu, " ").trim();
  const chars = Array.from(clean);
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join("")}…`;
}

/** The host name without "www.", the site label when a provider gives none. */
export function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

/**
 * Parses each raw entry with `schema` and maps it to a SearchResult; invalid entries (no URL, a javascript: URL, a
 * number for a title...) are dropped, duplicates of a URL kept once, at most `max` kept.
 */
export function keepValid<S extends v.GenericSchema>(
  entries: readonly unknown[],
  schema: S,
  toResult: (entry: v.InferOutput<S>) => { title: string; url: string; snippet: string; site?: string | undefined },
  max: number,
): SearchResult[] {
  const results: SearchResult[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (results.length >= max) break;
    const parsed = v.safeParse(schema, entry);
    if (!parsed.success) continue;
    const raw = toResult(parsed.output);
    const url = v.safeParse(HttpUrlSchema, raw.url);
    if (!url.success || seen.has(url.output)) continue;
    seen.add(url.output);
    const title = clip(raw.title, MAX_TITLE_CHARS) || hostOf(url.output);
    results.push({
      title,
      url: url.output,
      snippet: clip(raw.snippet, MAX_SNIPPET_CHARS),
      site: clip(raw.site?.trim() || hostOf(url.output), MAX_TITLE_CHARS),
    });
  }
  return results;
}

/** The upstream body parsed with the provider's envelope schema, or search_unavailable when it is not that shape. */
export function parseEnvelope<S extends v.GenericSchema>(schema: S, body: unknown, provider: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    throw new AppError("search_unavailable", `The search provider ${provider} answered in an unexpected format`, {
      provider,
    });
  }
  return parsed.output;
}
