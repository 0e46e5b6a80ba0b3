import type { IApi } from '@umijs/max';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The files sent compressed: scripts, stylesheets and SVG, from the size @fastify/compress starts at. */
const COMPRESSIBLE = /\.(?:js|css|svg)$/;
export const MIN_BYTES = 1024;

/** What a file becomes: Brotli at its best quality and gzip at its best level, beside it. */
export const ENCODINGS = [
  {
    extension: '.br',
    encode: (data: Buffer) => brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  },
  { extension: '.gz', encode: (data: Buffer) => gzip(data, { level: 9 }) },
] as const;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` of MIN_BYTES or more,
 * and answers how many: the server sends them as they are (@fastify/static's `preCompressed`)
 * rather than compressing per request, which is slow and cannot afford the best quality.
 */
export async function precompress(dir: string): Promise<number> {
  const names = (await readdir(dir, { recursive: true })).filter((name) => COMPRESSIBLE.test(name));
  // All at once: zlib's work runs on libuv's threads, so the machine's cores share it.
  const done = await Promise.all(
    names.map(async (name) => {
      const file = join(dir, name);
      if (!(await stat(file)).isFile()) return false;
      const data = await readFile(file);
      if (data.length < MIN_BYTES) return false;
      await Promise.all(
        ENCODINGS.map(async ({ extension, encode }) => writeFile(`${file}${extension}`, await encode(data))),
      );
      return true;
    }),
  );
  return done.filter(Boolean).length;
}

/** `max build` ends by compressing dist/ (after index.html and antd's baked stylesheet are written). */
export default (api: IApi) => {
  api.onBuildHtmlComplete(async () => {
    const started = Date.now();
    const count = await precompress(api.paths.absOutputPath);
    api.logger.event(`Compressed ${count} files (Brotli and gzip) in ${Date.now() - started} ms`);
  });
};
