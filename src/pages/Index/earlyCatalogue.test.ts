import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { EARLY_MAX_AGE_MS, listKeyOf, startCatalogue, takeCatalogue } from './earlyCatalogue';
import { parseQuery, toListParams } from './queryState';

jest.mock('@/services/agler/interfaceInfo');
const listMock = jest.mocked(listInterfaceInfoByPage);

const keyOf = (search: string) => listKeyOf(toListParams(parseQuery(new URLSearchParams(search))));
const page = { code: 0, data: { records: [], total: 0, current: 1, size: 12, pages: 0 }, message: 'ok' };

beforeEach(() => {
  listMock.mockReset();
  listMock.mockResolvedValue(page);
  // Nothing left over from the test before.
  takeCatalogue('');
});

describe('the catalogue asked for early', () => {
  it('asks for the view in the URL, as the page would, and hands its answer over once', async () => {
    startCatalogue('?sortField=name&current=2');
    expect(listMock).toHaveBeenCalledTimes(1);
    expect(listMock).toHaveBeenCalledWith(
      { current: 2, pageSize: 12, sortField: 'name', sortOrder: 'ascend' },
      { skipErrorHandler: true },
    );
    const answer = takeCatalogue(keyOf('?sortField=name&current=2'));
    await expect(answer).resolves.toBe(page);
    expect(takeCatalogue(keyOf('?sortField=name&current=2'))).toBeUndefined();
  });

  it('is not taken for another view, which asks on its own, and is gone after that', () => {
    startCatalogue('?searchText=天气');
    expect(takeCatalogue(keyOf(''))).toBeUndefined();
    expect(takeCatalogue(keyOf('?searchText=天气'))).toBeUndefined();
  });

  it('is not taken once it is older than its limit', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      startCatalogue('');
      now.mockReturnValue(1_000_000 + EARLY_MAX_AGE_MS + 1);
      expect(takeCatalogue(keyOf(''))).toBeUndefined();
      startCatalogue('');
      now.mockReturnValue(1_000_000 + EARLY_MAX_AGE_MS);
      expect(takeCatalogue(keyOf(''))).toBeDefined();
    } finally {
      now.mockRestore();
    }
  });

  it('hands a failure over to the page, which reports it', async () => {
    const failure = new Error('network');
    listMock.mockRejectedValue(failure);
    startCatalogue('');
    await expect(takeCatalogue(keyOf(''))).rejects.toBe(failure);
  });
});
