import { failureList, selectedRows, splitSelection } from './batch';

const row = (id: string, status: 0 | 1) => ({ id, status });
const mixed = [row('1', 1), row('2', 0), row('3', 1), row('4', 0), row('5', 1)];

describe('splitSelection', () => {
  it('takes offline only the online rows, in selection order', () => {
    const { change, skip } = splitSelection('offline', mixed);
    expect(change.map((r) => r.id)).toEqual(['1', '3', '5']);
    expect(skip.map((r) => r.id)).toEqual(['2', '4']);
  });

  it('publishes only the offline rows', () => {
    const { change, skip } = splitSelection('publish', mixed);
    expect(change.map((r) => r.id)).toEqual(['2', '4']);
    expect(skip.map((r) => r.id)).toEqual(['1', '3', '5']);
  });

  it('changes nothing when every row is already there', () => {
    expect(splitSelection('publish', [row('1', 1), row('2', 1)]).change).toEqual([]);
    expect(splitSelection('offline', [row('1', 0)]).change).toEqual([]);
    expect(splitSelection('offline', []).change).toEqual([]);
  });

  it('deletes every selected row whatever its status', () => {
    expect(splitSelection('delete', mixed)).toEqual({ change: mixed, skip: [] });
  });
});

describe('selectedRows', () => {
  it('answers the known rows in the order of the keys, keys matched as text', () => {
    const known = new Map(mixed.map((r) => [r.id, r]));
    expect(selectedRows(['3', 1, '9'], known).map((r) => r.id)).toEqual(['3', '1']);
  });
});

describe('failureList', () => {
  it('names every failed interface with its reason', () => {
    expect(
      failureList([
        { name: '天气查询', reason: '接口已被删除' },
        { name: '随机头像', reason: '无权限' },
      ]),
    ).toBe('「天气查询」：接口已被删除；「随机头像」：无权限');
  });
});
