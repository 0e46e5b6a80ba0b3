import type { IApi } from '@umijs/max';
import { skeletonCss, skeletonScript, staticSkeletonHtml } from '../../src/components/Skeleton/static';
import { langScript } from '../../src/locales/lang';
import { themeScript } from '../../src/utils/theme';

/**
 * The static loading skeleton, so index.html paints the page's shape, in its theme and language,
 * before any script has loaded. Its style and scripts go before the stylesheets, since an inline
 * script after a pending stylesheet would wait for it.
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
