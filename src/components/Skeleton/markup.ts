import defaultSettings from '../../defaultSettings';
import { SKELETON_TEXTS } from './texts';

/**
 * The loading skeletons as plain HTML, shared by index.html and src/loading.tsx so nothing moves
 * when React takes over; no imports through Umi's aliases, since the build reads this file in Node.
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
  [/^\/admin(\/(interface_info|plan|user))?\/?$/, 'table'],
  [/^\/admin\/interface_analysis\/?$/, 'charts'],
];

export function skeletonKindFor(pathname: string): SkeletonKind {
  return ROUTE_SKELETONS.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'page';
}

/** The attribute on <html> that index.html's script sets to the address's skeleton kind. */
export const SKELETON_ATTRIBUTE = 'data-agler-skeleton';

export const CONTENT_KINDS: readonly ContentKind[] = ['catalogue', 'detail', 'table', 'charts', 'page'];

/** A grey placeholder bar; `sizes` are agler-sk-* size classes (w40, h20, ...). */
const bar = (...sizes: string[]) =>
  `<span class="agler-sk-bar${sizes.map((s) => ` agler-sk-${s}`).join('')}"></span>`;
const repeat = (n: number, html: string) => html.repeat(n);
const card = (inner: string, extra = '') => `<div class="agler-sk-card${extra}">${inner}</div>`;
const row = (inner: string) => `<div class="agler-sk-row">${inner}</div>`;
const pageHead = `<div class="agler-sk-pagehead">${bar('inline', 'px80', 'h24')}${bar('inline', 'w30')}</div>`;

export const CONTENT: Record<ContentKind, string> = {
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

export const LOADING_HTML = `<span class="agler-sk-sr">${SKELETON_TEXTS.loading}</span>`;

/** A page's own skeleton, as the layout's content area shows it while the page loads. */
export function contentSkeletonHtml(kind: ContentKind): string {
  return `${LOADING_HTML}<div class="agler-sk-page">${CONTENT[kind]}</div>`;
}

/** The side menu's two entries, as the layout's skeleton draws them and the sider shows until the page is drawn. */
export const MENU_HTML = repeat(2, `<span class="agler-sk-menu">${bar('w60')}</span>`);

export function layoutFrame(content: string): string {
  const { logo = '/logo.svg', title = '' } = defaultSettings;
  return (
    `<div class="agler-sk-layout"><div class="agler-sk-header"><img src="${logo}" alt=""><span class="agler-sk-brand">${title}</span>` +
    `${bar('px200', 'h24')}${bar('round')}${bar('px80')}</div>` +
    `<div class="agler-sk-body"><div class="agler-sk-sider">${MENU_HTML}</div>` +
    `<div class="agler-sk-main">${content}</div></div></div>`
  );
}

export function loginFrame(): string {
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
  if (kind === 'login') return `${LOADING_HTML}${loginFrame()}`;
  return `${LOADING_HTML}${layoutFrame(`<div class="agler-sk-page">${CONTENT[kind]}</div>`)}`;
}
