/**
 * @jest-environment node
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquirePidLock, LOCK_FILE, LockedError } from './pidLock';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A process that runs until told to stop: a live holder of a lock. */
function liveProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return {
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

test('takes the lock and releases it', () => {
  const lock = acquirePidLock(dir);

  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
  lock.release();
  expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
});

test('refuses while a live process holds it, pointing to DATABASE_URL', async () => {
  const holder = liveProcess();
  try {
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${holder.pid}\n`);

    expect(() => acquirePidLock(dir)).toThrow(LockedError);
    expect(() => acquirePidLock(dir)).toThrow(new RegExp(`进程 ${holder.pid}.*DATABASE_URL`));
  } finally {
    await holder.stop();
  }
});

test('takes over the lock of a process that is gone (kill -9, power cut)', async () => {
  const holder = liveProcess();
  fs.writeFileSync(path.join(dir, LOCK_FILE), `${holder.pid}\n`);
  await holder.stop();

  const lock = acquirePidLock(dir);

  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
  lock.release();
});

/**
 * A process killed and not yet reaped: its parent (`sleep`, after `exec`)
 * never waits for it. It is killed only once its parent has become `sleep`,
 * since the shell before that might reap it.
 */
async function zombieProcess() {
  const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 61'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const pid = Number(
    await new Promise<string>((resolve) => {
      parent.stdout.once('data', (data) => resolve(String(data)));
    }),
  );
  const until = async (done: () => boolean) => {
    while (!done()) {
      await new Promise((resolve) => {
        setTimeout(resolve, 10);
      });
    }
  };
  await until(() => fs.readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim() === 'sleep');
  process.kill(pid, 'SIGKILL');
  await until(() => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] === 'Z';
  });
  return {
    pid,
    reap: () =>
      new Promise<void>((resolve) => {
        parent.once('exit', () => resolve());
        parent.kill('SIGKILL');
      }),
  };
}

test('takes over the lock of a process that is a zombie (killed, its parent has not reaped it yet)', async () => {
  const holder = await zombieProcess();
  try {
    const stat = fs.readFileSync(`/proc/${holder.pid}/stat`, 'utf8');
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${holder.pid} ${startTime}\n`);

    const lock = acquirePidLock(dir);

    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    lock.release();
  } finally {
    await holder.reap();
  }
});

test('a lock written by an earlier process with our own pid (a container restart) is stale', () => {
  fs.writeFileSync(path.join(dir, LOCK_FILE), `${process.pid} 1\n`);

  expect(() => acquirePidLock(dir).release()).not.toThrow();
});

test('releasing leaves a lock that is no longer ours alone', () => {
  const lock = acquirePidLock(dir);
  fs.writeFileSync(path.join(dir, LOCK_FILE), `${process.ppid}\n`);

  lock.release();

  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`);
});
