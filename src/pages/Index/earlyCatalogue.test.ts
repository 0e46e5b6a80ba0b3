import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { takeEarly } from '@/utils/early';
import { catalogueKey, startCatalogue } from './earlyCatalogue';
import { parseQuery, toListParams } from './queryState';

jest.mock('@/services/agler/interfaceInfo');
const listMock = jest.mocked(listInterfaceInfoByPage);

it('asks for the view in the URL as the page would, under the key the page takes it by', async () => {
  const page = { code: 0, data: { records: [], total: 0, current: 2, size: 12, pages: 0 }, message: 'ok' };
  listMock.mockResolvedValue(page);
  startCatalogue('?sortField=name&current=2');
  const params = { current: 2, pageSize: 12, sortField: 'name', sortOrder: 'ascend' };
  expect(listMock).toHaveBeenCalledWith(params, { skipErrorHandler: true });
  // The page's key for the same URL (index.tsx: its list parameters).
  const pageParams = toListParams(parseQuery(new URLSearchParams('?sortField=name&current=2')));
  await expect(takeEarly(catalogueKey(pageParams))).resolves.toBe(page);
});
