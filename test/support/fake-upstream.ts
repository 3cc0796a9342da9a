// A local HTTP server that speaks the model providers' real streaming wire formats, for the adapter tests. Each
// provider is mounted under its own prefix (`${url}/openai`, `/anthropic`, `/google`, `/xai`, `/deepseek`,
// `/openai-compatible`), at the paths its AI SDK package calls: OpenAI Responses SSE, chat-completions chunks ending
// in [DONE] (xAI, DeepSeek, OpenAI-compatible), Anthropic Messages SSE and Google streamGenerateContent?alt=sse.
// The upstream model name picks the scenario (fake-upstream-scenarios.ts). Every request is recorded; the tests run
// inside workerd, so they read the log over HTTP: GET /__requests?key=<api key>.
import type { IncomingMessage, ServerResponse } from "node:http";
import { readJsonBody, sendJson, serveOnLoopback } from "./local-server.ts";
import { EXTERNAL_PROVIDERS } from "../../worker/external-models/providers.ts";
import {
  FAKE_CITATIONS,
  FAKE_CUT_CHUNKS,
  FAKE_MODELS,
  FAKE_OK_CHUNKS,
  FAKE_SLOW_INTERVAL_MS,
  type RecordedRequest,
} from "./fake-upstream-scenarios.ts";

/** Requests kept for GET /__requests; older ones are dropped. */
const LOG_LIMIT = 2_000;
/** Pause between streamed events, in milliseconds, so they reach the client as separate network chunks. */
const EVENT_GAP_MS = 2;
/** How long the slow scenario keeps streaming if nobody stops it, in milliseconds. */
const SLOW_TOTAL_MS = 60_000;

export type Flavour = "openai" | "xai" | "deepseek" | "openai-compatible" | "workers-ai" | "anthropic" | "google";
type ErrorKind = "unauthorized" | "forbidden" | "badKey" | "rateLimited" | "unavailable" | "badRequest" | "notFound";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- error bodies, as each provider really sends them -------------------------------------------------------------

function openaiStyleError(kind: ErrorKind, model: string, flavour: Flavour): [number, unknown] {
  const err = (status: number, message: string, type: string, code: string | null, param: string | null = null) =>
    [status, { error: { message, type, param, code } }] as [number, unknown];
  if (flavour === "deepseek") {
    switch (kind) {
      case "unauthorized":
        return err(
          401,
          "Authentication Fails, Your api key: ****fake is invalid",
          "authentication_error",
          "invalid_request_error",
        );
      case "forbidden":
        return err(403, "Permission denied", "permission_error", "invalid_request_error");
      case "rateLimited":
        return err(429, "Rate Limit Reached", "rate_limit_reached_error", "rate_limit_reached");
      case "unavailable":
        return err(503, "Server overloaded, please try again later", "server_overloaded", "server_overloaded");
      default:
        break;
    }
  }
  switch (kind) {
    case "unauthorized":
      return err(
        401,
        "Incorrect API key provided: sk-fake***. You can find your API key at https://platform.openai.com/account/api-keys.",
        "invalid_request_error",
        "invalid_api_key",
      );
    case "forbidden":
    case "badKey":
      return err(
        403,
        "Country, region, or territory not supported",
        "request_forbidden",
        "unsupported_country_region_territory",
      );
    case "rateLimited":
      return err(
        429,
        `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.`,
        "requests",
        "rate_limit_exceeded",
      );
    case "unavailable":
      return err(503, "The server is overloaded or not ready yet.", "server_error", null);
    case "badRequest":
      return err(
        400,
        "Invalid value for 'temperature': expected a number.",
        "invalid_request_error",
        null,
        "temperature",
      );
    case "notFound":
      return err(
        404,
        `The model \`${model}\` does not exist or you do not have access to it.`,
        "invalid_request_error",
        "model_not_found",
      );
  }
}

function xaiError(kind: ErrorKind, model: string): [number, unknown] {
  // xAI's errors are {code, error}, the code being the gRPC status description.
  const err = (status: number, code: string, error: string) => [status, { code, error }] as [number, unknown];
  switch (kind) {
    case "unauthorized":
      return err(
        401,
        "The request does not have valid authentication credentials for the operation",
        "Incorrect API key provided: xai-fa***. You can obtain an API key from https://console.x.ai.",
      );
    case "forbidden":
    case "badKey":
      return err(
        403,
        "The caller does not have permission to execute the specified operation",
        "Your team does not have permission to use this model.",
      );
    case "rateLimited":
      return err(
        429,
        "Some resource has been exhausted",
        "Your team has reached its requests-per-minute limit. Please slow down.",
      );
    case "unavailable":
      return err(
        503,
        "The service is currently unavailable",
        "The service is currently unavailable. Please try again later.",
      );
    case "badRequest":
      return err(400, "Client specified an invalid argument", "Invalid request content: messages must not be empty.");
    case "notFound":
      return err(
        404,
        "Some requested entity was not found",
        `The model ${model} does not exist or your team does not have access to it.`,
      );
  }
}

function anthropicError(kind: ErrorKind, model: string): [number, unknown] {
  const err = (status: number, type: string, message: string) =>
    [status, { type: "error", error: { type, message }, request_id: "req_fake" }] as [number, unknown];
  switch (kind) {
    case "unauthorized":
      return err(401, "authentication_error", "invalid x-api-key");
    case "forbidden":
    case "badKey":
      return err(403, "permission_error", "Your API key does not have permission to use the specified resource.");
    case "rateLimited":
      return err(429, "rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit.");
    case "unavailable":
      return err(529, "overloaded_error", "Overloaded");
    case "badRequest":
      return err(400, "invalid_request_error", "max_tokens: Field required");
    case "notFound":
      return err(404, "not_found_error", `model: ${model}`);
  }
}

function googleError(kind: ErrorKind, model: string): [number, unknown] {
  const err = (code: number, status: string, message: string, details?: unknown[]) =>
    [code, { error: { code, message, status, ...(details ? { details } : {}) } }] as [number, unknown];
  switch (kind) {
    case "unauthorized":
      return err(
        401,
        "UNAUTHENTICATED",
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
      );
    case "forbidden":
      return err(403, "PERMISSION_DENIED", "Permission denied: Consumer 'api_key:fake' has been suspended.");
    case "badKey":
      return err(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "API_KEY_INVALID",
          domain: "googleapis.com",
          metadata: { service: "generativelanguage.googleapis.com" },
        },
      ]);
    case "rateLimited":
      return err(
        429,
        "RESOURCE_EXHAUSTED",
        "You exceeded your current quota, please check your plan and billing details.",
      );
    case "unavailable":
      return err(503, "UNAVAILABLE", "The model is overloaded. Please try again later.");
    case "badRequest":
      return err(400, "INVALID_ARGUMENT", 'Invalid JSON payload received. Unknown name "foo": Cannot find field.');
    case "notFound":
      return err(
        404,
        "NOT_FOUND",
        `models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
      );
  }
}

function errorFor(flavour: Flavour, kind: ErrorKind, model: string): [number, unknown] {
  if (flavour === "anthropic") return anthropicError(kind, model);
  if (flavour === "google") return googleError(kind, model);
  if (flavour === "xai") return xaiError(kind, model);
  if (flavour === "workers-ai") return workersAiError(kind, model);
  return openaiStyleError(kind, model, flavour);
}

// ---- streamed answers ------------------------------------------------------------------------------------------

interface StreamPlan {
  chunks: string[];
  citations: boolean;
  /**
   * "finish": the provider's normal end; "destroy": the socket is destroyed; "end": the body ends with no finish;
   * "error": the provider's in-stream error event (an overloaded server), then the body ends.
   */
  ending: "finish" | "destroy" | "end" | "error";
  intervalMs: number;
}

/** Writes SSE events one by one; stops quietly when the client has gone. */
class EventWriter {
  constructor(
    private readonly res: ServerResponse,
    private readonly newline = "\n",
  ) {}
  get gone() {
    return this.res.destroyed || this.res.writableEnded || this.res.socket?.destroyed === true;
  }
  async send(data: unknown, event?: string, gapMs = EVENT_GAP_MS) {
    if (this.gone) return;
    const nl = this.newline;
    const payload = typeof data === "string" ? data : JSON.stringify(data);
    this.res.write(`${event ? `event: ${event}${nl}` : ""}data: ${payload}${nl}${nl}`);
    await sleep(gapMs);
  }
}

function startSse(res: ServerResponse, extraHeaders: Record<string, string> = {}) {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    ...extraHeaders,
  });
}

/** Cloudflare's API envelope, which Workers AI's OpenAI-compatible endpoint answers errors with. */
function workersAiError(kind: ErrorKind, model: string): [number, unknown] {
  const err = (status: number, code: number, message: string) =>
    [status, { result: null, success: false, errors: [{ code, message }], messages: [] }] as [number, unknown];
  switch (kind) {
    case "unauthorized":
    case "badKey":
      return err(401, 10000, "Authentication error");
    case "forbidden":
      return err(403, 10000, "Authentication error");
    case "rateLimited":
      return err(429, 3040, "Capacity temporarily exceeded, please try again.");
    case "unavailable":
      return err(503, 3040, "Service unavailable");
    case "badRequest":
      return err(400, 5006, "Error: Type mismatch of '/messages', 'array' not in 'null'");
    default:
      return err(404, 5007, `No such model ${model} or task`);
  }
}

async function streamOpenAIResponses(res: ServerResponse, model: string, plan: StreamPlan) {
  startSse(res, { "x-request-id": "req_fake" });
  const w = new EventWriter(res);
  const id = `resp_${Date.now().toString(16)}`;
  const itemId = `msg_${Date.now().toString(16)}`;
  const created = Math.floor(Date.now() / 1000);
  let seq = 0;
  const response = (status: string, output: unknown[], usage: unknown) => ({
    id,
    object: "response",
    created_at: created,
    status,
    error: null,
    incomplete_details: null,
    model,
    output,
    parallel_tool_calls: true,
    service_tier: "default",
    temperature: 1,
    text: { format: { type: "text" } },
    usage,
  });
  await w.send(
    { type: "response.created", sequence_number: seq++, response: response("in_progress", [], null) },
    "response.created",
  );
  await w.send(
    { type: "response.in_progress", sequence_number: seq++, response: response("in_progress", [], null) },
    "response.in_progress",
  );
  await w.send(
    {
      type: "response.output_item.added",
      sequence_number: seq++,
      output_index: 0,
      item: { id: itemId, type: "message", status: "in_progress", content: [], role: "assistant" },
    },
    "response.output_item.added",
  );
  await w.send(
    {
      type: "response.content_part.added",
      sequence_number: seq++,
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      part: { type: "output_text", annotations: [], logprobs: [], text: "" },
    },
    "response.content_part.added",
  );
  for (const delta of plan.chunks) {
    if (w.gone) return;
    await w.send(
      {
        type: "response.output_text.delta",
        sequence_number: seq++,
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        delta,
        logprobs: [],
      },
      "response.output_text.delta",
      plan.intervalMs,
    );
  }
  if (plan.ending === "error") {
    await w.send(
      {
        type: "error",
        sequence_number: seq++,
        code: "server_error",
        message: "The server had an error while processing your request. Sorry about that!",
        param: null,
      },
      "error",
    );
    return void res.end();
  }
  if (plan.ending !== "finish") return endAbruptly(res, plan.ending);
  const text = plan.chunks.join("");
  const annotations = plan.citations
    ? FAKE_CITATIONS.map((c, i) => ({
        type: "url_citation",
        start_index: i,
        end_index: i + 1,
        url: c.url,
        title: c.title,
      }))
    : [];
  for (const [i, annotation] of annotations.entries()) {
    await w.send(
      {
        type: "response.output_text.annotation.added",
        sequence_number: seq++,
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        annotation_index: i,
        annotation,
      },
      "response.output_text.annotation.added",
    );
  }
  const part = { type: "output_text", annotations, logprobs: [], text };
  const item = { id: itemId, type: "message", status: "completed", content: [part], role: "assistant" };
  await w.send(
    {
      type: "response.output_text.done",
      sequence_number: seq++,
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      text,
      logprobs: [],
    },
    "response.output_text.done",
  );
  await w.send(
    {
      type: "response.content_part.done",
      sequence_number: seq++,
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      part,
    },
    "response.content_part.done",
  );
  await w.send(
    { type: "response.output_item.done", sequence_number: seq++, output_index: 0, item },
    "response.output_item.done",
  );
  const usage = {
    input_tokens: 12,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: plan.chunks.length,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 12 + plan.chunks.length,
  };
  await w.send(
    { type: "response.completed", sequence_number: seq++, response: response("completed", [item], usage) },
    "response.completed",
  );
  res.end();
}

async function streamChatCompletions(res: ServerResponse, model: string, plan: StreamPlan, flavour: Flavour) {
  startSse(res);
  const w = new EventWriter(res);
  const id = flavour === "xai" ? crypto.randomUUID() : `chatcmpl-${Date.now().toString(16)}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model,
    system_fingerprint: "fp_fake",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...extra,
  });
  await w.send(chunk({ role: "assistant", content: "" }, null));
  for (const content of plan.chunks) {
    if (w.gone) return;
    await w.send(chunk({ content }, null), undefined, plan.intervalMs);
  }
  if (plan.ending === "error") {
    const error =
      flavour === "xai"
        ? {
            code: "The service is currently unavailable",
            error: "The service is currently unavailable. Please try again later.",
          }
        : {
            error: {
              message: "The server is overloaded. Please try again later.",
              type: "server_error",
              param: null,
              code: "server_overloaded",
            },
          };
    await w.send(error);
    return void res.end();
  }
  if (plan.ending !== "finish") return endAbruptly(res, plan.ending);
  const usage = { prompt_tokens: 12, completion_tokens: plan.chunks.length, total_tokens: 12 + plan.chunks.length };
  // xAI sends its live-search citations as a list of URLs on the stream's chunks.
  const citations = flavour === "xai" && plan.citations ? { citations: FAKE_CITATIONS.map((c) => c.url) } : {};
  await w.send(chunk({}, "stop", { usage, ...citations }));
  await w.send("[DONE]");
  res.end();
}

async function streamAnthropic(res: ServerResponse, model: string, plan: StreamPlan) {
  startSse(res, { "request-id": "req_fake" });
  const w = new EventWriter(res);
  await w.send(
    {
      type: "message_start",
      message: {
        id: `msg_${Date.now().toString(16)}`,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 12, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
      },
    },
    "message_start",
  );
  await w.send(
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    "content_block_start",
  );
  await w.send({ type: "ping" }, "ping");
  for (const text of plan.chunks) {
    if (w.gone) return;
    await w.send(
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } },
      "content_block_delta",
      plan.intervalMs,
    );
  }
  if (plan.ending === "error") {
    await w.send({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, "error");
    return void res.end();
  }
  if (plan.ending !== "finish") return endAbruptly(res, plan.ending);
  await w.send({ type: "content_block_stop", index: 0 }, "content_block_stop");
  await w.send(
    {
      type: "message_delta",
      delta: { stop_reason: "end_turn", stop_sequence: null },
      usage: { output_tokens: plan.chunks.length },
    },
    "message_delta",
  );
  await w.send({ type: "message_stop" }, "message_stop");
  res.end();
}

async function streamGoogle(res: ServerResponse, model: string, plan: StreamPlan) {
  startSse(res);
  // Google separates its SSE events with CRLF.
  const w = new EventWriter(res, "\r\n");
  const responseId = `fake-${Date.now().toString(16)}`;
  const usage = (n: number) => ({ promptTokenCount: 12, candidatesTokenCount: n, totalTokenCount: 12 + n });
  for (const [i, text] of plan.chunks.entries()) {
    if (w.gone) return;
    const last = i === plan.chunks.length - 1 && plan.ending === "finish";
    const candidate: Record<string, unknown> = { content: { parts: [{ text }], role: "model" }, index: 0 };
    if (last) {
      candidate.finishReason = "STOP";
      if (plan.citations) {
        candidate.groundingMetadata = {
          webSearchQueries: ["fake query"],
          groundingChunks: FAKE_CITATIONS.map((c) => ({ web: { uri: c.url, title: c.title } })),
        };
      }
    }
    await w.send(
      { candidates: [candidate], usageMetadata: usage(i + 1), modelVersion: model, responseId },
      undefined,
      plan.intervalMs,
    );
  }
  if (plan.ending === "error") {
    await w.send({
      error: { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" },
    });
    return void res.end();
  }
  if (plan.ending !== "finish") return endAbruptly(res, plan.ending);
  res.end();
}

async function endAbruptly(res: ServerResponse, ending: "destroy" | "end") {
  await sleep(20);
  if (ending === "destroy") res.socket?.destroy();
  else res.end();
}

// ---- routing ---------------------------------------------------------------------------------------------------

/** The real model names external models ask for (a user's own key): they stream like FAKE_MODELS.ok. */
const EXTERNAL_MODELS: ReadonlySet<string> = new Set(Object.values(EXTERNAL_PROVIDERS).map((p) => p.model));

function planFor(model: string): StreamPlan | ErrorKind {
  if (EXTERNAL_MODELS.has(model))
    return { chunks: FAKE_OK_CHUNKS, citations: false, ending: "finish", intervalMs: EVENT_GAP_MS };
  switch (model) {
    case FAKE_MODELS.ok:
      return { chunks: FAKE_OK_CHUNKS, citations: false, ending: "finish", intervalMs: EVENT_GAP_MS };
    case FAKE_MODELS.cited:
      return { chunks: FAKE_OK_CHUNKS, citations: true, ending: "finish", intervalMs: EVENT_GAP_MS };
    case FAKE_MODELS.cut:
      return { chunks: FAKE_CUT_CHUNKS, citations: false, ending: "destroy", intervalMs: EVENT_GAP_MS };
    case FAKE_MODELS.truncated:
      return { chunks: FAKE_CUT_CHUNKS, citations: false, ending: "end", intervalMs: EVENT_GAP_MS };
    case FAKE_MODELS.streamError:
      return { chunks: FAKE_CUT_CHUNKS, citations: false, ending: "error", intervalMs: EVENT_GAP_MS };
    case FAKE_MODELS.slow: {
      const count = Math.ceil(SLOW_TOTAL_MS / FAKE_SLOW_INTERVAL_MS);
      return {
        chunks: Array.from({ length: count }, (_, i) => `word${i} `),
        citations: false,
        ending: "finish",
        intervalMs: FAKE_SLOW_INTERVAL_MS,
      };
    }
    case FAKE_MODELS.unauthorized:
      return "unauthorized";
    case FAKE_MODELS.forbidden:
      return "forbidden";
    case FAKE_MODELS.badKey:
      return "badKey";
    case FAKE_MODELS.rateLimited:
      return "rateLimited";
    case FAKE_MODELS.unavailable:
      return "unavailable";
    case FAKE_MODELS.badRequest:
      return "badRequest";
    default:
      return "notFound";
  }
}

const FLAVOURS: readonly Flavour[] = [
  "openai",
  "xai",
  "deepseek",
  "openai-compatible",
  "workers-ai",
  "anthropic",
  "google",
];

function apiKeyOf(req: IncomingMessage): string | null {
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1];
  const key = bearer ?? req.headers["x-api-key"] ?? req.headers["x-goog-api-key"];
  return typeof key === "string" ? key : null;
}

/**
 * Answers one model call in `flavour`'s real wire format, the scenario picked by the model asked for: `endpoint` is
 * the path under the provider's base URL and `body` the parsed JSON request. False (nothing written) when `endpoint`
 * is not that provider's streaming call. The fake identity server's /byok/<provider> hosts answer chats through this.
 */
export async function answerModelCall(
  res: ServerResponse,
  flavour: Flavour,
  endpoint: string,
  search: URLSearchParams,
  body: unknown,
): Promise<boolean> {
  const googleModel = /\/models\/([^/:]+):streamGenerateContent$/.exec(endpoint)?.[1];
  const bodyModel = (body as { model?: unknown } | null)?.model;
  const model = googleModel ? decodeURIComponent(googleModel) : typeof bodyModel === "string" ? bodyModel : null;
  const wire =
    flavour === "google"
      ? googleModel !== undefined && search.get("alt") === "sse"
      : flavour === "anthropic"
        ? endpoint === "/messages"
        : flavour === "openai"
          ? endpoint === "/responses"
          : endpoint === "/chat/completions";
  if (!wire || model === null) return false;
  const plan = planFor(model);
  if (typeof plan === "string") {
    const [status, errorBody] = errorFor(flavour, plan, model);
    sendJson(res, status, errorBody);
    return true;
  }
  if (flavour === "openai") await streamOpenAIResponses(res, model, plan);
  else if (flavour === "anthropic") await streamAnthropic(res, model, plan);
  else if (flavour === "google") await streamGoogle(res, model, plan);
  else await streamChatCompletions(res, model, plan, flavour);
  return true;
}

export async function startFakeUpstream(): Promise<{ url: string; close: () => Promise<void> }> {
  const log: RecordedRequest[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/__requests") {
      const key = url.searchParams.get("key");
      return sendJson(res, 200, key === null ? log : log.filter((r) => r.apiKey === key));
    }
    const body = await readJsonBody(req);
    const [, prefix = "", ...rest] = url.pathname.split("/");
    const flavour = FLAVOURS.find((f) => f === prefix);
    const endpoint = `/${rest.join("/")}`;
    const googleModel = /\/models\/([^/:]+):streamGenerateContent$/.exec(endpoint)?.[1];
    const bodyModel = (body as { model?: unknown } | null)?.model;
    const model = googleModel ? decodeURIComponent(googleModel) : typeof bodyModel === "string" ? bodyModel : null;
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
    );
    log.push({
      method: req.method ?? "",
      path: url.pathname + url.search,
      headers,
      apiKey: apiKeyOf(req),
      model,
      body,
    });
    if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT);

    if (req.method !== "POST" || !flavour || model === null)
      return sendJson(res, 404, { error: { message: "Not found" } });
    if (!(await answerModelCall(res, flavour, endpoint, url.searchParams, body))) {
      return sendJson(res, 404, { error: { message: `No fake for ${req.method} ${url.pathname}` } });
    }
  }

  return serveOnLoopback(handle, (err) => ({ error: { message: String(err) } }));
}
