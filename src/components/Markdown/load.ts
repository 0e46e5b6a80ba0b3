/**
 * The renderer's chunk (micromark and DOMPurify), fetched when a description first holds Markdown
 * or HTML: plain descriptions never download it. A module of its own so that jest, which runs no
 * dynamic import(), can hand the module over as it is.
 */
export const loadRenderer = () => import(/* webpackChunkName: "markdown" */ './render');
