import type { IApi } from '@umijs/max';
import { skeletonCss, skeletonScript, staticSkeletonHtml } from '../../src/components/Skeleton/static';
import { langScript } from '../../src/locales/lang';
import { themeScript } from '../../src/utils/theme';

/**
 * The static loading skeleton: index.html paints the layout (or, at /user/login and
 * /user/register, the login card) before any script has loaded. Its style and the script that
 * picks the address's skeleton go before the stylesheets: an inline script after a pending
 * stylesheet would wait for it. The markup sits inside the mount element, which React empties
 * when it first renders (src/loading.tsx then shows the same skeleton until the page is there).
 * A first script marks the page light or dark (the stored choice, else the system's), so a dark
 * page paints dark from the start, and gives <html> the chosen language. Inline styles and hashed inline scripts fit the server's
 * Content-Security-Policy.
 */
export default (api: IApi) => {
  api.modifyHTML(($) => {
    const head = `<style>${skeletonCss()}</style><script>${themeScript()}${langScript()}</script><script>${skeletonScript()}</script>`;
    const firstLink = $('head link[rel="stylesheet"], head script').first();
    if (firstLink.length) firstLink.before(head);
    else $('head').append(head);
    $(`#${api.config.mountElementId || 'root'}`).html(staticSkeletonHtml());
    return $;
  });
};
