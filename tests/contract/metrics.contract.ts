import type { KeyPairVO } from '@agler/contract/types';
import { freshNonce, signedHeaders } from '../../server/test/sign';
import { baseUrl, expectSuccess } from './client';
import { createInterface, demoInterface, specSessions } from './interfaces';

/**
 * `GET /metrics` of the running target, read from this machine as a scraper
 * beside it would: the Prometheus text format, the process's and the
 * database's figures, and the gateway's counters moving with a call
 * answered and a call refused.
 */

const spec = specSessions();

async function scrape() {
  const response = await fetch(`${baseUrl()}/metrics`, { signal: AbortSignal.timeout(20_000) });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The value of the series written exactly so (`name` or `name{labels}`); NaN when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers the Prometheus text format with the process, database and webhook queue figures', async () => {
    const { status, type, text } = await scrape();

    expect(status).toBe(200);
    expect(type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(valueOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'agler_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'agler_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'agler_webhook_deliveries_pending')).toBeGreaterThanOrEqual(0);
  });

  it('counts a gateway call admitted and one refused, and times both', async () => {
    const { url, method } = await demoInterface(spec.user, 'Echo');
    const id = await createInterface(spec.admin, { online: true, overrides: { url, method } });
    spec.created.push(id);
    const pair = expectSuccess(await spec.user.post<KeyPairVO>('/api/user/key/regenerate', {}));
    const path = `/gateway/${id}`;
    const before = (await scrape()).text;

    const signed = signedHeaders(pair, 'POST', path, {
      body: '{}',
      timestamp: Math.floor(Date.now() / 1000),
      nonce: freshNonce(),
    });
    const answered = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { ...signed, 'content-type': 'application/json' },
      body: '{}',
    });
    const unsigned = await fetch(`${baseUrl()}${path}`, { method: 'POST' });
    expect([answered.status, unsigned.status]).toEqual([200, 401]);
    const after = (await scrape()).text;

    // A series this process has not needed yet is absent: it counted nothing.
    const counted = (text: string, series: string) => valueOf(text, series) || 0;
    const moved = (series: string) => counted(after, series) - counted(before, series);
    expect(moved('agler_gateway_calls_admitted_total')).toBe(1);
    expect(moved('agler_gateway_calls_refused_total{reason="missing_signature"}')).toBe(1);
    expect(moved('agler_gateway_request_duration_seconds_count{outcome="answered"}')).toBe(1);
    expect(moved('agler_gateway_request_duration_seconds_count{outcome="refused"}')).toBe(1);
    expect(
      moved('agler_http_request_duration_seconds_count{route="/gateway/:interfaceId",status_class="4xx"}'),
    ).toBe(1);
  });
});
