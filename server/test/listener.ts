import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server for tests of outgoing calls, on 127.0.0.1 and a free
 * port, that counts what reaches it: a refused call must leave `connections`
 * at zero.
 */
export type Listener = {
  server: http.Server;
  port: number;
  origin: string;
  connections: number;
  requests: string[];
  close: () => Promise<void>;
};

/** On `port`, or on a free one when it is 0. */
export async function listen(handler: http.RequestListener, port = 0): Promise<Listener> {
  const server = http.createServer(handler);
  const listener: Listener = {
    server,
    port: 0,
    origin: '',
    connections: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', () => {
    listener.connections += 1;
  });
  server.on('request', (req) => listener.requests.push(`${req.method} ${req.url}`));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  listener.port = (server.address() as AddressInfo).port;
  listener.origin = `http://127.0.0.1:${listener.port}`;
  return listener;
}
