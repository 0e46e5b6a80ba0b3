/** @jest-environment node */
import { keyedMessages, messageRefOf, messageTables, textOf } from './messageKeys';
import type { Message } from './messageKeys';

const TABLE = keyedMessages(
  'sample',
  {
    fixed: '固定的消息',
    built: (name: string, count: number) => `${name} 有 ${count} 个`,
    wrapped: (detail: Message) => `外层：${textOf(detail)}`,
  } as const,
  { wrapped: [0] },
);

describe('keyedMessages', () => {
  it('writes its messages as they were written, a built one with its key and values', () => {
    expect(TABLE.fixed).toBe('固定的消息');
    expect(TABLE.built('a', 2)).toEqual({ text: 'a 有 2 个', messageKey: 'sample.built', messageArgs: ['a', 2] });
    expect(textOf(TABLE.built('a', 2))).toBe('a 有 2 个');
    expect(messageTables().get('sample')).toBe(TABLE);
  });

  it('knows a fixed text by its key, and a built message by its own key and values', () => {
    expect(messageRefOf('固定的消息')).toEqual({ messageKey: 'sample.fixed' });
    expect(messageRefOf(TABLE.built('b', 3))).toEqual({ messageKey: 'sample.built', messageArgs: ['b', 3] });
  });

  it('names a message given as a value by its own key, and any other value as it is', () => {
    const inner = TABLE.built('c', 4);
    expect(TABLE.wrapped(inner)).toEqual({
      text: '外层：c 有 4 个',
      messageKey: 'sample.wrapped',
      messageArgs: [{ messageKey: 'sample.built', messageArgs: ['c', 4] }],
    });
    expect(messageRefOf(TABLE.wrapped(TABLE.fixed))).toEqual({ messageKey: 'sample.wrapped', messageArgs: [{ messageKey: 'sample.fixed' }] });
    expect(messageRefOf(TABLE.wrapped('随便'))).toEqual({ messageKey: 'sample.wrapped', messageArgs: ['随便'] });
    expect(messageRefOf(TABLE.built(TABLE.fixed, 1))).toEqual({ messageKey: 'sample.built', messageArgs: ['固定的消息', 1] });
  });

  it('knows no text it did not write, not even one a message was built as', () => {
    expect(messageRefOf('a 有 99 个')).toBeUndefined();
    expect(messageRefOf(TABLE.built('d', 5).text)).toBeUndefined();
  });

  it('keeps the key of a message built long before, however many were built since', () => {
    const early = TABLE.built('early', 1);
    for (let i = 0; i < 2000; i += 1) TABLE.built('later', i);
    expect(messageRefOf(early)).toEqual({ messageKey: 'sample.built', messageArgs: ['early', 1] });
  });

  it('reads as its text where it is written into a string', () => {
    const built = TABLE.built('f', 7);
    expect(`${built}`).toBe('f 有 7 个');
    expect(String(built)).toBe('f 有 7 个');
  });

  it('keeps its key as plain data: through JSON and a structured clone, as a message crosses to another thread', () => {
    const built = TABLE.wrapped(TABLE.built('e', 6));
    for (const copy of [JSON.parse(JSON.stringify(built)) as Message, structuredClone(built)]) {
      expect(textOf(copy)).toBe('外层：e 有 6 个');
      expect(messageRefOf(copy)).toEqual(messageRefOf(built));
    }
  });
});
