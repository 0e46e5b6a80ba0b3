import type { IncomingMessage, ServerResponse } from 'http';
import { createRequire } from 'module';
import { BODY_MAX_BYTES } from '@agler/contract/constants';
import { isJsonContentType } from '@agler/contract/http';
import { JsonDepthError, parseJsonExact } from '@agler/contract/json';
import { MESSAGES } from '@agler/contract/messages';
import type { Parsed } from '@agler/contract/queries';

/**
 * Request bodies, read exactly.
 *
 * Umi's mock middleware (@umijs/preset-umi's createMockMiddleware, the same
 * in `max dev` and `max preview`) passes every non-GET request through
 * body-parser's json parser with fixed options and ignores its errors:
 * JSON.parse rounds ids beyond 2^53, a body that is not JSON or is too large
 * silently becomes `{}`. It looks the parser up as `bodyParser.json` on each
 * request, and nothing else uses that copy of body-parser, so the mocks wrap
 * that one property: the wrapped parser keeps the raw bytes (body-parser's
 * `verify` hook), applies the contract's size limit and remembers why a body
 * was not read. Handlers never look at `req.body`; they call readJsonBody,
 * which parses the bytes with the contract's parseJsonExact.
 *
 * Installing is idempotent: `max dev` reloads the mock files on every change,
 * while body-parser stays loaded, so the original parser is kept under a
 * global symbol and each install replaces only the wrapper.
 */

// Global symbols: what one reload of the mock files stores, the wrapper another reload installed reads.
const ORIGINAL_JSON = Symbol.for('agler.mock.originalJsonParser');
const BODY_READ = Symbol.for('agler.mock.bodyRead');

type Next = (error?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;
type JsonParserFactory = (options?: Record<string, unknown>) => Middleware;
type BodyParserModule = { json: JsonParserFactory; [ORIGINAL_JSON]?: JsonParserFactory };

/** What the wrapped parser learnt about one request's body. */
type BodyRead = { bytes?: Buffer; error?: { type?: string } };

type WithBodyRead = IncomingMessage & { [BODY_READ]?: BodyRead };

/** The very body-parser module createMockMiddleware requires (same resolution, same module cache entry). */
function umiBodyParser(): BodyParserModule {
  const middleware = require.resolve('@umijs/preset-umi/dist/features/mock/createMockMiddleware');
  return createRequire(middleware)('../../../compiled/body-parser');
}

function exactJson(original: JsonParserFactory): JsonParserFactory {
  return (options) => {
    const parse = original({
      ...options,
      limit: BODY_MAX_BYTES,
      verify: (req: WithBodyRead, _res: ServerResponse, bytes: Buffer) => {
        req[BODY_READ] = { bytes };
      },
    });
    return (req: WithBodyRead, res, next) => {
      req[BODY_READ] = {};
      parse(req, res, (error) => {
        // Not passed on: the handler answers the refusal in the envelope (and umi would drop it anyway).
        if (error) req[BODY_READ] = { ...req[BODY_READ], error: error as BodyRead['error'] };
        next();
      });
    };
  };
}

/** Makes the mock middleware keep every JSON body's bytes for readJsonBody. */
export function installExactJsonBodies() {
  const bodyParser = umiBodyParser();
  bodyParser[ORIGINAL_JSON] ??= bodyParser.json;
  Object.defineProperty(bodyParser, 'json', {
    configurable: true,
    enumerable: true,
    value: exactJson(bodyParser[ORIGINAL_JSON]),
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The request's body as a JSON object, ids beyond 2^53 kept as their decimal
 * text; or the message that says what is wrong with it.
 */
export function readJsonBody(req: IncomingMessage): Parsed<Record<string, unknown>> {
  const refuse = (message: string) => ({ ok: false as const, message });
  if (!isJsonContentType(req.headers['content-type'])) return refuse(MESSAGES.contentType);
  const read = (req as WithBodyRead)[BODY_READ];
  if (read?.error?.type === 'entity.too.large') return refuse(MESSAGES.bodyTooLarge);
  if (!read?.bytes) return refuse(MESSAGES.bodyNotJson);
  let value: unknown;
  try {
    value = parseJsonExact(utf8.decode(read.bytes));
  } catch (error) {
    return refuse(error instanceof JsonDepthError ? MESSAGES.bodyTooDeep : MESSAGES.bodyNotJson);
  }
  return isJsonObject(value) ? { ok: true, value } : refuse(MESSAGES.bodyNotObject);
}
