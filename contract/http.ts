/**
 * What counts as a JSON request body: `application/json`, in UTF-8 (the only
 * charset JSON on the web has, RFC 8259), so the mocks and the server accept
 * and refuse the same requests.
 */
export function isJsonContentType(header: string | undefined): boolean {
  const [type, ...params] = (header ?? '').split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  const charset = params
    .find((param) => param.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}
