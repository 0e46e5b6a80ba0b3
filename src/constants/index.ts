export * from '@agler/contract/constants';

export const LOGIN_PATH = '/user/login';
export const HOME_PATH = '/';
export const REDIRECT_PARAM = 'redirect';
/** The header search box sends its text to the catalogue under this query key. */
export const SEARCH_PARAM = 'searchText';
