import type { IApi } from '@umijs/max';

/**
 * Umi's route preloading fetches, at page load, the chunks of the route in the address bar before
 * the app knows whether there is a session: `/` opened logged out would download the layout and
 * the home page only to be sent to the login page. It is turned off.
 */
export default (api: IApi) => {
  api.skipPlugins(['routePreloadOnLoad']);
};
