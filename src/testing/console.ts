/**
 * The suite's console rule: a test fails on a console.error or console.warn it did not declare with
 * expectConsoleError / expectConsoleWarn. tests/setupTests.ts installs it for every test file; a
 * console a test mocks itself (`jest.spyOn(console, 'error').mockImplementation(...)`) is its own.
 */
import { act, cleanup } from '@testing-library/react/pure';
import { format } from 'util';

type Level = 'error' | 'warn';
type Expected = { level: Level; pattern: RegExp; seen: boolean };
type Printed = { level: Level; message: string };

/**
 * What libraries print that our code cannot avoid, matched on the whole message; the only place
 * such a warning may be ignored. Each names the library and why.
 */
const LIBRARY_NOISE: RegExp[] = [
  // ProComponents' LightSelect (ProTable's light filter) passes antd's old Select props, in its latest antd-5 release too.
  /^Warning: \[antd: Select\] `(onDropdownVisibleChange|dropdownRender)` is deprecated/,
  // ProTable's density button puts a Tooltip around a memo component without a ref, so rc-resize-observer falls back to findDOMNode.
  /^Warning: findDOMNode is deprecated[\s\S]*\n\s*at DomWrapper [\s\S]*\n\s*at ListToolBar \(/,
  // jsdom's CSS parser does not know cascade layers, where antd's icons put their style under ThemeProvider.
  /^Error: Could not parse CSS stylesheet[\s\S]*detail: '@layer /,
];

/** Kept on the global so that a test's jest.isolateModules or resetModules shares the one record. */
const STATE = Symbol.for('agler.consoleRule');
type State = { expected: Expected[]; unexpected: Printed[] };

function state(): State {
  const holder = globalThis as typeof globalThis & { [STATE]?: State };
  holder[STATE] ??= { expected: [], unexpected: [] };
  return holder[STATE];
}

function expectConsole(level: Level, pattern: RegExp) {
  state().expected.push({ level, pattern, seen: false });
}

/** The current test prints an error matching `pattern` (at least once): it passes only if it does. */
export function expectConsoleError(pattern: RegExp) {
  expectConsole('error', pattern);
}

/** The current test prints a warning matching `pattern` (at least once): it passes only if it does. */
export function expectConsoleWarn(pattern: RegExp) {
  expectConsole('warn', pattern);
}

function record(level: Level, args: unknown[]) {
  const message = format(...args);
  const { expected, unexpected } = state();
  const declared = expected.filter((entry) => entry.level === level && entry.pattern.test(message));
  declared.forEach((entry) => {
    entry.seen = true;
  });
  if (declared.length === 0 && !LIBRARY_NOISE.some((noise) => noise.test(message))) {
    unexpected.push({ level, message });
  }
}

/** Throws for what was printed without being declared, and for what was declared and never printed. */
function settle(when: string) {
  const current = state();
  const problems = [
    ...current.unexpected.map(({ level, message }) => `console.${level} ${when}, not declared:\n${message}`),
    ...current.expected
      .filter((entry) => !entry.seen)
      .map(({ level, pattern }) => `console.${level} matching ${pattern} was declared but not printed`),
  ];
  current.expected = [];
  current.unexpected = [];
  if (problems.length > 0) {
    throw new Error(problems.join('\n\n'));
  }
}

/** Taken before any test fakes the timers: the wait below must not depend on fake ones. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Lets what is still under way when a test ends (a ProTable's select loading its options) land
 * inside act, then unmounts, so the unmount's own messages count for the test too. Work that ends
 * within the test's last promise ticks lands before this: the test awaits it (findBy*, waitFor).
 */
async function finishTest() {
  if (typeof window === 'undefined') return;
  await act(
    () =>
      new Promise<void>((resolve) => {
        realSetTimeout(resolve, 0);
      }),
  );
  cleanup();
}

/**
 * Records console.error and console.warn and fails each test on what it did not declare. Import
 * Testing Library from `@testing-library/react/pure` in the setup file, so that this clean-up
 * comes before its automatic one.
 */
export function installConsoleRule() {
  console.error = (...args: unknown[]) => record('error', args);
  console.warn = (...args: unknown[]) => record('warn', args);
  afterEach(async () => {
    await finishTest();
    settle('during the test');
  });
  afterAll(() => settle('after the last test'));
}
