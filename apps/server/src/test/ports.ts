import { once } from 'node:events';
import { createServer } from 'node:net';

/** A loopback port nothing listens on now: the kernel's pick for port 0 (tests' own servers). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
