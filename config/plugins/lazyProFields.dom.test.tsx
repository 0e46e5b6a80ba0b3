import { screen } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import { Suspense } from 'react';
import { renderWithAntd } from '@/testing/render';
import { lazyFieldImports } from './lazyProFields';

/**
 * pro-field's index as the build rewrites it, written beside the original so that its own imports
 * resolve as webpack resolves them, and run: the lazy value types load and render.
 */
const INDEX = require.resolve('@ant-design/pro-field/es/index.js');
const REWRITTEN = path.join(path.dirname(INDEX), `index.lazy-test-${process.pid}.js`);

type FieldProps = { mode: 'read'; valueType: string; text: unknown };
let ProField: ComponentType<FieldProps>;

/**
 * Jest runs no `import()` (not without Node's experimental VM modules): each is made the `require`
 * that webpack's loading of the chunk stands for, a promise of the module as before.
 */
const withRequires = (code: string) =>
  code.replace(/import\(\/\* webpackChunkName: "[^"]+" \*\/ ("[^"]+")\)/g, 'Promise.resolve().then(function () { return require($1); })');

beforeAll(() => {
  fs.writeFileSync(REWRITTEN, withRequires(lazyFieldImports(fs.readFileSync(INDEX, 'utf8'))));
  ({ default: ProField } = jest.requireActual<{ default: ComponentType<FieldProps> }>(REWRITTEN));
});

afterAll(() => {
  fs.rmSync(REWRITTEN, { force: true });
});

const field = (valueType: string, text: unknown) =>
  renderWithAntd(
    <Suspense fallback={<span>等待字段</span>}>
      <ProField mode="read" valueType={valueType} text={text} />
    </Suspense>,
  );

describe('pro-field’s rare value types, lazy as built', () => {
  test('a lazy type waits for its module once, then renders as before', async () => {
    field('switch', true);
    expect(screen.getByText('等待字段')).toBeInTheDocument();
    expect(await screen.findByText('打开')).toBeInTheDocument();
    expect(screen.queryByText('等待字段')).not.toBeInTheDocument();
  });

  test('a named export of a module (the time range) is the component it names', async () => {
    // Times of day in the test's own time zone, as the field shows them.
    field('timeRange', [new Date(2026, 10, 28, 8, 30).getTime(), new Date(2026, 10, 28, 17, 45).getTime()]);
    expect(await screen.findByText(/08:30:00/)).toBeInTheDocument();
    expect(screen.getByText(/17:45:00/)).toBeInTheDocument();
  });

  test('a type the pages use renders at once, with no wait', () => {
    field('digit', 12345);
    expect(screen.getByText('12,345')).toBeInTheDocument();
    expect(screen.queryByText('等待字段')).not.toBeInTheDocument();
  });
});
