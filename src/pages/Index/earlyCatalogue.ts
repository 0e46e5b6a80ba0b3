import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { parseQuery, toListParams } from './queryState';

/**
 * The catalogue's first page, asked for as soon as the app knows there is a session
 * (src/utils/earlyRoute.ts). The page takes it once, for the same view; an answer started more
 * than EARLY_MAX_AGE_MS before is not taken, and the page asks again.
 */
export const EARLY_MAX_AGE_MS = 10_000;

/** A view's request key: its list parameters as JSON. */
export const listKeyOf = (params: API.listInterfaceInfoByPageParams) => JSON.stringify(params);

type Answer = ReturnType<typeof listInterfaceInfoByPage>;
let early: { key: string; startedAt: number; answer: Answer } | undefined;

/** Starts the request for the view in `search` (a URL's query text). */
export function startCatalogue(search: string): void {
  const params = toListParams(parseQuery(new URLSearchParams(search)));
  const answer = listInterfaceInfoByPage(params, { skipErrorHandler: true });
  // A failure is the page's to report, when it takes the answer; one never taken is no error.
  answer.catch(() => undefined);
  early = { key: listKeyOf(params), startedAt: Date.now(), answer };
}

/** The early answer for the view `key`, once: undefined when there is none for that view, or it is too old. */
export function takeCatalogue(key: string): Answer | undefined {
  const taken = early;
  early = undefined;
  if (!taken || taken.key !== key || Date.now() - taken.startedAt > EARLY_MAX_AGE_MS) return undefined;
  return taken.answer;
}
