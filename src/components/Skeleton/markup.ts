import defaultSettings from '../../../config/defaultSettings';
import { SKELETON_TEXTS } from './texts';

/**
 * The loading skeletons as plain HTML and CSS, one source for two uses:
 * config/plugins/skeleton.ts writes them into index.html, where they paint
 * before any script has loaded, and src/loading.tsx renders the same markup
 * while the first data, the layout and each page's chunk load, so nothing
 * moves when React takes over. No imports through Umi's aliases: the build
 * reads this file in Node.
 */

export type ContentKind = 'catalogue' | 'detail' | 'table' | 'charts' | 'page';
export type SkeletonKind = 'login' | ContentKind;

/**
 * Which skeleton a path shows, the first match winning, 'page' otherwise.
 * Plain regular expressions: index.html's inline script uses them as well.
 */
export const ROUTE_SKELETONS: readonly (readonly [RegExp, SkeletonKind])[] = [
  [/^\/user(\/(login|register))?\/?$/, 'login'],
  [/^\/$/, 'catalogue'],
  [/^\/interface_info\/[^/]+\/?$/, 'detail'],
  [/^\/admin(\/(interface_info|user))?\/?$/, 'table'],
  [/^\/admin\/interface_analysis\/?$/, 'charts'],
];

export function skeletonKindFor(pathname: string): SkeletonKind {
  return ROUTE_SKELETONS.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'page';
}

/** The attribute on <html> that index.html's script sets to the address's skeleton kind. */
export const SKELETON_ATTRIBUTE = 'data-agler-skeleton';

/**
 * index.html's one inline script (allowed by the server's Content-Security-Policy by its hash,
 * like Umi's own): picks the skeleton of the address before the body is parsed. Without it the
 * layout's generic skeleton shows.
 */
export const skeletonScript = (): string =>
  `(function(){var p=location.pathname,r=[${ROUTE_SKELETONS.map(
    ([pattern, kind]) => `[${pattern},${JSON.stringify(kind)}]`,
  ).join(
    ',',
  )}];for(var i=0;i<r.length;i++){if(r[i][0].test(p)){document.documentElement.setAttribute(${JSON.stringify(
    SKELETON_ATTRIBUTE,
  )},r[i][1]);return;}}})();`;

const CONTENT_KINDS: readonly ContentKind[] = ['catalogue', 'detail', 'table', 'charts', 'page'];

/*
 * Colours are antd 5's default tokens (colorBgLayout, colorBgContainer, colorFillSecondary,
 * colorFillTertiary, colorBorderSecondary) and the layout's primary colour, written out:
 * no script has run yet to read the theme. Sizes follow ProLayout's mix layout and the login card.
 * A function, so the app's bundle (which only needs the markup) leaves it out.
 */
export const skeletonCss = (): string =>
  `
.agler-sk{--sk-bg:#f5f5f5;--sk-card:#fff;--sk-fill:rgba(0,0,0,.06);--sk-fill-2:rgba(0,0,0,.04);--sk-line:rgba(5,5,5,.06);box-sizing:border-box;color:rgba(0,0,0,.88);font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans','PingFang SC','Microsoft YaHei','WenQuanYi Zen Hei',sans-serif}
.agler-sk *,.agler-sk *::before{box-sizing:border-box}
.agler-sk-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.agler-sk-layout{display:flex;flex-direction:column;min-height:100vh;background:var(--sk-bg)}
.agler-sk-header{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;display:flex;align-items:center;gap:12px;height:56px;padding:0 16px;background:var(--sk-card);border-bottom:1px solid var(--sk-line)}
.agler-sk-header img{width:28px;height:28px}
.agler-sk-brand{font-size:18px;font-weight:600;margin-right:auto}
.agler-sk-body{display:flex;flex:1}
.agler-sk-sider{flex:0 0 200px;padding:4px 12px;border-right:1px solid var(--sk-line)}
.agler-sk-menu{display:block;height:40px;margin:4px 0;border-radius:8px;padding:12px 16px}
.agler-sk-menu:first-child{background:var(--sk-fill-2)}
.agler-sk-main{flex:1;min-width:0;padding:24px 40px}
.agler-sk-page{max-width:1200px;margin:0 auto}
.agler-sk-bar{display:block;height:16px;border-radius:4px;background:var(--sk-fill);background-image:linear-gradient(90deg,rgba(0,0,0,0) 25%,rgba(0,0,0,.04) 37%,rgba(0,0,0,0) 63%);background-size:400% 100%;animation:agler-sk-shine 1.4s ease infinite}
.agler-sk-inline{display:inline-block;vertical-align:middle}
.agler-sk-pagehead{display:flex;align-items:center;gap:16px;height:32px;margin-bottom:16px}
.agler-sk-card{background:var(--sk-card);border-radius:8px;padding:24px;margin-bottom:24px}
.agler-sk-card>*+*{margin-top:14px}
.agler-sk-row{display:flex;gap:16px;align-items:center}
.agler-sk-row+.agler-sk-row{margin-top:16px}
.agler-sk-grid{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:20px}
.agler-sk-grid>.agler-sk-card{margin:0}
.agler-sk-grid+.agler-sk-grid{margin-top:20px}
.agler-sk-grid-2{grid-template-columns:repeat(2,minmax(0,1fr))}
.agler-sk-grid-4{grid-template-columns:repeat(4,minmax(0,1fr))}
.agler-sk-table .agler-sk-row{height:38px;border-bottom:1px solid var(--sk-line);margin:0}
.agler-sk-table .agler-sk-row:first-of-type{background:var(--sk-fill-2)}
.agler-sk-login{display:flex;flex-direction:column;min-height:100vh;background:var(--sk-bg)}
.agler-sk-login-main{display:flex;flex:1;align-items:center;justify-content:center;padding:32px 16px}
.agler-sk-login-card{width:100%;max-width:380px;padding:32px 32px 35px;background:var(--sk-card);border-radius:8px;box-shadow:0 1px 2px 0 rgba(0,0,0,.03),0 1px 6px -1px rgba(0,0,0,.02),0 2px 4px 0 rgba(0,0,0,.02)}
.agler-sk-login-head{text-align:center;margin-bottom:28px}
.agler-sk-login-head img{width:44px;height:44px;margin-right:12px;vertical-align:middle}
.agler-sk-login-title{display:inline-block;margin:0;font-size:30px;font-weight:600;vertical-align:middle;line-height:1.35}
.agler-sk-login-head .agler-sk-bar{margin:16px auto 0}
.agler-sk-label{margin:22px 0 19px}
.agler-sk-input{height:40px;border:1px solid #d9d9d9;border-radius:8px;background:var(--sk-card);margin-bottom:24px}
.agler-sk-button{height:40px;border-radius:8px;background:#1890ff;opacity:.45;margin-bottom:24px}
.agler-sk-foot{padding:24px 0;display:flex;justify-content:center}
.agler-sk-w5{width:5%}.agler-sk-w10{width:10%}.agler-sk-w15{width:15%}.agler-sk-w20{width:20%}.agler-sk-w25{width:25%}.agler-sk-w30{width:30%}.agler-sk-w40{width:40%}.agler-sk-w50{width:50%}.agler-sk-w60{width:60%}.agler-sk-w70{width:70%}.agler-sk-w80{width:80%}.agler-sk-w100{width:100%}
.agler-sk-px80{width:80px}.agler-sk-px200{width:200px}
.agler-sk-h12{height:12px}.agler-sk-h20{height:20px}.agler-sk-h24{height:24px}.agler-sk-h32{height:32px}.agler-sk-h160{height:160px}.agler-sk-h240{height:240px}
.agler-sk-round{width:24px;height:24px;border-radius:50%}
.agler-sk-grow{flex:1}
.agler-sk-static .agler-sk-login{display:none}
.agler-sk-static [data-kind]{display:none}
.agler-sk-static [data-kind=page]{display:block}
html[${SKELETON_ATTRIBUTE}=login] .agler-sk-static .agler-sk-login{display:flex}
html[${SKELETON_ATTRIBUTE}=login] .agler-sk-static .agler-sk-layout{display:none}
${CONTENT_KINDS.filter((kind) => kind !== 'page')
  .map(
    (kind) =>
      `html[${SKELETON_ATTRIBUTE}=${kind}] .agler-sk-static [data-kind=page]{display:none}html[${SKELETON_ATTRIBUTE}=${kind}] .agler-sk-static [data-kind=${kind}]{display:block}`,
  )
  .join('\n')}
@keyframes agler-sk-shine{0%{background-position:100% 50%}to{background-position:0 50%}}
@media (prefers-reduced-motion:reduce){.agler-sk-bar{animation:none}}
@media (max-width:768px){.agler-sk-sider{display:none}.agler-sk-main{padding:16px}.agler-sk-grid{grid-template-columns:minmax(0,1fr)}}
`
    .trim()
    .replace(/\n/g, '');

/** A grey placeholder bar; `sizes` are agler-sk-* size classes (w40, h20, ...). */
const bar = (...sizes: string[]) =>
  `<span class="agler-sk-bar${sizes.map((s) => ` agler-sk-${s}`).join('')}"></span>`;
const repeat = (n: number, html: string) => html.repeat(n);
const card = (inner: string, extra = '') => `<div class="agler-sk-card${extra}">${inner}</div>`;
const row = (inner: string) => `<div class="agler-sk-row">${inner}</div>`;
const pageHead = `<div class="agler-sk-pagehead">${bar('inline', 'px80', 'h24')}${bar('inline', 'w30')}</div>`;

const CONTENT: Record<ContentKind, string> = {
  // 主页: the search bar, then the catalogue's cards.
  catalogue:
    pageHead +
    card(
      row(bar('w40', 'h32') + bar('w40', 'h32') + bar('grow', 'h32')) +
        `<div class="agler-sk-row">${bar('w10')}</div>`,
    ) +
    `<div class="agler-sk-grid">${repeat(
      6,
      card(bar('px80', 'h20') + bar('w50', 'h20') + bar('w100') + bar('w70') + bar('w80', 'h24')),
    )}</div>`,
  // 查看接口: the documentation's fields, then the call section.
  detail:
    pageHead +
    card(bar('w20', 'h20') + repeat(4, row(bar('w10') + bar('w30') + bar('w10') + bar('w30')))) +
    card(bar('w20', 'h20') + bar('w100', 'h160')),
  // 接口管理, 用户管理: the search form, then the table.
  table:
    pageHead +
    card(row(bar('w10') + bar('w20', 'h32') + bar('w10') + bar('w20', 'h32') + bar('grow', 'h32'))) +
    card(
      row(bar('w15', 'h20') + `<span class="agler-sk-grow"></span>` + bar('w10', 'h32')) +
        `<div class="agler-sk-table">${repeat(9, row(bar('w5') + bar('w20') + bar('w30') + bar('w10') + bar('w15')))}</div>`,
    ),
  // 接口分析: the figures, then the charts.
  charts:
    pageHead +
    card(row(bar('w30', 'h32') + `<span class="agler-sk-grow"></span>` + bar('w20', 'h32'))) +
    `<div class="agler-sk-grid agler-sk-grid-4">${repeat(4, card(bar('w50', 'h12') + bar('w70', 'h32')))}</div>` +
    `<div class="agler-sk-grid agler-sk-grid-2">${repeat(2, card(bar('w30', 'h20') + bar('w100', 'h240')))}</div>`,
  page:
    pageHead +
    card(bar('w20', 'h20') + bar('w100') + bar('w80') + bar('w60')) +
    card(bar('w20', 'h20') + bar('w100') + bar('w70')),
};

const loading = `<span class="agler-sk-sr">${SKELETON_TEXTS.loading}</span>`;

/** A page's own skeleton, as the layout's content area shows it while the page loads. */
export function contentSkeletonHtml(kind: ContentKind): string {
  return `${loading}<div class="agler-sk-page">${CONTENT[kind]}</div>`;
}

function layoutFrame(content: string): string {
  const { logo = '/logo.svg', title = '' } = defaultSettings;
  return (
    `<div class="agler-sk-layout"><div class="agler-sk-header"><img src="${logo}" alt=""><span class="agler-sk-brand">${title}</span>` +
    `${bar('px200', 'h24')}${bar('round')}${bar('px80')}</div>` +
    `<div class="agler-sk-body"><div class="agler-sk-sider">${repeat(2, `<span class="agler-sk-menu">${bar('w60')}</span>`)}</div>` +
    `<div class="agler-sk-main">${content}</div></div></div>`
  );
}

function loginFrame(): string {
  const { logo = '/logo.svg', title = '' } = defaultSettings;
  const field = `<div class="agler-sk-label">${bar('w15')}</div><div class="agler-sk-input"></div>`;
  return (
    `<div class="agler-sk-login"><div class="agler-sk-login-main"><div class="agler-sk-login-card">` +
    `<div class="agler-sk-login-head"><img src="${logo}" alt=""><span class="agler-sk-login-title">${title}</span>${bar('w70')}</div>` +
    `${field}${field}<div class="agler-sk-button"></div>${bar('w40')}</div></div>` +
    `<div class="agler-sk-foot">${bar('px200')}</div></div>`
  );
}

/** The whole window's skeleton for one kind: the login card, or the layout around a page's skeleton. */
export function appSkeletonHtml(kind: SkeletonKind): string {
  if (kind === 'login') return `${loading}${loginFrame()}`;
  return `${loading}${layoutFrame(`<div class="agler-sk-page">${CONTENT[kind]}</div>`)}`;
}

/**
 * What index.html holds inside the mount element: every kind, of which the stylesheet shows the
 * one the inline script chose (the layout's generic page when it did not run). React removes it
 * when it first renders into the element.
 */
export function staticSkeletonHtml(): string {
  const contents = CONTENT_KINDS.map(
    (kind) => `<div class="agler-sk-page" data-kind="${kind}">${CONTENT[kind]}</div>`,
  ).join('');
  return `<div class="agler-sk agler-sk-static" aria-busy="true">${loading}${loginFrame()}${layoutFrame(contents)}</div>`;
}
