import { fork } from 'node:child_process';
import { SERVER_NODE_ARGS } from '../../server/nodeArgs';

/**
 * The demo platform runs in a Node process of its own: making its database and writing the demo
 * data keep a thread busy for long stretches, which in Umi's process would hold up webpack and
 * every answer of the dev server, and would leave the machine's other cores idle.
 */

/** Set in the platform's own process, which starts the platform instead of another process. */
export const DEMO_PROCESS_ENV = 'AGLER_DEMO_PROCESS';

type Message = { origin?: string };

/** Runs `file` (which starts the platform) as a child process with `env` added; answers the origin it sends. */
export function startDemoProcess(file: string, env: Record<string, string>): Promise<string> {
  const child = fork(file, [], {
    execArgv: [...SERVER_NODE_ARGS],
    env: { ...process.env, ...env, [DEMO_PROCESS_ENV]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: Message) => {
      if (message.origin) resolve(message.origin);
    });
    child.once('exit', (code, signal) => reject(new Error(`演示平台的进程已退出（${code ?? signal}）`)));
  });
}

/** In the platform's process: tells Umi's process where it listens, and ends with it. */
export function reportToParent(origin: string) {
  process.send?.({ origin } satisfies Message);
  process.once('disconnect', () => process.exit(0));
}
