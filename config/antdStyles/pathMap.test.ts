import { isThemeScoped, pathMapRule, readPathMap } from './pathMap';

// As cssinjs's extractStyle ends its text: the styles, then the path map.
const EXTRACTED =
  ':where(.css-dpucwk).ant-btn{color:red;}' +
  '.data-ant-cssinjs-cache-path{content:"1ym1t4u|layer|Button-Button|ant-btn|anticon:1rybl6k;' +
  'efxatu|layer|ProLayout:9ifsk0;1g3r1lh|layer|ant-design-icons|anticon:1x8ooi5";}';

describe('antd’s path map', () => {
  it('reads each path and its style id', () => {
    expect(readPathMap(EXTRACTED)).toEqual([
      { path: '1ym1t4u|layer|Button-Button|ant-btn|anticon', id: '1rybl6k' },
      { path: 'efxatu|layer|ProLayout', id: '9ifsk0' },
      { path: '1g3r1lh|layer|ant-design-icons|anticon', id: '1x8ooi5' },
    ]);
  });

  it('has nothing to read where antd inserted no style', () => {
    expect(readPathMap(':where(.css-dpucwk).ant-btn{color:red;}')).toBeUndefined();
    expect(readPathMap('.data-ant-cssinjs-cache-path{content:"";}')).toBeUndefined();
  });

  it('writes the rule back as antd reads it', () => {
    const entries = readPathMap(EXTRACTED)!;
    expect(pathMapRule(entries)).toBe(EXTRACTED.slice(EXTRACTED.indexOf('.data-ant')));
    expect(readPathMap(pathMapRule(entries.slice(1)))).toEqual(entries.slice(1));
  });
});

describe('isThemeScoped: what goes in the file', () => {
  it.each([
    '1ym1t4u|layer|Button-Button|ant-btn|anticon',
    '1ym1t4u|layer|Shared|ant',
    '1g3r1lh|layer|ant-design-icons|anticon',
    'tql742|layer|Skeleton-Skeleton|ant-skeleton|anticon',
  ])('antd’s components, under their theme’s hash: %s', (path) => {
    expect(isThemeScoped(path)).toBe(true);
  });

  it.each([
    'efxatu|layer|ProLayout',
    'efxatu|layer|ProLayoutSiderMenu',
    'efxatu|layer|SiderMenuCollapsedIcon',
  ])('not ProComponents’, written for every theme: %s', (path) => {
    expect(isThemeScoped(path)).toBe(false);
  });
});
