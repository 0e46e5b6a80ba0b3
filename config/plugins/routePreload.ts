import type { IApi } from '@umijs/max';

/** The chunk group of the login page (Umi names it after the page's path). */
const LOGIN_CHUNK = 'p__User__Login__index';
const LOGIN_PATH = '/user/login';

/**
 * Route preloading, login page only.
 *
 * Umi's own preloading fetches, at page load, the chunks of the route in the
 * address bar before the app knows whether there is a session: `/` opened
 * logged out would download the layout and the home page only to be sent to
 * login. It is turned off. The login page, though, is the one page whose
 * chunks are always needed when it is opened directly, so the HTML starts
 * fetching them alongside the entry chunk instead of after it has run.
 */
export default (api: IApi) => {
  api.skipPlugins(['routePreloadOnLoad']);

  let loginFiles: string[] = [];
  api.onBuildComplete(({ err, stats }) => {
    if (err || !stats || stats.hasErrors()) return;
    const { namedChunkGroups = {} } = stats.toJson({ all: false, chunkGroups: true });
    const assets = namedChunkGroups[LOGIN_CHUNK]?.assets ?? [];
    loginFiles = assets.map((asset) => asset.name).filter((name) => /\.(js|css)$/.test(name));
  });

  api.addHTMLHeadScripts(() => {
    if (api.name !== 'build' || loginFiles.length === 0) return [];
    const hrefs = JSON.stringify(loginFiles.map((file) => `${api.config.publicPath ?? '/'}${file}`));
    return [
      {
        content: `(function(){if(location.pathname!==${JSON.stringify(LOGIN_PATH)})return;${hrefs}.forEach(function(h){var l=document.createElement('link');l.rel='preload';l.as=/\\.css$/.test(h)?'style':'script';l.href=h;document.head.appendChild(l);});})();`,
      },
    ];
  });
};
