/** @jest-environment node */
import { consoleAddress, readyLine, watchReadiness } from './readyLine';

/** A promise with its settlers, for a demo platform that starts when the test says. */
function deferred() {
  let resolve!: (origin: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets the demo promise's callbacks run. */
const settle = () =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });

function watch(options: { depsNeeded?: boolean; demo?: Promise<string> }) {
  const events: string[] = [];
  const readiness = watchReadiness({
    depsNeeded: options.depsNeeded ?? true,
    demo: options.demo,
    onReady: () => events.push('ready'),
    onDemoFailed: () => events.push('demo failed'),
    say: (line) => events.push(line),
  });
  return { readiness, events };
}

describe('when `npm start` says the console is ready', () => {
  test('only after the compile, the dependencies and the demo data, in whatever order they end', async () => {
    const demo = deferred();
    const { readiness, events } = watch({ demo: demo.promise });
    readiness.depsBuilt();
    readiness.compiled(true);
    expect(events).toEqual(['控制台已编译，正在等待演示数据……']);
    demo.resolve('http://127.0.0.1:40001');
    await settle();
    expect(events.slice(1)).toEqual(['ready']);

    const second = watch({ demo: Promise.resolve('http://127.0.0.1:40002') });
    await settle();
    second.readiness.compiled(true);
    expect(second.events).toEqual([]);
    second.readiness.depsBuilt();
    expect(second.events).toEqual(['ready']);
  });

  test('not after a compile with errors; a later compile without them makes it ready', async () => {
    const { readiness, events } = watch({ demo: Promise.resolve('http://127.0.0.1:40001') });
    await settle();
    readiness.depsBuilt();
    readiness.compiled(false);
    expect(events).toEqual([]);
    readiness.compiled(true);
    expect(events).toEqual(['ready']);
  });

  test('once, however many compiles and dependency builds follow', async () => {
    const { readiness, events } = watch({ demo: Promise.resolve('http://127.0.0.1:40001') });
    await settle();
    readiness.compiled(true);
    readiness.depsBuilt();
    readiness.compiled(true);
    readiness.depsBuilt();
    expect(events).toEqual(['ready']);
  });

  test('without a demo platform (MOCK=none) or MFSU, the compile alone decides', () => {
    const { readiness, events } = watch({ depsNeeded: false });
    readiness.compiled(true);
    expect(events).toEqual(['ready']);
  });

  test('a demo platform that cannot start is said instead of the address', async () => {
    const demo = deferred();
    const { readiness, events } = watch({ demo: demo.promise });
    readiness.compiled(true);
    readiness.depsBuilt();
    demo.reject(new Error('no database'));
    await settle();
    expect(events).toEqual(['控制台已编译，正在等待演示数据……', 'demo failed']);
  });

  test('the line names the address to open', () => {
    expect(consoleAddress('0.0.0.0', 7760)).toBe('http://localhost:7760');
    expect(consoleAddress(undefined, 8000)).toBe('http://localhost:8000');
    expect(consoleAddress('192.168.1.20', 8000)).toBe('http://192.168.1.20:8000');
    expect(readyLine('http://localhost:7760')).toContain('Agler接口 已启动：http://localhost:7760');
  });
});
