/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { templateDataDir } from './test/database';
import { freePort, send, startServer, stopServer } from './test/process';
import { testApp } from './test/app';

/** Start-up and shutdown as a process: what an operator sees. */

let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-start-'));
  await templateDataDir(dataDir);
}, 180_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test('starts on the data directory, says where in one line, refuses a second process there, and exits 0 on SIGTERM', async () => {
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const health = await send(`${server.url}/api/health`);
    const second = startServer({ DATA_DIR: dataDir });

    await expect(second).rejects.toThrow(/正被进程 \d+ 使用.*DATABASE_URL/);
    expect(health.envelope).toEqual({ code: 0, data: { db: 'ok' }, message: 'ok' });
    expect(server.output()).toMatch(/^Agler接口 已启动：http:\/\/localhost:\d+（数据库：PGlite .+）$/m);
  } finally {
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
  }
}, 120_000);

test('a database that cannot be reached stops the start with one line and a non-zero exit', async () => {
  const closedPort = await freePort();

  const start = startServer({ DATABASE_URL: `postgres://agler@127.0.0.1:${closedPort}/agler` });

  const failure = await start.then(
    () => 'started',
    (error: Error) => error.message,
  );
  expect(failure).toMatch(
    /^server ended \(1\) before it started:\nAgler接口 无法启动：无法打开数据库（PostgreSQL 127\.0\.0\.1:\d+\/agler）：connect ECONNREFUSED [\d.:]+\n$/,
  );
}, 60_000);

test('a bad setting stops the start with a message that names it', async () => {
  await expect(startServer({ DATA_DIR: dataDir, COOKIE_SECURE: 'maybe' })).rejects.toThrow(
    /COOKIE_SECURE 应为 1 或 0/,
  );
}, 60_000);

test('closing finishes the requests in flight and takes no new ones', async () => {
  const t = await testApp();
  let release!: () => void;
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => {
    entered = resolve;
  });
  t.app.get('/api/test/slow', async () => {
    entered();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { code: 0, data: 'done', message: 'ok' };
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  try {
    const inFlight = request(`http://127.0.0.1:${port}/api/test/slow`);
    await inHandler;

    const closing = t.app.close();
    const late = request(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.statusCode,
      () => 'refused',
    );
    release();

    const answer = await inFlight;
    expect(await answer.body.json()).toEqual({ code: 0, data: 'done', message: 'ok' });
    expect(await late).not.toBe(200);
    await closing;
  } finally {
    await t.close();
  }
}, 120_000);
