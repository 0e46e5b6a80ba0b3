/**
 * @jest-environment node
 */
import { cheerio } from '@umijs/utils';
import type { IApi } from '@umijs/max';
import skeletonPlugin from './skeleton';

const UMI_HTML = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Agler接口</title>
<link rel="stylesheet" href="/umi.css"><script>console.log('preload')</script></head>
<body><div id="root"></div><script src="/umi.js"></script></body></html>`;

function build(config: Partial<IApi['config']> = {}) {
  let modify: ((html: ReturnType<typeof cheerio.load>) => ReturnType<typeof cheerio.load>) | undefined;
  skeletonPlugin({ config, modifyHTML: (fn: typeof modify) => (modify = fn) } as unknown as IApi);
  return modify!(cheerio.load(UMI_HTML)).html();
}

describe('the skeleton plugin', () => {
  it('puts the static skeleton inside the mount element', () => {
    const $ = cheerio.load(build());
    expect($('#root > .agler-sk.agler-sk-static').length).toBe(1);
    expect($('#root .agler-sk-login-card').length).toBe(1);
    // The app's script still follows, after the skeleton.
    expect($('body > script[src="/umi.js"]').length).toBe(1);
  });

  it('puts its style and script before the stylesheets and other scripts, which would hold them up', () => {
    const html = build();
    const style = html.indexOf('<style>');
    const script = html.indexOf('<script>(function(){var p=location.pathname');
    expect(style).toBeGreaterThan(-1);
    expect(script).toBeGreaterThan(style);
    expect(script).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(script).toBeLessThan(html.indexOf("console.log('preload')"));
  });

  it("marks the page light or dark first, so the skeleton's first paint has the theme's colours", () => {
    const html = build();
    const theme = html.indexOf('<script>(function(){var p;try{p=localStorage.getItem(');
    expect(theme).toBeGreaterThan(html.indexOf('<style>'));
    expect(theme).toBeLessThan(html.indexOf('<script>(function(){var p=location.pathname'));
    expect(html).toContain('html[data-agler-theme=dark]{color-scheme:dark;background:#000');
    expect(html).toMatch(
      /@media \(prefers-color-scheme:dark\)\{html:not\(\[data-agler-theme=light\]\)\{color-scheme:dark/,
    );
  });

  it('uses the configured mount element', () => {
    const $ = cheerio.load(build({ mountElementId: 'root' }));
    expect($('#root .agler-sk-layout').length).toBe(1);
  });
});
