// The fetch every provider SDK is given. The SDKs treat a stream that simply stops as a finished answer, and report a
// dropped connection with whatever error the runtime throws; this wrapper makes both explicit. An upstream that cannot
// be reached becomes UpstreamUnreachableError; a streaming body that breaks off, or ends without the provider's own
// finish event, errors with StreamInterruptedError, so a half answer is never mistaken for a whole one.

/** How each provider family marks the end of a streamed answer. */
export type WireFormat = "openai-responses" | "chat-completions" | "anthropic-messages" | "google-generate";

export class UpstreamUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`Cannot reach the model provider at ${new URL(url).origin}`, { cause });
    this.name = "UpstreamUnreachableError";
  }
}

export class StreamInterruptedError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = "StreamInterruptedError";
  }
}

function isAbort(err: unknown, signal: AbortSignal | null | undefined): boolean {
  if (signal?.aborted) return true;
  return err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError");
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** True when one SSE `data:` payload is the provider's last word: a finish event, or an error the SDK will report. */
function isTerminal(format: WireFormat, data: string): boolean {
  if (format === "chat-completions" && data === "[DONE]") return true;
  let event: Record<string, unknown> | undefined;
  try {
    event = asRecord(JSON.parse(data));
  } catch {
    return false;
  }
  if (!event) return false;
  switch (format) {
    case "openai-responses":
      return ["response.completed", "response.incomplete", "response.failed", "error"].includes(String(event.type));
    case "anthropic-messages":
      return event.type === "message_stop" || event.type === "error";
    case "chat-completions": {
      if (event.error != null) return true;
      const choices = Array.isArray(event.choices) ? event.choices : [];
      return choices.some((c) => asRecord(c)?.finish_reason != null);
    }
    case "google-generate": {
      if (event.error != null || asRecord(event.promptFeedback)?.blockReason != null) return true;
      const candidates = Array.isArray(event.candidates) ? event.candidates : [];
      return candidates.some((c) => asRecord(c)?.finishReason != null);
    }
  }
}

/** Bytes of the stream's end kept to find its terminal event: the last events of any provider fit in far less. */
const TAIL_BYTES = 16 * 1024;

/**
 * Keeps the last bytes of an SSE body and, at its end, looks there for the provider's terminal event. Nothing is
 * decoded or parsed while the answer streams (the provider's SDK parses each event; this must not parse it again).
 */
function createTerminalScanner(format: WireFormat) {
  const tail: Uint8Array[] = [];
  let tailBytes = 0;
  return {
    push(chunk: Uint8Array) {
      tail.push(chunk);
      tailBytes += chunk.byteLength;
      while (tail.length > 1 && tailBytes - tail[0]!.byteLength >= TAIL_BYTES) tailBytes -= tail.shift()!.byteLength;
    },
    /** True when the provider's finish event (or an error event the SDK reports) is among the last events. */
    end(): boolean {
      const decoder = new TextDecoder();
      const text = tail.map((c) => decoder.decode(c, { stream: true })).join("") + decoder.decode();
      const lines = text.split(/\r\n|\r|\n/);
      for (let i = lines.length - 1; i >= 0; i--) {
        const line = lines[i]!;
        if (line.startsWith("data:") && isTerminal(format, line.slice(5).trim())) return true;
      }
      return false;
    },
  };
}

function watchBody(body: ReadableStream<Uint8Array>, format: WireFormat, signal: AbortSignal | null | undefined) {
  const reader = body.getReader();
  const scanner = createTerminalScanner(format);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (err) {
        controller.error(
          isAbort(err, signal)
            ? err
            : new StreamInterruptedError("The connection to the model provider broke off mid-answer", err),
        );
        return;
      }
      if (result.done) {
        if (scanner.end()) controller.close();
        else controller.error(new StreamInterruptedError("The model provider's stream ended without its finish event"));
        return;
      }
      scanner.push(result.value);
      controller.enqueue(result.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** A fetch for one provider's SDK: network failures and cut streams become the two errors above. */
export function createUpstreamFetch(format: WireFormat): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (err) {
      if (isAbort(err, init?.signal)) throw err;
      throw new UpstreamUnreachableError(url, err);
    }
    const isStream = response.headers.get("content-type")?.includes("text/event-stream") ?? false;
    if (!response.ok || !response.body || !isStream) return response;
    return new Response(watchBody(response.body, format, init?.signal), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
