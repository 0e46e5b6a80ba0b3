import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { startEarly } from '@/utils/early';
import { listParamsOf, tableKey, tableQueryOf, viewFromQuery } from './tableQuery';

/**
 * Asks for the table's first rows of the view in `search` (a URL's query text), as the page's
 * first request will (src/utils/early.ts): the search form starts from the same query
 * (`syncToUrl`), so both read it through `tableQueryOf`.
 */
export function startTable(search: string): void {
  const query = tableQueryOf(Object.fromEntries(new URLSearchParams(search)), viewFromQuery(search));
  const params = listParamsOf(query);
  startEarly(tableKey(params), () => listInterfaceInfoByPage(params, { skipErrorHandler: true }));
}
