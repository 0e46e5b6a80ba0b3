import type { IApi } from '@umijs/max';
import { demoOrigin } from '../../mock/wiring/demoOrigin';

/**
 * `npm start` says where to open the console once a page can be served: Umi prints its
 * "App listening at" box when the port opens, before the console is compiled and the demo
 * platform behind /api has its data (an address opened then shows Umi's loading page).
 */

export type Readiness = {
  /** A compile of the console ended; `ok` when it had no errors. */
  compiled(ok: boolean): void;
  /** MFSU's build of the console's dependencies ended (the page's scripts wait for it). */
  depsBuilt(): void;
};

export type ReadinessOptions = {
  /** Whether MFSU builds the dependencies apart (then the page waits for that build too). */
  depsNeeded: boolean;
  /** The demo platform's origin once it listens; undefined when this process starts none. */
  demo: Promise<string> | undefined;
  /** Called once, when a page and /api can both be served. */
  onReady: () => void;
  /** Called once when the demo platform cannot start (mock/platform.ts prints why). */
  onDemoFailed: () => void;
  say: (line: string) => void;
};

export function watchReadiness(options: ReadinessOptions): Readiness {
  let compiled = false;
  let depsBuilt = !options.depsNeeded;
  let demo: 'waiting' | 'ready' | 'failed' = options.demo ? 'waiting' : 'ready';
  let told = false;
  const check = () => {
    if (told || !compiled || !depsBuilt || demo === 'waiting') return;
    told = true;
    if (demo === 'ready') options.onReady();
    else options.onDemoFailed();
  };
  options.demo?.then(
    () => {
      demo = 'ready';
      check();
    },
    () => {
      demo = 'failed';
      check();
    },
  );
  return {
    compiled(ok) {
      if (!ok || compiled) return;
      compiled = true;
      if (demo === 'waiting') options.say('控制台已编译，正在等待演示数据……');
      check();
    },
    depsBuilt() {
      depsBuilt = true;
      check();
    },
  };
}

/** The address people open: Umi's listening host, `localhost` for every interface. */
export function consoleAddress(host: string | undefined, port: number): string {
  const shown = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown}:${port}`;
}

/** The line `npm start` prints when the console and its /api answer (tests wait for it). */
export const readyLine = (address: string) => `Agler接口 已启动：${address}（演示数据，控制台热更新）`;

export default (api: IApi) => {
  api.describe({ enableBy: () => api.name === 'dev' });
  const say = (line: string) => process.stdout.write(`${line}\n`);
  let readiness: Readiness | undefined;
  // By now Umi has loaded the mock files, which started the demo platform, and chosen the port.
  api.onBeforeCompiler(() => {
    const address = consoleAddress(api.appData.host, api.appData.port);
    readiness = watchReadiness({
      depsNeeded: api.config.mfsu !== false,
      demo: demoOrigin(),
      say,
      onReady: () => say(`\n${readyLine(address)}\n`),
      onDemoFailed: () =>
        say(`\nAgler接口 的演示平台无法启动（原因见上方）：${address} 的控制台可以打开，但 /api 不会应答\n`),
    });
  });
  // MFSU reports the end of its dependency build only through the bundler's callbacks.
  api.modifyUniBundlerOpts((opts) => {
    const { onMFSUProgress } = opts;
    return {
      ...opts,
      onMFSUProgress(progress: { done?: boolean }) {
        onMFSUProgress?.(progress);
        if (progress.done) readiness?.depsBuilt();
      },
    };
  });
  api.onDevCompileDone(({ stats }) => {
    readiness?.compiled(!stats.hasErrors());
  });
};
