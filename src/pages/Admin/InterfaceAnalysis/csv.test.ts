import { usageCsv, usageCsvFileName } from './csv';

function usage(name: string, calls: number, errors: number, over: Partial<API.InterfaceUsage> = {}): API.InterfaceUsage {
  return {
    interfaceInfoId: '1800000000000000001',
    name,
    method: 'GET',
    status: 1,
    calls,
    errors,
    successRate: (calls - errors) / calls,
    avgLatency: 63,
    p95Latency: 115,
    share: 1000,
    lastCallTime: '2026-11-23 02:54:16',
    ...over,
  };
}

describe('the usage table as CSV', () => {
  it('writes a BOM, a header and one CRLF-ended line per interface, each with the share the server gave it', () => {
    // Shares of all the range's calls, not only these rows': 2 and 1 of 30 calls.
    const text = usageCsv([
      usage('天气查询', 2, 0, { share: 67 }),
      usage('随机头像', 1, 1, { method: 'POST', status: 0, avgLatency: 1280, p95Latency: 2890, share: 33 }),
    ]);
    expect(text).toBe(
      '\uFEFF' +
        '接口,请求方法,状态,调用次数,失败次数,成功率,平均耗时（ms）,P95 耗时（ms）,占比,最近调用\r\n' +
        '天气查询,GET,已上线,2,0,100.0%,63,115,6.7%,2026-11-23 02:54:16\r\n' +
        '随机头像,POST,已下线,1,1,0.0%,1280,2890,3.3%,2026-11-23 02:54:16\r\n',
    );
  });

  it('marks a deleted interface, whose calls stay in the table under its name', () => {
    const text = usageCsv([usage('旧接口', 4, 0, { deleted: true })]);
    expect(text.split('\r\n')[1]).toMatch(/^旧接口,GET,已删除,4,/);
  });

  it('writes counts without digit grouping, so a spreadsheet reads them as numbers', () => {
    const text = usageCsv([usage('翻译', 24477, 4205)]);
    expect(text).toContain(',24477,4205,82.8%,63,115,100.0%,');
  });

  it('names the file after its range', () => {
    expect(usageCsvFileName('2026-10-25', '2026-11-23')).toBe('接口调用明细_2026-10-25_至_2026-11-23.csv');
  });
});
