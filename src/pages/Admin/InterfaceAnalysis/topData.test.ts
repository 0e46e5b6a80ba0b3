import { topView } from './topData';

const item = (id: string, totalNum: number) =>
  ({
    id,
    name: `接口 ${id}`,
    url: 'https://api.example.com',
    method: 'GET',
    status: 1,
    totalNum,
  }) as API.InterfaceInfoInvokeVO;

describe('topView', () => {
  it('gives each interface its share of all calls and counts the rest', () => {
    const view = topView([item('1800000000000000001', 60), item('1800000000000000002', 20)], 100);
    expect(view.items).toEqual([
      { id: '1800000000000000001', name: '接口 1800000000000000001', calls: 60, share: 0.6 },
      { id: '1800000000000000002', name: '接口 1800000000000000002', calls: 20, share: 0.2 },
    ]);
    expect(view.restCalls).toBe(20);
    expect(view.totalCalls).toBe(100);
  });

  it('never has a negative rest when the list counted a call the total had not yet', () => {
    const view = topView([item('1', 51)], 50);
    expect(view.restCalls).toBe(0);
    expect(view.items[0].share).toBe(1);
  });

  it('has nothing to share without calls', () => {
    expect(topView([], 0)).toEqual({ items: [], restCalls: 0, totalCalls: 0 });
  });
});
