import { formatShare, shareTenths, tableShares, topShares } from './shares';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const shown = (counts: number[]) => shareTenths(counts).map(formatShare);

describe('shareTenths: shares rounded once, adding up to the whole', () => {
  // A realistic range: top 5 of 24,477 calls and the rest (其他).
  const issue = [4205, 2469, 2082, 1911, 1432, 12378];

  it('rounds 4,205 of 24,477 (17.18%) to 17.2%, not down to 17.1%', () => {
    expect(shown(issue)[0]).toBe('17.2%');
  });

  it('makes the parts of the issue add up to exactly 100.0%, the top 5 to what the centre shows', () => {
    const tenths = shareTenths(issue);
    expect(sum(tenths)).toBe(1000);
    expect(shown(issue)).toEqual(['17.2%', '10.1%', '8.5%', '7.8%', '5.8%', '50.6%']);
    expect(formatShare(sum(tenths.slice(0, 5)))).toBe('49.4%');
  });

  it('keeps every share within a tenth of its exact value', () => {
    const counts = [1, 7, 13, 333, 4205, 9999, 12, 5];
    const total = sum(counts);
    shareTenths(counts).forEach((tenths, i) => {
      expect(Math.abs(tenths - (counts[i] * 1000) / total)).toBeLessThan(1);
    });
  });

  it('splits many equal parts so that they still add up, the earlier parts taking the extra tenths', () => {
    expect(shown([1, 1, 1])).toEqual(['33.4%', '33.3%', '33.3%']);
    const seven = shareTenths(Array(7).fill(5));
    expect(sum(seven)).toBe(1000);
    expect(seven).toEqual([143, 143, 143, 143, 143, 143, 142]);
    const many = shareTenths(Array(3000).fill(1));
    expect(sum(many)).toBe(1000);
    expect(Math.max(...many)).toBe(1);
  });

  it('gives a single part the whole', () => {
    expect(shown([24477])).toEqual(['100.0%']);
  });

  it('never gives a tenth to a part without calls', () => {
    expect(shareTenths([0, 2, 0, 1, 0])).toEqual([0, 667, 0, 333, 0]);
    expect(shareTenths([3, 0])).toEqual([1000, 0]);
  });

  it('shares nothing when nothing was counted', () => {
    expect(shareTenths([0, 0, 0])).toEqual([0, 0, 0]);
    expect(shareTenths([])).toEqual([]);
  });

  it('adds up to 100.0% on sets whose plain rounding does not', () => {
    // Plain rounding: 3 × 33.3 = 99.9%; 2 × 16.7 + 66.7 = 100.1%.
    expect(formatShare(sum(shareTenths([10, 10, 10])))).toBe('100.0%');
    expect(formatShare(sum(shareTenths([1, 1, 4])))).toBe('100.0%');
    for (let seed = 1; seed <= 200; seed += 1) {
      const counts = Array.from({ length: 1 + (seed % 23) }, (_, i) => ((seed * 7919 + i * 104729) % 9973) + 1);
      expect(sum(shareTenths(counts))).toBe(1000);
    }
  });
});

describe('tableShares and topShares: the table and the donut agree', () => {
  // The range's 24,477 calls over 14 interfaces, most called first, with the shares the server gives them.
  const calls = [4205, 2469, 2082, 1911, 1432, ...Array(8).fill(1400), 1178];
  const tenths = shareTenths(calls);
  const all = calls.map((n, i) => ({
    interfaceInfoId: String.fromCharCode(97 + i),
    calls: n,
    share: tenths[i],
  }));
  // The overview holds the first page only.
  const table = tableShares(all.slice(0, 10), 24477);
  const top = all.slice(0, 5).map((row) => ({ id: row.interfaceInfoId, calls: row.calls }));

  it("takes each row's own share, of all the range's calls, not only of the rows at hand", () => {
    expect(table.totalCalls).toBe(24477);
    expect(formatShare(table.shares.get('a')!)).toBe('17.2%');
    expect([...table.shares.values()]).toEqual(tenths.slice(0, 10));
    expect(table.shares.has('k')).toBe(false);
  });

  it("takes the table's shares for the top list, 其他 being what all the other interfaces add up to", () => {
    const shares = topShares(top, 12378, table);
    expect(shares.items).toEqual(tenths.slice(0, 5));
    expect(shares.rest).toBe(sum(tenths.slice(5)));
    expect(shares.listed + shares.rest).toBe(1000);
    expect(shares.listed).toBe(sum(shares.items));
  });

  it('rounds the list and the rest on their own when the answers differ by a call', () => {
    const moved = top.map((item, i) => (i === 0 ? { ...item, calls: item.calls + 1 } : item));
    const shares = topShares(moved, 12378, table);
    expect(shares.items).toEqual(shareTenths([...moved.map((item) => item.calls), 12378]).slice(0, 5));
    expect(shares.listed + shares.rest).toBe(1000);
    expect(topShares(top, 12378).items.map(formatShare)).toEqual(['17.2%', '10.1%', '8.5%', '7.8%', '5.8%']);
  });

  it("rounds on their own when a listed interface is not among the table's rows", () => {
    const firstRows = tableShares(all.slice(0, 2), 24477);
    const shares = topShares(top, 12378, firstRows);
    expect(shares.items).toEqual(shareTenths([...top.map((item) => item.calls), 12378]).slice(0, 5));
    expect(shares.listed + shares.rest).toBe(1000);
  });

  it('has no rest without calls outside the list, and nothing without calls', () => {
    expect(topShares([{ id: 'a', calls: 5 }], 0)).toEqual({ items: [1000], rest: 0, listed: 1000 });
    expect(topShares([], 0)).toEqual({ items: [], rest: 0, listed: 0 });
  });
});
