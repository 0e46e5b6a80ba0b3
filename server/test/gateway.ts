import type { AppOptions } from '../app';
import { alignDemoUrls } from '../domain/demoUrls';
import { DEMO_INTERFACE_COUNT } from '../domain/seed';
import { testApp } from './app';
import type { TestApp } from './app';
import { freshNonce, signedHeaders } from './sign';

/**
 * The gateway as a program reaches it: the app listening on 127.0.0.1, the demo interfaces
 * pointed at its own /demo, and requests signed as the developer guide says.
 */

export async function listeningApp(
  publicUrl: string,
  options: Partial<AppOptions> = {},
): Promise<{ t: TestApp; base: string }> {
  const t = await testApp({ publicUrl, ...options });
  await alignDemoUrls(t.database.db, publicUrl, DEMO_INTERFACE_COUNT);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base };
}

export type SignedOptions = { body?: string; timestamp?: number; nonce?: string; sign?: string; omit?: string };

/**
 * A signed request at the app's clock. `sign` replaces the signature, `omit` leaves a header out,
 * so a test can send what a careless program would.
 */
export async function sendSigned(
  t: TestApp,
  base: string,
  pair: { accessKey: string; secretKey: string },
  method: string,
  pathAndQuery: string,
  options: SignedOptions = {},
) {
  const body = options.body ?? '';
  const headers = signedHeaders(pair, method, pathAndQuery, {
    body,
    timestamp: options.timestamp ?? Math.floor(t.clock.now / 1000),
    nonce: options.nonce ?? freshNonce(),
  });
  if (options.sign) headers.sign = options.sign;
  if (body) headers['content-type'] = 'application/json';
  if (options.omit) delete headers[options.omit];
  const response = await fetch(`${base}${pathAndQuery}`, { method, headers, body: body || undefined });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}
