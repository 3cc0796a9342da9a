// Starts one of the tests' fake servers (model providers, web search, identity) on a free loopback port: its handler
// runs per request, a handler that throws answers 500 with the body the fake's provider would send (or drops the
// connection once headers are out), and the server never keeps the test process alive at exit. Also what every fake
// does with a request: read its body, answer JSON.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalServer {
  url: string;
  close: () => Promise<void>;
}

export async function serveOnLoopback(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  errorBody: (err: unknown) => unknown,
): Promise<LocalServer> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify(errorBody(err)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request's whole body. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A request's body as text (UTF-8). */
export async function readText(req: IncomingMessage): Promise<string> {
  return (await readBody(req)).toString("utf8");
}

/** A request's body parsed as JSON; the text itself when it is not JSON, null when it is empty. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const text = await readText(req);
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}
