import { keyedMessages, messageRefOf, messageTables } from './messageKeys';

const TABLE = keyedMessages(
  'sample',
  {
    fixed: '固定的消息',
    built: (name: string, count: number) => `${name} 有 ${count} 个`,
    wrapped: (detail: string) => `外层：${detail}`,
  } as const,
  { wrapped: [0] },
);

describe('keyedMessages', () => {
  it('writes its messages as they were written', () => {
    expect(TABLE.fixed).toBe('固定的消息');
    expect(TABLE.built('a', 2)).toBe('a 有 2 个');
    expect(messageTables().get('sample')).toBe(TABLE);
  });

  it('knows a fixed text by its key, and a built one by its key and values', () => {
    expect(messageRefOf('固定的消息')).toEqual({ messageKey: 'sample.fixed' });
    expect(messageRefOf(TABLE.built('b', 3))).toEqual({ messageKey: 'sample.built', messageArgs: ['b', 3] });
  });

  it('names a message given as a value by its own key, and any other value as it is', () => {
    expect(messageRefOf(TABLE.wrapped(TABLE.built('c', 4)))).toEqual({
      messageKey: 'sample.wrapped',
      messageArgs: [{ messageKey: 'sample.built', messageArgs: ['c', 4] }],
    });
    expect(messageRefOf(TABLE.wrapped('随便'))).toEqual({ messageKey: 'sample.wrapped', messageArgs: ['随便'] });
    expect(messageRefOf(TABLE.built(TABLE.fixed, 1))).toEqual({ messageKey: 'sample.built', messageArgs: ['固定的消息', 1] });
  });

  it('knows no other text, and forgets a built text after many more', () => {
    expect(messageRefOf('a 有 99 个')).toBeUndefined();
    const early = TABLE.built('early', 1);
    for (let i = 0; i < 2000; i += 1) TABLE.built('later', i);
    expect(messageRefOf(early)).toBeUndefined();
    expect(messageRefOf(TABLE.built('later', 1999))).toEqual({ messageKey: 'sample.built', messageArgs: ['later', 1999] });
  });
});
