/**
 * @jest-environment node
 */
import { matchesWidth, VIEWPORT_WIDTH } from './window';

describe('the bake’s window', () => {
  it('answers width queries as a desktop window answers them, so the layout has its side menu', () => {
    expect(VIEWPORT_WIDTH).toBe(1280);
    expect(matchesWidth('(min-width: 768px)')).toBe(true);
    expect(matchesWidth('(min-width: 1600px)')).toBe(false);
    expect(matchesWidth('(max-width: 575.98px)')).toBe(false);
    expect(matchesWidth('(min-width: 1200px) and (max-width: 1599.98px)')).toBe(true);
    expect(matchesWidth('(min-width: 576px) and (max-width: 767.98px)')).toBe(false);
    expect(matchesWidth('(prefers-color-scheme: dark)')).toBe(false);
    expect(matchesWidth('(prefers-reduced-motion: reduce)')).toBe(false);
  });
});
