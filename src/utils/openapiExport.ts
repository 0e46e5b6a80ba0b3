import { ApiError } from '@/requestConfig';
import { downloadText } from './download';

/** Where the export is served: the document, not the envelope, so it is fetched without the request layer. */
export const OPENAPI_EXPORT_PATH = '/api/openapi.json';

export const OPENAPI_FILE_NAME = 'agler-openapi.json';

/** The export's address, narrowed to `ids` when given. */
export function openApiExportUrl(ids?: readonly (string | number)[]): string {
  const query = ids && ids.length ? `?ids=${ids.map(String).join(',')}` : '';
  return `${API_BASE_URL}${OPENAPI_EXPORT_PATH}${query}`;
}

/**
 * Downloads the OpenAPI 3.1 document of the interfaces the user may see
 * (those of `ids` when given). A refusal is the envelope: it is thrown as an
 * ApiError, for the caller's usual error handling.
 */
export async function downloadOpenApi(ids?: readonly (string | number)[]): Promise<void> {
  const response = await fetch(openApiExportUrl(ids), { credentials: 'include' });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`HTTP ${response.status}`);
  }
  const envelope = body as { code?: unknown; message?: unknown };
  if (typeof envelope.code === 'number') {
    throw new ApiError({ code: envelope.code, message: String(envelope.message ?? ''), data: null });
  }
  downloadText(text, OPENAPI_FILE_NAME, 'application/json');
}
