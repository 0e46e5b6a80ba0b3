import type { IApi } from '@umijs/max';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The baked CSS can be about a megabyte; execFile's default buffer is one. */
const MAX_CSS_BYTES = 16 * 1024 * 1024;

/** About 5 s on the 2-core machine; a bake that hangs fails the build instead of holding it. */
const BAKE_TIMEOUT_MS = 120_000;

/** Runs config/antdStyles/bake.tsx in a Node process of its own: its CSS, or its error output. */
function bake(cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(cwd, 'config/antdStyles/bake.tsx')],
      {
        cwd,
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: MAX_CSS_BYTES,
        timeout: BAKE_TIMEOUT_MS,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`baking antd's styles failed: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

/** The file's name, with its content's hash like the build's other files (cached for a year). */
export function bakedFileName(css: string): string {
  return `antd.${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
}

/**
 * `max build` bakes antd's styles into dist/antd.<hash>.css (see config/antdStyles/bake.tsx) while
 * webpack compiles, and index.html links it at the end of the body, after the static skeleton and
 * before the scripts. The skeleton paints without waiting for it (about 100 ms sooner than with the
 * link in the head, where its 0.7 MB are parsed before the first paint); the scripts run once it is
 * there, so antd finds its path map when it first renders. Its rules are in antd's cascade layer
 * like antd's run-time ones (src/components/ThemeSwitch/ThemeProvider.tsx), so where the file
 * stands does not change what the app's own stylesheets override. `max dev` keeps generating
 * antd's styles at run time.
 */
export default (api: IApi) => {
  let baking: Promise<string> | undefined;
  api.onBeforeCompiler(() => {
    if (api.env !== 'production') return;
    baking = bake(api.cwd);
    // Awaited in modifyHTML; a failure there fails the build.
    baking.catch(() => undefined);
  });
  api.modifyHTML(async ($) => {
    if (!baking) return $;
    const css = await baking;
    const name = bakedFileName(css);
    writeFileSync(join(api.paths.absOutputPath, name), css);
    const link = $('<link rel="stylesheet">').attr('href', `${api.config.publicPath || '/'}${name}`);
    const firstScript = $('body script').first();
    if (firstScript.length) firstScript.before(link);
    else $('body').append(link);
    return $;
  });
};
