import type { IApi } from '@umijs/max';

/**
 * Turns off Umi's route preloading. At page load it fetches the chunks of the
 * route in the address bar before the app knows whether there is a session, so
 * `/` opened logged out would download the layout and the home page only to be
 * sent to login. Each page's chunks load when the router renders it instead.
 */
export default (api: IApi) => {
  api.skipPlugins(['routePreloadOnLoad']);
};
