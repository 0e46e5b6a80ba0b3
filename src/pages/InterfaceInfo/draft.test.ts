import { act, renderHook } from '@testing-library/react';
import { draftKey, loadDraft, saveDraft, useParamsDraft } from './draft';

const EXAMPLE = '{\n  "city": "北京"\n}';

beforeEach(() => sessionStorage.clear());

describe('draft storage', () => {
  it('keys drafts by user and interface', () => {
    expect(draftKey('1800000000000000001', 7)).toBe('agler.tryIt.7.1800000000000000001');
    expect(draftKey('5')).toBe('agler.tryIt.anonymous.5');
  });

  it('keeps an edited text and forgets the example', () => {
    saveDraft('k', '{"city":"上海"}', EXAMPLE);
    expect(loadDraft('k')).toBe('{"city":"上海"}');
    saveDraft('k', EXAMPLE, EXAMPLE);
    expect(loadDraft('k')).toBeUndefined();
  });

  it('loses only the draft when the storage refuses', () => {
    const full = { setItem: () => { throw new Error('QuotaExceededError'); }, getItem: () => { throw new Error('denied'); } } as unknown as Storage;
    expect(() => saveDraft('k', 'x', EXAMPLE, full)).not.toThrow();
    expect(loadDraft('k', full)).toBeUndefined();
  });
});

describe('useParamsDraft', () => {
  it('starts from the saved draft, saves changes, and starts from the example without one', () => {
    sessionStorage.setItem(draftKey('1', 7), '{"city":"广州"}');
    const { result, rerender } = renderHook(({ key }) => useParamsDraft(key, EXAMPLE), { initialProps: { key: draftKey('1', 7) } });
    expect(result.current[0]).toBe('{"city":"广州"}');
    act(() => result.current[1]('{"city":"深圳"}'));
    expect(result.current[0]).toBe('{"city":"深圳"}');
    expect(sessionStorage.getItem(draftKey('1', 7))).toBe('{"city":"深圳"}');

    rerender({ key: draftKey('2', 7) });
    expect(result.current[0]).toBe(EXAMPLE);
  });
});
