/** A user's keys, in a chunk of its own: fetched at the first 密钥 click, not with the page. */
export const loadUserKeys = () => import(/* webpackChunkName: "user-keys" */ './UserKeys');
