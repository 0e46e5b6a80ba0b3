import fs from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded database directory. Nothing in PGlite stops a
 * second process from opening the same files, and two writers corrupt them,
 * so the directory holds a pid file created with O_EXCL. A file whose process
 * is gone (killed, power cut) is taken over, so a restart just works.
 */

export const LOCK_FILE = 'agler-server.pid';

export class LockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `数据目录 ${dataDir} 正被进程 ${pid} 使用：嵌入式数据库（PGlite）只能由一个进程打开。` +
        '请先停止那个进程；要运行多个进程，请设置 DATABASE_URL 使用 PostgreSQL。',
    );
    this.name = 'LockedError';
  }
}

/**
 * What the system says of a process: its state (field 3 of /proc/<pid>/stat)
 * and when it started (clock ticks since boot, which tells a reused pid apart).
 */
function procStatOf(pid: number): { state: string; startTime: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its ")" are plain.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], startTime: fields[19] };
  } catch {
    return undefined;
  }
}

const startTimeOf = (pid: number) => procStatOf(pid)?.startTime;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type Holder = { pid: number; startTime?: string };

function parseHolder(text: string): Holder | undefined {
  const [pid, startTime] = text.trim().split(/\s+/);
  return /^\d+$/.test(pid ?? '') ? { pid: Number(pid), startTime: startTime || undefined } : undefined;
}

/** Whether the process that wrote the lock still runs (the same process, not a later one with its pid). */
function holderAlive(holder: Holder): boolean {
  if (holder.pid === process.pid) return false;
  if (!isAlive(holder.pid)) return false;
  const now = procStatOf(holder.pid);
  // A zombie (Z: killed, not yet reaped by its parent) or a dying process (X) answers kill(0) but runs no more.
  if (now?.state === 'Z' || now?.state === 'X') return false;
  return holder.startTime === undefined || now === undefined || now.startTime === holder.startTime;
}

export type PidLock = { path: string; release(): void };

/**
 * Takes the directory's lock for this process, or throws LockedError when a
 * live process holds it. The directory is created when missing.
 */
export function acquirePidLock(dataDir: string): PidLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const content = `${process.pid} ${startTimeOf(process.pid) ?? ''}\n`;

  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      return {
        path: lockPath,
        release() {
          // Only our own lock: after a take-over the file may be another process's.
          try {
            if (fs.readFileSync(lockPath, 'utf8') === content) fs.unlinkSync(lockPath);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }

    let seen: string;
    try {
      seen = fs.readFileSync(lockPath, 'utf8');
    } catch {
      continue; // released meanwhile: try again
    }
    const holder = parseHolder(seen);
    if (holder && holderAlive(holder)) throw new LockedError(dataDir, holder.pid);

    // Stale: move it aside atomically; if what was moved is no longer the file
    // judged stale, another process took over first, and its lock goes back.
    const aside = `${lockPath}.${process.pid}.stale`;
    try {
      fs.renameSync(lockPath, aside);
    } catch {
      continue;
    }
    const moved = fs.readFileSync(aside, 'utf8');
    if (moved !== seen) {
      try {
        fs.linkSync(aside, lockPath);
      } catch {
        // a third process holds it now; it is theirs either way
      }
      fs.unlinkSync(aside);
      const other = parseHolder(moved);
      throw new LockedError(dataDir, other?.pid ?? 0);
    }
    fs.unlinkSync(aside);
  }
  throw new LockedError(dataDir, 0);
}
