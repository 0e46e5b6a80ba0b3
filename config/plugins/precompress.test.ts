/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { MIN_BYTES, precompress } from './precompress';

describe('the build’s compressed files', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-precompress-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('each script, stylesheet and SVG of 1 KiB or more gets a Brotli and a gzip copy that decode to it', async () => {
    const script = `console.log(${JSON.stringify('接口'.repeat(MIN_BYTES))});`;
    fs.writeFileSync(path.join(dir, 'umi.1a2b3c4d.js'), script);
    fs.writeFileSync(path.join(dir, 'antd.1a2b3c4d.css'), '.a{color:red}'.repeat(200));
    fs.mkdirSync(path.join(dir, 'help'));
    fs.writeFileSync(path.join(dir, 'help', 'logo.svg'), `<svg>${' '.repeat(2000)}</svg>`);

    expect(await precompress(dir)).toBe(3);

    const js = path.join(dir, 'umi.1a2b3c4d.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(fs.statSync(`${js}.gz`).size);
    expect(fs.existsSync(path.join(dir, 'help', 'logo.svg.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'antd.1a2b3c4d.css.gz'))).toBe(true);
  });

  test('leaves small files, the page and other files as they are', async () => {
    fs.writeFileSync(path.join(dir, '390.1a2b3c4d.async.js'), 'x'.repeat(MIN_BYTES - 1));
    fs.writeFileSync(path.join(dir, 'index.html'), `<html>${' '.repeat(4000)}</html>`);
    fs.writeFileSync(path.join(dir, 'report.json'), JSON.stringify({ x: ' '.repeat(4000) }));

    expect(await precompress(dir)).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['390.1a2b3c4d.async.js', 'index.html', 'report.json']);
  });
});
