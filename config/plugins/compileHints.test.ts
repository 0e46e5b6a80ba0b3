/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addCompileHints, COMPILE_HINT } from './compileHints';

describe('the build’s compile hints', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agler-compile-hints-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('each script named gets the hint as its first line, its code unchanged after it', async () => {
    const entry = '!(function(){console.log("接口")})();';
    const chunk = '(self.webpackChunk=self.webpackChunk||[]).push([[38],{}]);';
    fs.writeFileSync(path.join(dir, 'umi.1a2b3c4d.js'), entry);
    fs.writeFileSync(path.join(dir, '38.1a2b3c4d.async.js'), chunk);
    fs.writeFileSync(path.join(dir, 'public.js'), 'copied from public/');

    expect(await addCompileHints(dir, ['umi.1a2b3c4d.js', '38.1a2b3c4d.async.js'])).toBe(2);

    expect(fs.readFileSync(path.join(dir, 'umi.1a2b3c4d.js'), 'utf8')).toBe(`${COMPILE_HINT}\n${entry}`);
    expect(fs.readFileSync(path.join(dir, '38.1a2b3c4d.async.js'), 'utf8')).toBe(`${COMPILE_HINT}\n${chunk}`);
    // Only the build's own scripts: a file copied from public/ is left as it is.
    expect(fs.readFileSync(path.join(dir, 'public.js'), 'utf8')).toBe('copied from public/');
  });

  test('a script that has it already is left as it is', async () => {
    const hinted = `${COMPILE_HINT}\nconsole.log(1);`;
    fs.writeFileSync(path.join(dir, 'umi.1a2b3c4d.js'), hinted);

    expect(await addCompileHints(dir, ['umi.1a2b3c4d.js'])).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'umi.1a2b3c4d.js'), 'utf8')).toBe(hinted);
  });

  test('is the comment V8 reads: first, on a line of its own', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
  });
});
