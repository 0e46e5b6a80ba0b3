import type { IApi } from '@umijs/max';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * V8's explicit compile hint (Chrome 136 on; other browsers read a comment): every function of
 * the script is compiled as it arrives, on a background thread, instead of on the main thread at
 * its first call. https://v8.dev/blog/explicit-compile-hints
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Puts COMPILE_HINT first in each of `files` (scripts of `dir`) that lacks it; answers how many it changed. */
export async function addCompileHints(dir: string, files: readonly string[]): Promise<number> {
  const changed = await Promise.all(
    files.map(async (name) => {
      const file = join(dir, name);
      const code = await readFile(file, 'utf8');
      if (code.startsWith(COMPILE_HINT)) return false;
      await writeFile(file, `${COMPILE_HINT}\n${code}`);
      return true;
    }),
  );
  return changed.filter(Boolean).length;
}

/**
 * Webpack wraps each module in a function that V8 compiles only when the module is first
 * required, on the main thread, and each component's functions at its first render: on a cold load
 * of the admin table that was about 90 ms of module functions alone before the first render
 * (ProComponents' chunk 30 ms). With the hint that work is done on another core while the scripts
 * download, at the price of compiling the functions no page calls too (about half of them).
 * Measured in pairs of cold loads (the bench's platform front): on `/` the content came 99 and
 * 56 ms sooner (26 of 30 pairs); on the admin table, in five sets, from 123 ms sooner to 22 ms
 * later, 43 ms sooner at the median (57 of 84 pairs); the login page 14 ms (15 of 16); the
 * interface page and the analysis the same within the noise.
 *
 * The scripts get it once webpack has written them: the minifier drops comments, and Umi's fix of
 * its output (EsbuildMinifyFix) wraps a chunk that does not start as webpack writes it. Before the
 * compressed copies are made (precompress.ts, after index.html). The content hashes in the names
 * do not cover the line, which is the same in every build.
 */
export default (api: IApi) => {
  api.onBuildComplete(async ({ err, stats }) => {
    if (err || !stats || stats.hasErrors()) return;
    const { assets = [] } = stats.toJson({ all: false, assets: true });
    const scripts = assets.map((asset) => asset.name).filter((name) => /\.js$/.test(name));
    const count = await addCompileHints(api.paths.absOutputPath, scripts);
    api.logger.event(`Compile hints in ${count} scripts`);
  });
};
