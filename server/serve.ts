import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run serve`: the whole platform from one command. Builds the console
 * first when dist/ is missing or older than its sources, then starts the
 * server (server/index.ts), which serves dist/ and the API.
 */

const ROOT = path.resolve(__dirname, '..');
const SOURCES = ['src', 'config', 'contract', '.umirc.ts', 'package.json'];
/** Generated or test-only files: changing them changes nothing in the build. */
const IGNORED = /(^|\/)(\.umi[^/]*|node_modules)(\/|$)|\.test\.tsx?$|\.d\.ts$/;

/** The newest modification time of any source file under `entry`. */
function newestSource(entry: string): number {
  const full = path.join(ROOT, entry);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(full)) {
    const relative = path.join(entry, child);
    if (!IGNORED.test(relative)) newest = Math.max(newest, newestSource(relative));
  }
  return newest;
}

function consoleIsStale(): string | undefined {
  const index = path.join(ROOT, 'dist', 'index.html');
  if (!fs.existsSync(index)) return '还没有构建';
  const built = fs.statSync(index).mtimeMs;
  const changed = SOURCES.find((entry) => newestSource(entry) > built);
  return changed ? `${changed} 比构建新` : undefined;
}

const stale = consoleIsStale();
if (stale) {
  process.stdout.write(`控制台${stale}，正在构建 dist/（连同压缩约一分钟，机器忙时更久）……\n`);
  const build = spawnSync(process.execPath, [require.resolve('@umijs/max/bin/max'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    process.stderr.write('Agler接口 无法启动：控制台构建失败（见上方输出）\n');
    process.exit(1);
  }
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
require('./index');
