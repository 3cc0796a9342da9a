// A local HTTP server that speaks the model providers' real streaming wire formats, for the adapter tests.
// (Filled in by the provider-adapter work; this version answers 404 to everything.)
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export async function startFakeUpstream(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
