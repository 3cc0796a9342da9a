// Starts one of the tests' fake servers (model providers, web search, identity) on a free loopback port: its handler
// runs per request, a handler that throws answers 500 with the body the fake's provider would send (or drops the
// connection once headers are out), and the server never keeps the test process alive at exit.
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
