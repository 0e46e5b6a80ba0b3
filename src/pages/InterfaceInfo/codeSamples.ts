import { rateLimitComment } from '@/utils/rateLimit';
import { SAMPLE_TEXTS } from './texts';

/**
 * Code samples that call an interface the way this console does: through
 * the platform's `POST /api/interfaceInfo/invoke`, which checks the caller's
 * session and forwards the parameters. The interface's own URL is not called
 * directly: it is the platform, not the caller, that talks to it.
 */

export const INVOKE_PATH = '/api/interfaceInfo/invoke';

export type SampleInput = {
  /** Where the API is served: the console's origin, or the configured API base URL. */
  baseUrl: string;
  /** The interface id, exactly as received. */
  id: string;
  /** The call's parameters as JSON text; empty means none. */
  paramsText: string;
  /** The interface's rate limit (calls per second, 0 or absent: none) and burst, told in a comment. */
  rateLimit?: number;
  rateBurst?: number;
};

export function invokeUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${INVOKE_PATH}`;
}

/** The parameters compacted (as they travel), or the text as it is when it is not JSON. */
function compactParams(paramsText: string): string {
  const text = paramsText.trim();
  if (!text) return '{}';
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/** A text inside single quotes for a POSIX shell. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The request body of an invoke call, as JSON text. */
export function invokeBody({ id, paramsText }: Pick<SampleInput, 'id' | 'paramsText'>): string {
  return JSON.stringify({ id, userRequestParams: compactParams(paramsText) });
}

export function curlSample(input: SampleInput): string {
  return [
    SAMPLE_TEXTS.curlComment,
    `# ${rateLimitComment(input)}`,
    `curl -X POST ${shellQuote(invokeUrl(input.baseUrl))} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H ${shellQuote(`Cookie: ${SAMPLE_TEXTS.cookiePlaceholder}`)} \\`,
    `  --data-raw ${shellQuote(invokeBody(input))}`,
  ].join('\n');
}

/**
 * The `userRequestParams` value as JavaScript: JSON.stringify of the object
 * (pretty JSON is a valid expression), or the text as a string when it is not JSON.
 */
function paramsExpression(paramsText: string, indent: string): string {
  const text = paramsText.trim();
  let value: unknown = {};
  if (text) {
    try {
      value = JSON.parse(text);
    } catch {
      return JSON.stringify(text);
    }
  }
  return `JSON.stringify(${JSON.stringify(value, null, 2).split('\n').join(`\n${indent}`)})`;
}

export function fetchSample(input: SampleInput): string {
  return [
    SAMPLE_TEXTS.fetchComment,
    `// ${rateLimitComment(input)}`,
    `const res = await fetch(${JSON.stringify(invokeUrl(input.baseUrl))}, {`,
    `  method: "POST",`,
    `  credentials: "include",`,
    `  headers: { "Content-Type": "application/json" },`,
    `  body: JSON.stringify({`,
    `    id: ${JSON.stringify(input.id)},`,
    `    userRequestParams: ${paramsExpression(input.paramsText, '    ')},`,
    `  }),`,
    `});`,
    `const { code, data, message } = await res.json();`,
    `if (code !== 0) throw new Error(message);`,
    `console.log(data);`,
  ].join('\n');
}
