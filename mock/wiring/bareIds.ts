import type { FastifyInstance } from 'fastify';

/**
 * MOCK_IDS=number: ids go out as bare JSON numbers, beyond 2^53 too, as some Java backends send
 * them, so the browser suite can prove that the console keeps every id exact. The server writes
 * ids as strings; this rewrites its answers on the way out.
 */

/** Keys whose values are ids, as the server writes them. */
const ID_KEYS = /"(id|userId|interfaceInfoId)":"(\d{1,20})"/g;
/** Answers whose `data` is the new record's id. */
const DATA_IS_ID = new Set(['/api/user/register', '/api/interfaceInfo/add']);

export function idFormOf(value: string | undefined): 'string' | 'number' {
  if (value === undefined || value === '' || value === 'string') return 'string';
  if (value === 'number') return 'number';
  throw new Error(`MOCK_IDS must be "string" or "number", got "${value}"`);
}

export function bareIds(text: string, path: string): string {
  const bare = text.replace(ID_KEYS, '"$1":$2');
  return DATA_IS_ID.has(path) ? bare.replace(/^\{"code":0,"data":"(\d{1,20})"/, '{"code":0,"data":$1') : bare;
}

/** Makes `app` answer /api with bare-number ids. */
export function sendBareIds(app: FastifyInstance) {
  // Uncompressed answers, so that the rewrite below sees their text.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) delete request.headers['accept-encoding'];
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    const path = request.url.split('?')[0];
    if (typeof payload === 'string') return bareIds(payload, path);
    if (Buffer.isBuffer(payload)) return bareIds(payload.toString('utf8'), path);
    return payload;
  });
}
