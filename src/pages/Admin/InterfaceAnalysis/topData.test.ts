import { tableShares } from './shares';
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
      { id: '1800000000000000001', name: '接口 1800000000000000001', calls: 60, share: 600 },
      { id: '1800000000000000002', name: '接口 1800000000000000002', calls: 20, share: 200 },
    ]);
    expect(view.restCalls).toBe(20);
    expect(view.restShare).toBe(200);
    expect(view.listedShare).toBe(800);
    expect(view.totalCalls).toBe(100);
  });

  it("makes the centre the sum of the slices, and takes the table's shares when it holds the same calls", () => {
    const rows = [
      { interfaceInfoId: '1', calls: 1, share: 334 },
      { interfaceInfoId: '2', calls: 1, share: 333 },
      { interfaceInfoId: '3', calls: 1, share: 333 },
    ];
    // Alone, 1 call and the other 2 round to 33.3% + 66.7%; in the table of three equal rows the first
    // takes the extra tenth (33.4%), and the donut says so too.
    const view = topView([item('1', 1)], 3, tableShares(rows, 3));
    expect(view.items[0].share).toBe(334);
    expect(view.listedShare).toBe(334);
    expect(view.restShare).toBe(666);
  });

  it('never has a negative rest when the list counted a call the total had not yet', () => {
    const view = topView([item('1', 51)], 50);
    expect(view.restCalls).toBe(0);
    expect(view.items[0].share).toBe(1000);
    expect(view.restShare).toBe(0);
  });

  it('has nothing to share without calls', () => {
    expect(topView([], 0)).toEqual({ items: [], restCalls: 0, restShare: 0, listedShare: 0, totalCalls: 0 });
  });
});
