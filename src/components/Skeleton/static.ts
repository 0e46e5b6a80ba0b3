import {
  CONTENT,
  CONTENT_KINDS,
  layoutFrame,
  LOADING_HTML,
  loginFrame,
  ROUTE_SKELETONS,
  SKELETON_ATTRIBUTE,
} from './markup';
import { THEME_ATTRIBUTE } from '../../utils/theme';

/**
 * What only index.html needs of the skeletons (config/plugins/skeleton.ts): their stylesheet,
 * the script that picks the address's skeleton, and the markup of every kind. Kept apart from
 * ./markup.ts so the app's entry chunk carries none of it.
 */

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

/*
 * antd's default and dark-algorithm tokens written out, since no script has run yet to read the
 * theme; the dark ones also apply to a dark system when index.html's theme script has not run.
 */
const DARK_VARS =
  'color-scheme:dark;background:#000;--sk-bg:#000;--sk-card:#141414;--sk-fill:rgba(255,255,255,.12);--sk-fill-2:rgba(255,255,255,.08);--sk-line:#303030;--sk-border:#424242;--sk-shine:rgba(255,255,255,.06);--sk-text:rgba(255,255,255,.85)';
/**
 * The order of antd's cascade layers (src/components/ThemeSwitch/ThemeProvider.tsx puts antd's
 * styles in them): ProComponents' over antd's, as they are written to be, whichever of them a page
 * happens to insert first. The app's own stylesheets, outside any layer, win over both.
 */
export const ANTD_LAYERS = '@layer antd,antd-pro;';

/**
 * How long a skeleton stays still before its bars shimmer: the shimmer repaints on the thread that
 * is building the page and slows it, and a page that comes quickly needs nothing to say it is coming.
 */
export const SHIMMER_DELAY_MS = 1000;

export const skeletonCss = (): string =>
  `
${ANTD_LAYERS}
:root{--sk-bg:#f5f5f5;--sk-card:#fff;--sk-fill:rgba(0,0,0,.06);--sk-fill-2:rgba(0,0,0,.04);--sk-line:rgba(5,5,5,.06);--sk-border:#d9d9d9;--sk-shine:rgba(0,0,0,.04);--sk-text:rgba(0,0,0,.88)}
html[${THEME_ATTRIBUTE}=dark]{${DARK_VARS}}
@media (prefers-color-scheme:dark){html:not([${THEME_ATTRIBUTE}=light]){${DARK_VARS}}}
html[${THEME_ATTRIBUTE}=dark] body{background:#000}
.agler-sk{box-sizing:border-box;color:var(--sk-text);font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans','PingFang SC','Microsoft YaHei','WenQuanYi Zen Hei',sans-serif}
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
.agler-sk-menus{padding:0 4px}
.agler-sk-main{flex:1;min-width:0;padding:24px 40px}
.agler-sk-page{max-width:1200px;margin:0 auto}
.agler-sk-bar{display:block;height:16px;border-radius:4px;background:var(--sk-fill);background-image:linear-gradient(90deg,transparent 25%,var(--sk-shine) 37%,transparent 63%);background-size:400% 100%;animation:agler-sk-shine 1.4s ease ${SHIMMER_DELAY_MS}ms infinite}
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
.agler-sk-input{height:40px;border:1px solid var(--sk-border);border-radius:8px;background:var(--sk-card);margin-bottom:24px}
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

/**
 * What index.html holds inside the mount element: every kind, of which the stylesheet shows the
 * one the inline script chose (the layout's generic page when it did not run). React removes it
 * when it first renders into the element.
 */
export function staticSkeletonHtml(): string {
  const contents = CONTENT_KINDS.map(
    (kind) => `<div class="agler-sk-page" data-kind="${kind}">${CONTENT[kind]}</div>`,
  ).join('');
  return `<div class="agler-sk agler-sk-static" aria-busy="true">${LOADING_HTML}${loginFrame()}${layoutFrame(contents)}</div>`;
}
