import { demoOrigin } from '../mock/wiring/demoOrigin';

/**
 * Where the platform's paths go in `max dev` and `max preview`: to the platform's own server on
 * the demo data, which mock/platform.ts starts in a process of its own; with MOCK=none, to a
 * backend of your own instead:
 *   MOCK=none API_TARGET=http://localhost:7529 npm start
 * A proxy rather than Umi's mock handlers: they parse JSON bodies with JSON.parse before a
 * handler sees them, while a proxy passes the bytes on as the browser sent them.
 */
const useDemo = process.env.MOCK !== 'none';
const target = process.env.API_TARGET || 'http://localhost:7529';

const forward = {
  target,
  // The demo platform's address is known once it listens; the first requests wait for it.
  ...(useDemo ? { router: () => demoOrigin() ?? target } : { changeOrigin: true }),
  logLevel: 'warn' as const,
};

export default {
  '/api/': forward,
  '/gateway/': forward,
  '/demo/': forward,
};
