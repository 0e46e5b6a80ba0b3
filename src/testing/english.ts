import type { startLanguage } from '@/locales';

/**
 * The English chunk for startLanguage in jest, which runs no dynamic import(): required as it is.
 * `beforeAll(() => startLanguage('en-US', loadEnglish))` starts a test file's page in English.
 */
export const loadEnglish: NonNullable<Parameters<typeof startLanguage>[1]> = () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  Promise.resolve(require('@/locales/en'));
