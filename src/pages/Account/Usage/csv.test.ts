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
  online: false,
  keyId: '1810000000000000001',
  keyName: '生产',
  accessKeyTail: 'a1b2',
  keyRevoked: false,
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
        '时间,密钥,接口,接口 ID,HTTP 状态,耗时（ms）,大小（字节）\r\n' +
        '2026-11-20 15:29:59,生产 · …a1b2,天气查询,1800000000000000001,200,63,1024\r\n' +
        '2026-11-20 15:29:59,生产 · …a1b2,已删除的接口,1800000000000000001,无响应,63,0\r\n' +
        // A success from before statuses were recorded is not "no answer".
        '2026-11-20 15:29:59,生产 · …a1b2,天气查询,1800000000000000001,成功,63,1024\r\n',
    );
  });

  it('names the key of each call: 在线调用 without one, a revoked key by its name, a key without a row as deleted', () => {
    const lines = callsCsv([
      call({ online: true, keyId: null, keyName: null, accessKeyTail: null }),
      call({ keyRevoked: true }),
      call({ keyName: null, accessKeyTail: null }),
      // A key's name is the user's text: one that starts like a formula stays text.
      call({ keyName: '=1+1' }),
    ]).split('\r\n');
    expect(lines.slice(1, 5).map((line) => line.split(',')[1])).toEqual([
      '在线调用',
      '生产 · …a1b2（已吊销）',
      '已删除的密钥',
      "'=1+1 · …a1b2",
    ]);
  });

  it('keeps an imported name that hides a formula after a separator as text', () => {
    const line = callsCsv([call({ interfaceName: "a;=1+cmd|' /C calc'!A0" })]).split('\r\n')[1];
    expect(line).toBe(
      `2026-11-20 15:29:59,生产 · …a1b2,"a;'=1+cmd|' /C calc'!A0",1800000000000000001,200,63,1024`,
    );
  });
});
