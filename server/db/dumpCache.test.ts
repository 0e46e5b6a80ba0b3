/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitForDump } from './dumpCache';

describe('the dump lock between processes', () => {
  let dir: string;
  let file: string;
  let lock: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-dump-lock-'));
    file = path.join(dir, 'template.tar');
    lock = `${file}.lock`;
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads a template that is there, taking no lock', async () => {
    fs.writeFileSync(file, 'dump');
    expect(await waitForDump(file, lock)).toBe(true);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('takes a free lock, its pid in it, to build the template', async () => {
    expect(await waitForDump(file, lock)).toBe(false);
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
  });

  it('waits while a running process holds the lock, until the template is there', async () => {
    fs.writeFileSync(lock, String(process.pid));
    const written = setTimeout(() => fs.writeFileSync(file, 'dump'), 500);
    try {
      expect(await waitForDump(file, lock)).toBe(true);
    } finally {
      clearTimeout(written);
    }
  });

  it('takes over the lock of a process that has ended, or an empty one', async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(lock, String(ended));
    expect(await waitForDump(file, lock)).toBe(false);
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));

    fs.writeFileSync(lock, '');
    expect(await waitForDump(file, lock)).toBe(false);
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
  });
});
