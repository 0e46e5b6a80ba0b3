import type { Locale } from 'antd/es/locale';
import { DEFAULT_LANG, readLang } from './lang';
import type { Lang } from './lang';

export { LANGS, DEFAULT_LANG, readLang, setLang } from './lang';
export type { Lang } from './lang';

/**
 * The groups of texts, one per texts.ts (a page's or a component's). Each group's Chinese is the
 * code's own; its English sits beside it in texts.en.ts and is gathered in ./en, a chunk of its
 * own that only an English page downloads.
 */
export type Namespace =
  | 'request'
  | 'pwa'
  | 'rateLimit'
  | 'status'
  | 'interfaceHealth'
  | 'jsonEditor'
  | 'avatar'
  | 'loadError'
  | 'secretOnce'
  | 'headerSearch'
  | 'footer'
  | 'help'
  | 'forbidden'
  | 'notFound'
  | 'lang'
  | 'routes'
  | 'skeleton'
  | 'theme'
  | 'layout'
  | 'login'
  | 'register'
  | 'index'
  | 'view'
  | 'form'
  | 'answer'
  | 'history'
  | 'samples'
  | 'center'
  | 'keys'
  | 'adminInterface'
  | 'adminUser'
  | 'adminPlan'
  | 'analysis'
  | 'usage'
  | 'quotaRequest'
  | 'alerts'
  | 'notifications'
  | 'messages';

/**
 * The English of a group of texts: the same keys, strings for strings, and functions that take
 * the same arguments for the texts that are built from values.
 */
export type Translation<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends (...args: infer A) => infer R
      ? (...args: A) => Translation<R>
      : T extends readonly (infer U)[]
        ? readonly Translation<U>[]
        : T extends object
          ? { -readonly [K in keyof T]: Translation<T[K]> }
          : T;

/**
 * The groups of a page seldom opened or only by admins, whose English comes with the page's own
 * chunk (its texts.ts gives it to pageEnglishOf), not in ./en, which every English page downloads.
 */
export type PageNamespace = 'usage' | 'notifications' | 'adminInterface' | 'adminUser' | 'adminPlan';

export type Dictionary = { [N in Exclude<Namespace, PageNamespace>]: object };

/** The groups created so far: the texts modules of the entry chunk exist before English arrives. */
const groups = new Map<Namespace, object>();
/** The English that came with a page's chunk (PageNamespace). */
const pageEnglish = new Map<Namespace, object>();
let english: Dictionary | undefined;
let antdEnglish: Locale | undefined;
let lang: Lang = DEFAULT_LANG;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Writes the English into the Chinese object, keeping every nested object (a group's `columns`,
 * say) the same object: code that holds on to one sees its English too.
 */
function overwrite(target: object, source: object | undefined) {
  if (!source) return;
  const into = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    if (isPlainObject(value) && isPlainObject(into[key])) overwrite(into[key] as object, value);
    else into[key] = value;
  }
}

const englishOf = (namespace: Namespace): object | undefined =>
  english?.[namespace as Exclude<Namespace, PageNamespace>] ?? pageEnglish.get(namespace);

/**
 * A PageNamespace's English, which its texts.ts imports and gives here before its `localized`:
 * used only once the page is in English.
 */
export function pageEnglishOf(namespace: PageNamespace, translation: object): void {
  pageEnglish.set(namespace, translation);
}

/**
 * A group of texts in the page's language: the Chinese given here, overwritten in place with the
 * group's English once that is loaded (startLanguage runs before the first render, and page chunks
 * that load later find it there already). Read the texts where they are used, not into constants
 * at a module's top, so that the English reaches them.
 */
export function localized<T extends object>(namespace: Namespace, chinese: T): T {
  groups.set(namespace, chinese);
  if (english) overwrite(chinese, englishOf(namespace));
  return chinese;
}

/**
 * Loads the chosen language before the app first renders: nothing for Chinese, the English chunk
 * otherwise. When that chunk cannot be loaded the page stays Chinese, marked so.
 */
type EnglishChunk = { default: { texts: Dictionary; antd: Locale } };
const loadEnglish = (): Promise<EnglishChunk> => import(/* webpackChunkName: "lang-en-US" */ './en');

export async function startLanguage(chosen: Lang = readLang(), load = loadEnglish): Promise<Lang> {
  if (chosen === DEFAULT_LANG) return (lang = DEFAULT_LANG);
  try {
    const loaded = await load();
    english = loaded.default.texts;
    antdEnglish = loaded.default.antd;
    groups.forEach((chinese, namespace) => overwrite(chinese, englishOf(namespace)));
    lang = chosen;
  } catch {
    lang = DEFAULT_LANG;
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return lang;
}

/** The language the page is in (after startLanguage). */
export const currentLang = (): Lang => lang;

/** antd's (and ProComponents') own texts in English; undefined while the page is Chinese. */
export const antdLocale = (): Locale | undefined => antdEnglish;

const numberFormats = new Map<Lang, Intl.NumberFormat>();

/**
 * A count or an amount with the language's digit grouping (12,345 in both today). Whole numbers
 * are grouped here: the first Intl.NumberFormat of a page costs tens of milliseconds of its load.
 */
export function formatNumber(value: number): string {
  if (Number.isSafeInteger(value)) return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
  let format = numberFormats.get(lang);
  if (!format) numberFormats.set(lang, (format = new Intl.NumberFormat(lang)));
  return format.format(value);
}
