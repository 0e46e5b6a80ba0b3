import fp from 'fastify-plugin';

/** Below this many characters an answer is sent as it is: the encoder's call costs more than it saves. */
export const ENCODE_FROM_CHARS = 16 * 1024;

const encoder = new TextEncoder();

/**
 * Sends long answers as UTF-8 bytes encoded here. Given a string, Node 20
 * measures it (the Content-Length) and encodes it (the socket's write) on a
 * slow path when it holds any character beyond Latin-1, as every answer with
 * a Chinese name does; TextEncoder's is vectorised. Compression, when the
 * client accepts it, then starts from the bytes too.
 */
export const utf8Plugin = fp(
  async (app) => {
    app.addHook('onSend', async (_request, _reply, payload) => {
      if (typeof payload !== 'string' || payload.length < ENCODE_FROM_CHARS) return payload;
      const bytes = encoder.encode(payload);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    });
  },
  { name: 'agler-utf8', fastify: '5.x' },
);
