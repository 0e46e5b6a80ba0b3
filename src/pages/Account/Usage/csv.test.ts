import { callsCsv } from './csv';

const call = (over: Partial<API.CallLogEntry> = {}): API.CallLogEntry => ({
  id: '1',
  time: '2026-11-20 15:29:59',
  interfaceInfoId: '1800000000000000001',
  interfaceName: '天气查询',
  method: 'GET',
  status: 200,
  statusClass: '2xx',
  success: true,
  latency: 63,
  bytes: 1024,
  ...over,
});

describe('the call log as CSV', () => {
  it('writes a header and a line per call, the ids whole and the numbers plain', () => {
    expect(
      callsCsv([
        call(),
        call({ status: undefined, statusClass: 'noAnswer', interfaceName: undefined, bytes: 0 }),
        call({ status: undefined, statusClass: 'unrecorded' }),
      ]),
    ).toBe(
      '\uFEFF' +
        '时间,接口,接口 ID,HTTP 状态,耗时（ms）,大小（字节）\r\n' +
        '2026-11-20 15:29:59,天气查询,1800000000000000001,200,63,1024\r\n' +
        '2026-11-20 15:29:59,已删除的接口,1800000000000000001,无响应,63,0\r\n' +
        // A success from before statuses were recorded is not "no answer".
        '2026-11-20 15:29:59,天气查询,1800000000000000001,成功,63,1024\r\n',
    );
  });

  it('keeps an imported name that hides a formula after a separator as text', () => {
    const line = callsCsv([call({ interfaceName: "a;=1+cmd|' /C calc'!A0" })]).split('\r\n')[1];
    expect(line).toBe(`2026-11-20 15:29:59,"a;'=1+cmd|' /C calc'!A0",1800000000000000001,200,63,1024`);
  });
});
