/**
 * 上游设置's chunk, fetched when an admin opens the section: the page and its drawer load without it.
 * A module of its own so that jest, which runs no dynamic import(), can hand the module over as it is.
 */
export const loadUpstreamSection = () =>
  import(/* webpackChunkName: "upstream-settings" */ './UpstreamSection');
