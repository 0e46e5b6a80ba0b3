import { formatDate } from '@agler/contract/dates';
import { INTERFACE_STATUS } from '@agler/contract/constants';
import { unpackOverview, USAGE_COLUMNS } from '@agler/contract/analysis';
import type { AnalysisOverview, AnalysisOverviewAnswer, InterfaceInfo, Page } from '@agler/contract/types';
import { freshNonce, signedHeaders } from '../../server/test/sign';
import type { Answer, Client } from './client';
import { baseUrl, expectSuccess, loggedIn, uniqueName } from './client';
import { expectConformant } from './conformance';

/** Interfaces the specs create for themselves (and remove again), so no spec depends on another's. */

export const API = {
  login: '/api/user/login',
  list: '/api/interfaceInfo/list/page',
  get: '/api/interfaceInfo/get',
  add: '/api/interfaceInfo/add',
  update: '/api/interfaceInfo/update',
  delete: '/api/interfaceInfo/delete',
  online: '/api/interfaceInfo/online',
  offline: '/api/interfaceInfo/offline',
  invoke: '/api/interfaceInfo/invoke',
  top: '/api/analysis/top/interface/invoke',
  overview: '/api/analysis/overview',
  usage: '/api/analysis/interfaces',
} as const;

/**
 * The overview of a range with its interfaces as records. On the wire they are
 * the contract's table (its columns checked here); a refusal is answered as it came.
 */
export async function getOverview(
  client: Client,
  range: { startDate: string; endDate: string },
): Promise<Answer<AnalysisOverview>> {
  const answer = await client.get<AnalysisOverviewAnswer>(API.overview, range);
  if (answer.body.code !== 0) return answer as unknown as Answer<AnalysisOverview>;
  expect(answer.body.data.interfaces.columns).toEqual(USAGE_COLUMNS);
  return { ...answer, body: { ...answer.body, data: unpackOverview(answer.body.data) } };
}

/** A valid body for add, with a name of its own. */
export function validInterface(prefix = '契约测试') {
  return {
    name: uniqueName(prefix),
    description: '契约测试创建的接口',
    url: 'https://api.example.com/v1/contract',
    method: 'POST',
    requestParams: '[{"name":"text","type":"string","required":false,"description":"任意文本"}]',
    requestHeader: '{"Content-Type":"application/json"}',
    responseHeader: '{"Content-Type":"application/json"}',
  };
}

/** Adds an interface as `admin` (online when asked) and answers its id. */
export async function createInterface(
  admin: Client,
  options: { online?: boolean; overrides?: Record<string, unknown> } = {},
): Promise<string> {
  const id = expectSuccess(await admin.post<string>(API.add, { ...validInterface(), ...options.overrides }));
  if (options.online) expect(expectSuccess(await admin.post(API.online, { id }))).toBe(true);
  return id;
}

/** Removes interfaces a spec created; those already gone are fine. */
export async function removeInterfaces(admin: Client, ids: string[]) {
  for (const id of ids) await admin.post(API.delete, { id });
}

/** `yyyy-MM-dd` of today on this machine, which is the target's too. */
export function today(): string {
  return formatDate(Date.now());
}

/** A spec's demo sessions and the interfaces it creates. */
export type SpecSessions = { user: Client; admin: Client; created: string[] };

/**
 * Logs the demo user and admin in before a spec's tests; the interfaces whose ids the spec puts
 * in `created` are removed after them.
 */
export function specSessions(): SpecSessions {
  const spec = { created: [] } as unknown as SpecSessions;
  beforeAll(async () => {
    [spec.user, spec.admin] = await Promise.all([loggedIn('user'), loggedIn('admin')]);
  });
  afterAll(async () => {
    await removeInterfaces(spec.admin, spec.created);
  });
  return spec;
}

/** The online demo interface named `name` (Echo answers its parameters with no network). */
export async function demoInterface(client: Client, name: string): Promise<InterfaceInfo> {
  const { records } = expectSuccess(await client.get<Page<InterfaceInfo>>(API.list, { name, pageSize: 50 }));
  const found = records.find((r) => r.name === name && r.status === INTERFACE_STATUS.ONLINE);
  if (!found) throw new Error(`the demo data has no online interface named ${name}`);
  return found;
}

export type GatewayCallOptions = {
  body?: string;
  /** The Content-Type sent with a body; application/json unless given. */
  contentType?: string;
  nonce?: string;
  /** Seconds since the epoch; now unless given. */
  timestamp?: number;
  /** A signature header left out, as a careless program would. */
  omit?: string;
};

/**
 * A signed gateway call of any method with `pair`, as a program sends it, checked against
 * config/openapi.json: its status, headers and body text exactly as answered.
 */
export async function gatewayCall(
  pair: { accessKey: string; secretKey: string },
  method: string,
  path: string,
  options: GatewayCallOptions = {},
) {
  const headers: Record<string, string> = signedHeaders(pair, method, path, {
    body: options.body,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    nonce: options.nonce ?? freshNonce(),
  });
  if (options.omit) delete headers[options.omit];
  const contentType = options.body === undefined ? undefined : (options.contentType ?? 'application/json');
  if (contentType) headers['content-type'] = contentType;
  const response = await fetch(`${baseUrl()}${path}`, { method, headers, body: options.body });
  const text = await response.text();
  const answer = { status: response.status, headers: response.headers, text };
  expectConformant({ method, path, requestBody: options.body, requestContentType: contentType, ...answer });
  return answer;
}

/** A signed gateway call of `iface` (Echo: a POST of `{}`) with `pair`: its HTTP status and envelope message. */
export async function callSigned(iface: InterfaceInfo, pair: { accessKey: string; secretKey: string }) {
  const { status, text } = await gatewayCall(pair, 'POST', `/gateway/${iface.id}`, { body: '{}' });
  return { status, message: status === 200 ? '' : JSON.parse(text).message };
}
