/**
 * @jest-environment node
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { InterfaceQuota, KeyPairVO } from '@agler/contract/types';
import { templateDataDir } from '../../server/test/database';
import { keyPairOf } from '../../server/test/keys';
import { send, startServer, stopServer } from '../../server/test/process';
import type { ServerProcess } from '../../server/test/process';
import {
  gatewayCurlSample,
  gatewayNodeSample,
  gatewayPythonSample,
  SECRET_ENV,
} from '../../src/pages/InterfaceInfo/gatewaySamples';
import type { GatewaySampleInput } from '../../src/pages/InterfaceInfo/gatewaySamples';

/**
 * The interface page's code samples, run as a developer runs them (bash +
 * curl + openssl, node, python3 + requests) against a real server on
 * 127.0.0.1: each must get the interface's answer and be counted.
 */

const run = promisify(execFile);
const WEATHER = { id: '1800000000000000001', method: 'GET', paramsText: '{"city": "北京", "unit": "c"}' };

let server: ServerProcess;
let dir: string;
let pair: KeyPairVO;
let cookie: string | undefined;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-samples-'));
  // The demo database from the tests' template: a first start would spend seconds creating it.
  const dataDir = path.join(dir, 'data');
  await templateDataDir(dataDir);
  server = await startServer({ DATA_DIR: dataDir });
  const registered = await send<string>(`${server.url}/api/user/register`, {
    body: { userAccount: 'sample_runner', userPassword: 'password-123', checkPassword: 'password-123' },
  });
  cookie = registered.setCookie;
  pair = await keyPairOf(server.url, cookie!);
}, 240_000);

afterAll(async () => {
  if (server) await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
});

const input = (over: Partial<GatewaySampleInput> = {}): GatewaySampleInput => ({
  baseUrl: server.url,
  accessKey: pair.accessKey,
  ...WEATHER,
  ...over,
});

async function runSample(program: string, file: string, code: string): Promise<string> {
  const target = path.join(dir, file);
  fs.writeFileSync(target, code);
  const { stdout } = await run(program, [target], {
    env: { ...process.env, [SECRET_ENV]: pair.secretKey },
    timeout: 60_000,
  });
  return stdout;
}

test.each([
  ['curl (bash + openssl)', 'bash', 'call.sh', gatewayCurlSample],
  ['Node (fetch + node:crypto)', process.execPath, 'call.mjs', gatewayNodeSample],
  ['Python (requests + hmac)', 'python3', 'call.py', gatewayPythonSample],
])('%s gets the answer of a GET interface', async (_label, program, file, sample) => {
  const output = await runSample(program, file, sample(input()));

  expect(output).toMatch(/(^|\s)200(\s|$)/);
  expect(output).toContain('"city":"北京"');
});

test('the Node sample sends a POST body, and every run is counted against the quota', async () => {
  const echo = input({ id: '1800000000000000040', method: 'POST', paramsText: '{"text":"你好","n":1}' });
  const list = await send<{ records: { id: string; method: string; status: number }[] }>(
    `${server.url}/api/interfaceInfo/list/page?pageSize=50&method=POST&status=1`,
    { cookie },
  );
  const post = list.envelope.data.records[0];
  const output = await runSample(process.execPath, 'post.mjs', gatewayNodeSample({ ...echo, id: post.id }));
  expect(output).toMatch(/^(200|400) /);

  const usage = (await send<InterfaceQuota[]>(`${server.url}/api/user/usage`, { cookie })).envelope.data;
  expect(usage.find((row) => row.interfaceInfoId === WEATHER.id)).toMatchObject({ calls: 3, leftNum: 97 });
  expect(usage.find((row) => row.interfaceInfoId === post.id)).toMatchObject({ calls: 1 });
});
