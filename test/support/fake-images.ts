// A local HTTP server speaking the image providers' real wire formats, for the adapter tests (worker/images/):
//   OpenAI             POST ${url}/openai/v1/images/generations (JSON) and /images/edits (multipart), bearer key
//                      → {created, data: [{b64_json, revised_prompt?}]}; errors {error: {message, type, param, code}}
//   OpenAI-compatible  the same under ${url}/compat/v1, no key
//   Google             POST ${url}/google/v1beta/models/{model}:generateContent (Gemini) or :predict (Imagen),
//                      x-goog-api-key → candidates[].content.parts[].inlineData / predictions[].bytesBase64Encoded
//   Workers AI         POST ${url}/workers-ai/client/v4/accounts/{account}/ai/run/@cf/{...}, bearer token → FLUX's
//                      {result: {image}, success} JSON, or the PNG bytes for Stable Diffusion models
// The prompt picks the scenario: it contains "[401]", "[429]", "[unsafe]" (each provider's safety refusal) or "[slow]"
// (no answer for a minute); otherwise a small real PNG comes back. A wrong key gets each provider's own auth error.
// Requests are recorded; the tests run inside workerd, so they read the log over HTTP: GET /__requests?prompt=<text>.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";
import { readBody } from "./local-server.ts";

export const FAKE_IMAGE_KEY = "fake-image-key";

interface Recorded {
  provider: string;
  path: string;
  headers: Record<string, string>;
  prompt: string | null;
  /** JSON body, or the multipart fields (a file as {name, type, size}). */
  body: unknown;
}

const LOG_LIMIT = 1_000;
const SLOW_MS = 60_000;

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A real 4×4 PNG whose colour depends on `seed`, so tests can tell pictures apart. */
function tinyPng(seed: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(4, 0);
  ihdr.writeUInt32BE(4, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...Array.from({ length: 4 }, () => [seed & 0xff, (seed >> 8) & 0xff, 200]).flat()]);
  const raw = Buffer.concat([row, row, row, row]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const FAKE_JPEG_HEADER = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

function scenario(prompt: string): "401" | "429" | "unsafe" | "slow" | "ok" {
  if (prompt.includes("[401]")) return "401";
  if (prompt.includes("[429]")) return "429";
  if (prompt.includes("[unsafe]")) return "unsafe";
  if (prompt.includes("[slow]")) return "slow";
  return "ok";
}

/** Waits `ms`, or less when the client gives up first (so a timed-out request leaves no open socket behind). */
function stall(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.on("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function send(res: ServerResponse, status: number, body: unknown, type = "application/json") {
  if (res.destroyed || res.writableEnded) return;
  const data = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  res.writeHead(status, { "Content-Type": type, "Content-Length": String(data.length) });
  res.end(data);
}

async function parseBody(req: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
  const type = req.headers["content-type"] ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await new Response(raw, { headers: { "Content-Type": type } }).formData();
    const out: Record<string, unknown> = {};
    for (const [k, v] of form.entries()) {
      out[k] =
        typeof v === "string"
          ? v
          : { name: v.name, type: v.type, size: v.size, head: [...new Uint8Array(await v.arrayBuffer()).slice(0, 8)] };
    }
    return out;
  }
  try {
    return JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const openaiError = (status: number, message: string, type: string, code: string | null) =>
  [status, { error: { message, type, param: null, code } }] as const;

async function openai(
  path: string,
  body: Record<string, unknown>,
  key: string | undefined,
  needsKey: boolean,
  res: ServerResponse,
  seed: number,
) {
  const prompt = String(body.prompt ?? "");
  if (needsKey && key !== `Bearer ${FAKE_IMAGE_KEY}`) {
    const [s, b] = openaiError(
      401,
      "Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.",
      "invalid_request_error",
      "invalid_api_key",
    );
    return send(res, s, b);
  }
  switch (scenario(prompt)) {
    case "401": {
      const [s, b] = openaiError(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
      return send(res, s, b);
    }
    case "429": {
      const [s, b] = openaiError(
        429,
        "Rate limit reached for images per minute. Limit: 5/1min.",
        "requests",
        "rate_limit_exceeded",
      );
      return send(res, s, b);
    }
    case "unsafe": {
      const [s, b] = openaiError(
        400,
        "Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.",
        "image_generation_user_error",
        "moderation_blocked",
      );
      return send(res, s, b);
    }
    case "slow":
      await stall(res, SLOW_MS);
      return send(res, 500, {});
    case "ok":
      break;
  }
  if (path.endsWith("/images/edits") && (typeof body.image !== "object" || body.image === null)) {
    const [s, b] = openaiError(
      400,
      "Missing required parameter: 'image'.",
      "invalid_request_error",
      "missing_required_parameter",
    );
    return send(res, s, b);
  }
  const model = String(body.model ?? "");
  if (model.startsWith("gpt-image") && body.response_format !== undefined) {
    const [s, b] = openaiError(
      400,
      "Unknown parameter: 'response_format'.",
      "invalid_request_error",
      "unknown_parameter",
    );
    return send(res, s, b);
  }
  return send(res, 200, {
    created: Math.floor(Date.now() / 1000),
    data: [{ b64_json: tinyPng(seed).toString("base64"), revised_prompt: `A picture of ${prompt}` }],
    usage: { total_tokens: 100, input_tokens: 50, output_tokens: 50 },
  });
}

async function google(path: string, body: any, key: string | undefined, res: ServerResponse, seed: number) {
  const predict = path.endsWith(":predict");
  const prompt = String(
    predict ? (body.instances?.[0]?.prompt ?? "") : (body.contents?.[0]?.parts?.find((p: any) => p.text)?.text ?? ""),
  );
  const error = (code: number, status: string, message: string, reason?: string) =>
    send(res, code, {
      error: {
        code,
        message,
        status,
        ...(reason
          ? { details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "googleapis.com" }] }
          : {}),
      },
    });
  if (key !== FAKE_IMAGE_KEY)
    return error(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", "API_KEY_INVALID");
  switch (scenario(prompt)) {
    case "401":
      return error(403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers.");
    case "429":
      return error(429, "RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota).");
    case "unsafe":
      if (predict) return send(res, 200, {});
      return send(res, 200, {
        promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
        usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
      });
    case "slow":
      await stall(res, SLOW_MS);
      return error(500, "INTERNAL", "late");
    case "ok":
      break;
  }
  const data = tinyPng(seed).toString("base64");
  if (predict) return send(res, 200, { predictions: [{ mimeType: "image/png", bytesBase64Encoded: data }] });
  return send(res, 200, {
    candidates: [
      {
        content: {
          role: "model",
          parts: [{ text: "Here is your picture." }, { inlineData: { mimeType: "image/png", data } }],
        },
        finishReason: "STOP",
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 1290, totalTokenCount: 1299 },
    modelVersion: path.split("/models/")[1]?.split(":")[0],
  });
}

async function workersAi(path: string, body: any, key: string | undefined, res: ServerResponse, seed: number) {
  const fail = (status: number, code: number, message: string) =>
    send(res, status, { result: null, success: false, errors: [{ code, message }], messages: [] });
  if (key !== `Bearer ${FAKE_IMAGE_KEY}`) return fail(401, 10000, "Authentication error");
  const prompt = String(body.prompt ?? "");
  switch (scenario(prompt)) {
    case "401":
      return fail(403, 10000, "Authentication error");
    case "429":
      return fail(429, 3040, "Capacity temporarily exceeded, please try again.");
    case "unsafe":
      return fail(400, 3030, "AiError: Input prompt contains NSFW content.");
    case "slow":
      await stall(res, SLOW_MS);
      return fail(500, 3000, "late");
    case "ok":
      break;
  }
  const model = decodeURIComponent(path.split("/ai/run/")[1] ?? "");
  if (model.includes("stable-diffusion")) return send(res, 200, tinyPng(seed), "image/png");
  // FLUX answers a JPEG in base64; a JPEG header is enough for the adapter to recognise it.
  return send(res, 200, {
    result: { image: FAKE_JPEG_HEADER.toString("base64") },
    success: true,
    errors: [],
    messages: [],
  });
}

export async function startFakeImages(): Promise<{ url: string; close: () => Promise<void> }> {
  const log: Recorded[] = [];
  let seed = 1;
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (req.method === "GET" && url.pathname === "/__requests") {
        const prompt = url.searchParams.get("prompt");
        return send(
          res,
          200,
          log.filter((r) => prompt === null || r.prompt?.includes(prompt)),
        );
      }
      const raw = await readBody(req);
      const body = await parseBody(req, raw);
      const [, provider = ""] = url.pathname.split("/");
      const prompt =
        typeof body.prompt === "string"
          ? body.prompt
          : (JSON.stringify(body).match(/"(?:prompt|text)":"([^"]*)"/)?.[1] ?? null);
      log.push({
        provider,
        path: url.pathname,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        prompt,
        body,
      });
      if (log.length > LOG_LIMIT) log.shift();
      seed++;
      const auth = req.headers.authorization;
      if (provider === "openai") return await openai(url.pathname, body, auth, true, res, seed);
      if (provider === "compat") return await openai(url.pathname, body, auth, false, res, seed);
      if (provider === "google")
        return await google(url.pathname, body, req.headers["x-goog-api-key"] as string | undefined, res, seed);
      if (provider === "workers-ai") return await workersAi(url.pathname, body, auth, res, seed);
      return send(res, 404, { error: "no such fake provider" });
    } catch (err) {
      if (!res.headersSent) send(res, 500, { error: String(err) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // The fake keeps slow requests open for a minute; don't let them hold the test process at exit.
  server.unref();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
