import { SHIMMER_DELAY_MS, skeletonCss } from './static';

describe('the skeletons’ stylesheet', () => {
  const css = skeletonCss();

  it('keeps the bars still for a second, then shimmers them', () => {
    expect(SHIMMER_DELAY_MS).toBe(1000);
    const bar = /\.agler-sk-bar\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(bar).toContain(`animation:agler-sk-shine 1.4s ease ${SHIMMER_DELAY_MS}ms infinite`);
    expect(css).toContain('@keyframes agler-sk-shine{');
  });

  it('never shimmers when the system asks for less motion', () => {
    expect(css).toContain('@media (prefers-reduced-motion:reduce){.agler-sk-bar{animation:none}}');
  });
});
