export * from '@agler/contract/constants';

export const LOGIN_PATH = '/user/login';
export const REGISTER_PATH = '/user/register';
/** Pages that need no session: logging in and making an account. */
export const PUBLIC_PATHS: readonly string[] = [LOGIN_PATH, REGISTER_PATH];
export const ACCOUNT_CENTER_PATH = '/account/center';
export const ACCOUNT_USAGE_PATH = '/account/usage';
export const HOME_PATH = '/';
export const REDIRECT_PARAM = 'redirect';
/** The header search box sends its text to the catalogue under this query key. */
export const SEARCH_PARAM = 'searchText';
