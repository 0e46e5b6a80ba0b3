import type { IApi } from '@umijs/max';
import { skeletonCss, skeletonScript, staticSkeletonHtml } from '../../src/components/Skeleton/static';

/**
 * The static loading skeleton: index.html paints the layout (or, at /user/login and
 * /user/register, the login card) before any script has loaded. Its style and the script that
 * picks the address's skeleton go before the stylesheets: an inline script after a pending
 * stylesheet would wait for it. The markup sits inside the mount element, which React empties
 * when it first renders (src/loading.tsx then shows the same skeleton until the page is there).
 * Inline styles and a hashed inline script fit the server's Content-Security-Policy.
 */
export default (api: IApi) => {
  api.modifyHTML(($) => {
    const head = `<style>${skeletonCss()}</style><script>${skeletonScript()}</script>`;
    const firstLink = $('head link[rel="stylesheet"], head script').first();
    if (firstLink.length) firstLink.before(head);
    else $('head').append(head);
    $(`#${api.config.mountElementId || 'root'}`).html(staticSkeletonHtml());
    return $;
  });
};
