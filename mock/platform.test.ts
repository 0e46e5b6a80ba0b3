/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { NodePGlite } from '../server/test/database';
import { bareIds } from './wiring/bareIds';

// A rule of server/domain changed here, and nowhere in mock/: the catalogue shows one record a page.
jest.mock('../server/domain/interfaceInfo', () => {
  const actual = jest.requireActual('../server/domain/interfaceInfo');
  return {
    ...actual,
    listPage: async (...args: unknown[]) => {
      const page = await actual.listPage(...args);
      return { ...page, records: page.records.slice(0, 1) };
    },
  };
});

let platform: { origin: string; app: { close(): Promise<unknown> } };

beforeAll(async () => {
  // Only what this file starts: importing the wiring must not start a second platform.
  process.env.MOCK = 'none';
  const { startDemoPlatform } = jest.requireActual('./platform');
  platform = await startDemoPlatform({ PGlite: NodePGlite });
}, 240_000);

afterAll(() => platform?.app.close());

it('answers the console with the server’s own rules on the demo data', async () => {
  const login = await fetch(`${platform.origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userAccount: 'admin', userPassword: '12345678' }),
  });
  expect((await login.json()).data.userAccount).toBe('admin');
  const cookie = login.headers.get('set-cookie')!.split(';')[0];

  const answer = await fetch(`${platform.origin}/api/interfaceInfo/list/page?current=1&pageSize=10`, {
    headers: { cookie },
  });
  const { data } = await answer.json();
  expect(data.total).toBe(40);
  expect(data.records).toHaveLength(1);
  expect(data.records[0].url).toMatch(/^http:\/\/localhost:\d+\/demo\//);
});

it('rewrites ids, and only ids, as bare numbers for MOCK_IDS=number', () => {
  const text = '{"code":0,"data":{"id":"1800000000000000257","name":"9007199254740993","userId":"1"}}';
  expect(bareIds(text, '/api/interfaceInfo/get')).toBe(
    '{"code":0,"data":{"id":1800000000000000257,"name":"9007199254740993","userId":1}}',
  );
  expect(bareIds('{"code":0,"data":"1800000000000000301","message":"ok"}', '/api/interfaceInfo/add')).toBe(
    '{"code":0,"data":1800000000000000301,"message":"ok"}',
  );
});

it('keeps mock/ to the wiring: at most 300 lines', () => {
  const lines = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
      const full = path.join(dir, entry.name);
      return sum + (entry.isDirectory() ? lines(full) : fs.readFileSync(full, 'utf8').split('\n').length);
    }, 0);
  expect(lines(__dirname)).toBeLessThanOrEqual(300);
});
