// `npm run bench [-- flags]`: the pages (tests/bench/run.mjs, which takes the flags), then the
// server's figures, invoke's, the gateway's and an import's, each in a process of its own. With --pages only the
// pages run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const steps = [['tests/bench/run.mjs', ...args]];
if (!args.includes('--pages')) {
  steps.push(
    ['--import', 'tsx', 'server/scripts/measure.ts'],
    ['--import', 'tsx', 'server/scripts/invokeBench.ts'],
    ['--import', 'tsx', 'server/scripts/gatewayBench.ts'],
    ['--import', 'tsx', 'server/scripts/importBench.ts'],
  );
}
for (const step of steps) {
  const { status } = spawnSync(process.execPath, step, { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
