/** The server's envelope of a successful answer, as a mocked service resolves with it. */
export function ok<T>(data: T) {
  return { code: 0, data, message: 'ok' };
}
