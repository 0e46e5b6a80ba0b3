import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { startEarly } from '@/utils/early';
import { listParamsOf, queryFromUrl, tableKey } from './tableQuery';

/**
 * Asks for the table's first rows of the view in `search` (a URL's query text), as the page's
 * first request will (src/utils/early.ts): the search form and the pager start from the same
 * query (`syncToUrl`), so both read it through `tableQueryOf`.
 */
export function startTable(search: string): void {
  const params = listParamsOf(queryFromUrl(search));
  startEarly(tableKey(params), () => listInterfaceInfoByPage(params, { skipErrorHandler: true }));
}
