import type { IApi } from '@umijs/max';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The CSS outgrows execFile's default output buffer. */
const MAX_CSS_BYTES = 16 * 1024 * 1024;

/** An extraction that hangs fails the build instead of holding it. */
const EXTRACT_TIMEOUT_MS = 120_000;

/** Runs config/antdStyles/extract.tsx in a Node process of its own: its CSS, or its error output. */
function extract(cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(cwd, 'config/antdStyles/extract.tsx')],
      {
        cwd,
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: MAX_CSS_BYTES,
        timeout: EXTRACT_TIMEOUT_MS,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`extracting antd's styles failed: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

/** The file's name, with its content's hash like the build's other files (cached for a year). */
export function stylesFileName(css: string): string {
  return `antd.${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
}

/**
 * `max build` writes antd's extracted styles to dist/antd.<hash>.css and links it after the static
 * skeleton and before the scripts, so the skeleton paints without it and antd finds it on its first
 * render; docs/performance.md gives the gain.
 */
export default (api: IApi) => {
  let extracting: Promise<string> | undefined;
  api.onBeforeCompiler(() => {
    if (api.env !== 'production') return;
    extracting = extract(api.cwd);
    // Awaited in modifyHTML; a failure there fails the build.
    extracting.catch(() => undefined);
  });
  api.modifyHTML(async ($) => {
    if (!extracting) return $;
    const css = await extracting;
    const name = stylesFileName(css);
    writeFileSync(join(api.paths.absOutputPath, name), css);
    const link = $('<link rel="stylesheet">').attr('href', `${api.config.publicPath || '/'}${name}`);
    const firstScript = $('body script').first();
    if (firstScript.length) firstScript.before(link);
    else $('body').append(link);
    return $;
  });
};
