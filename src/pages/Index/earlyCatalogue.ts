import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { startEarly } from '@/utils/early';
import { parseQuery, toListParams } from './queryState';

/** The early answer's key for a view of the catalogue: its list parameters. */
export const catalogueKey = (params: API.listInterfaceInfoByPageParams) =>
  `catalogue ${JSON.stringify(params)}`;

/** Asks for the catalogue's view in `search` (a URL's query text), as the page would (src/utils/early.ts). */
export function startCatalogue(search: string): void {
  const params = toListParams(parseQuery(new URLSearchParams(search)));
  startEarly(catalogueKey(params), () => listInterfaceInfoByPage(params, { skipErrorHandler: true }));
}
