/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InterfaceInfo, Page } from '@agler/contract/types';
import { ADMIN } from './test/app';
import { templateDataDir } from './test/database';
import { send, startServer, stopServer } from './test/process';
import type { ServerProcess } from './test/process';

/**
 * kill -9 in the middle of a burst of writes: every write the server
 * answered is there after a restart, whole; nothing half-written appears.
 * The restart also takes over the dead process's lock on its data directory.
 */

let dataDir: string;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-durability-'));
  await templateDataDir(dataDir);
}, 180_000);
afterAll(async () => {
  for (const server of servers) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const WRITERS = 6;
const ANSWERED_BEFORE_KILL = 40;

type Sent = {
  name: string;
  description: string;
  url: string;
  method: 'POST';
  requestParams: string;
  requestHeader: string;
  responseHeader: string;
};

const sentFields = (n: number): Sent => ({
  name: `burst-${n}`,
  description: `写入 ${n}：${'长'.repeat(n % 200)}`,
  url: `https://example.com/burst/${n}`,
  method: 'POST',
  requestParams: JSON.stringify([
    { name: `p${n}`, type: 'string', required: true, description: '参数'.repeat(n % 50) },
  ]),
  requestHeader: JSON.stringify({ 'X-N': String(n) }),
  responseHeader: '',
});

test('an answered write survives kill -9; no write is half there', async () => {
  const first = await startServer({ DATA_DIR: dataDir });
  servers.push(first);
  const { setCookie: cookie } = await send(`${first.url}/api/user/login`, {
    body: { userAccount: ADMIN.userAccount, userPassword: ADMIN.userPassword },
  });
  const answered = new Map<string, Sent>();
  const sent = new Map<string, Sent>();
  let next = 0;
  let killed = false;

  const writer = async () => {
    while (!killed) {
      const fields = sentFields((next += 1));
      sent.set(fields.name, fields);
      try {
        const { envelope } = await send<string>(`${first.url}/api/interfaceInfo/add`, {
          body: fields,
          cookie,
        });
        if (envelope.code === 0) answered.set(envelope.data, fields);
      } catch {
        return; // the connection died with the process
      }
      if (answered.size >= ANSWERED_BEFORE_KILL && !killed) {
        killed = true;
        first.signal('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
  servers.pop();

  const second = await startServer({ DATA_DIR: dataDir });
  servers.push(second);
  const { setCookie: again } = await send(`${second.url}/api/user/login`, {
    body: { userAccount: ADMIN.userAccount, userPassword: ADMIN.userPassword },
  });

  for (const [id, fields] of answered) {
    const { envelope } = await send<InterfaceInfo>(`${second.url}/api/interfaceInfo/get?id=${id}`, {
      cookie: again,
    });
    expect(envelope.data).toMatchObject(fields);
  }
  const { envelope: found } = await send<Page<InterfaceInfo>>(
    `${second.url}/api/interfaceInfo/list/page?name=burst-&pageSize=50`,
    { cookie: again },
  );
  let pages = found.data.pages;
  const stored: InterfaceInfo[] = [...found.data.records];
  for (let current = 2; current <= pages; current += 1) {
    const { envelope } = await send<Page<InterfaceInfo>>(
      `${second.url}/api/interfaceInfo/list/page?name=burst-&pageSize=50&current=${current}`,
      { cookie: again },
    );
    stored.push(...envelope.data.records);
    pages = envelope.data.pages;
  }
  expect(stored.length).toBeGreaterThanOrEqual(answered.size);
  for (const record of stored) {
    const { envelope } = await send<InterfaceInfo>(`${second.url}/api/interfaceInfo/get?id=${record.id}`, {
      cookie: again,
    });
    expect(envelope.data).toMatchObject(sent.get(record.name)!);
  }
}, 240_000);
