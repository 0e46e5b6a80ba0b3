import { formatNumber, localized } from '@/locales';

/** How a rate limit is written wherever the console shows one (the interface page, the quota drawer, the code samples). */
export const RATE_LIMIT_TEXTS = localized('rateLimit', {
  limited: (limit: number, burst: number) => `每秒 ${formatNumber(limit)} 次，突发 ${formatNumber(burst)} 次`,
  none: '不限速率',
  /** A line of the code samples: plain digits, as code is read. */
  sampleComment: (limit: number, burst: number) =>
    `速率限制：每秒 ${limit} 次，突发 ${burst} 次；超过时返回 429，Retry-After 头给出需等待的秒数`,
  sampleNone: '不限速率；若之后设置了速率限制，超过时返回 429，Retry-After 头给出需等待的秒数',
});

/** A rate limit in words: "每秒 10 次，突发 20 次", or "不限速率". */
export function rateLimitText(limits: { rateLimit?: number; rateBurst?: number }): string {
  const limit = limits.rateLimit ?? 0;
  return limit > 0 ? RATE_LIMIT_TEXTS.limited(limit, limits.rateBurst || limit) : RATE_LIMIT_TEXTS.none;
}

/** The code samples' comment line about the rate limit. */
export function rateLimitComment(limits: { rateLimit?: number; rateBurst?: number }): string {
  const limit = limits.rateLimit ?? 0;
  return limit > 0
    ? RATE_LIMIT_TEXTS.sampleComment(limit, limits.rateBurst || limit)
    : RATE_LIMIT_TEXTS.sampleNone;
}
