import { paramsToQuery } from '@agler/contract/requestParams';
import { canonicalQuery } from '@agler/contract/signature';
import { rateLimitComment } from '@/utils/rateLimit';
import { SAMPLE_TEXTS } from './texts';

/**
 * Programs that call an interface through the platform's gateway
 * (`/gateway/{id}`), signed with the caller's key pair as contract/signature.ts
 * defines it: curl (the signature computed in the shell with openssl), Node
 * (fetch + node:crypto) and Python (requests + hmac). Each reads the secret
 * key from the environment variable AGLER_SECRET_KEY: it is never written
 * into the sample, so a copied sample holds no secret.
 */

export const SECRET_ENV = 'AGLER_SECRET_KEY';

export type GatewaySampleInput = {
  /** Where the platform is served (origin). */
  baseUrl: string;
  /** The interface id, exactly as received. */
  id: string;
  method: string;
  /** The call's parameters as JSON text; empty means none. */
  paramsText: string;
  /** The caller's access key, when they have a pair. */
  accessKey?: string;
  /** The interface's rate limit (calls per second, 0 or absent: none) and burst, told in a comment. */
  rateLimit?: number;
  rateBurst?: number;
};

const QUERY_METHODS = new Set(['GET', 'DELETE']);

const gatewayPath = (id: string) => `/gateway/${id}`;

function parsedParams(paramsText: string): unknown {
  const text = paramsText.trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** The query parameters (GET, DELETE) as the gateway receives them, and the JSON body (others). */
function partsOf(input: GatewaySampleInput): { query: [string, string][]; body: string } {
  const params = parsedParams(input.paramsText);
  if (QUERY_METHODS.has(input.method)) return { query: [...paramsToQuery(params)], body: '' };
  return { query: [], body: JSON.stringify(params) };
}

const origin = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** A text inside single quotes for a POSIX shell. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A Python string literal. */
const pyString = (text: string) => JSON.stringify(text);

/** A JavaScript string literal in single quotes, the Node sample's own style. */
const jsString = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`;

export function gatewayCurlSample(input: GatewaySampleInput): string {
  const { query, body } = partsOf(input);
  const canonical = canonicalQuery(query);
  const lines = [
    SAMPLE_TEXTS.curlIntro(SECRET_ENV),
    `# ${rateLimitComment(input)}`,
    `ACCESS_KEY=${shellQuote(input.accessKey ?? SAMPLE_TEXTS.accessKeyPlaceholder)}`,
    `SECRET_KEY="\${${SECRET_ENV}:?${SAMPLE_TEXTS.secretMissing(SECRET_ENV)}}"`,
    `METHOD=${shellQuote(input.method)}`,
    `URL_PATH=${shellQuote(gatewayPath(input.id))}`,
    `QUERY=${shellQuote(canonical)}`,
    `BODY=${shellQuote(body)}`,
    `TIMESTAMP=$(date +%s)`,
    `NONCE=$(openssl rand -hex 16)`,
    `BODY_HASH=$(printf '%s' "$BODY" | openssl dgst -sha256 | sed 's/^.* //')`,
    `SIGN=$(printf '%s\\n%s\\n%s\\n%s\\n%s\\n%s' "$METHOD" "$URL_PATH" "$QUERY" "$TIMESTAMP" "$NONCE" "$BODY_HASH" \\`,
    `  | openssl dgst -sha256 -hmac "$SECRET_KEY" | sed 's/^.* //')`,
    `curl -sS -i -X "$METHOD" ${shellQuote(origin(input.baseUrl))}"$URL_PATH\${QUERY:+?$QUERY}" \\`,
    `  -H "accessKey: $ACCESS_KEY" -H "timestamp: $TIMESTAMP" -H "nonce: $NONCE" -H "sign: $SIGN"${body ? ' \\' : ''}`,
  ];
  if (body) lines.push(`  -H 'Content-Type: application/json' --data-raw "$BODY"`);
  return lines.join('\n');
}

export function gatewayNodeSample(input: GatewaySampleInput): string {
  const { query, body } = partsOf(input);
  return [
    SAMPLE_TEXTS.nodeIntro(SECRET_ENV),
    `// ${rateLimitComment(input)}`,
    `import { createHash, createHmac, randomBytes } from 'node:crypto';`,
    ``,
    `const ACCESS_KEY = ${JSON.stringify(input.accessKey ?? SAMPLE_TEXTS.accessKeyPlaceholder)};`,
    `const SECRET_KEY = process.env.${SECRET_ENV}; // ${SAMPLE_TEXTS.secretLocal}`,
    `const method = ${JSON.stringify(input.method)};`,
    `const url = new URL(${JSON.stringify(`${origin(input.baseUrl)}${gatewayPath(input.id)}`)});`,
    `for (const [name, value] of ${JSON.stringify(query)}) url.searchParams.append(name, value);`,
    `const body = ${JSON.stringify(body)};`,
    ``,
    SAMPLE_TEXTS.nodeSignComment,
    `const query = [...url.searchParams]`,
    `  .sort(([an, av], [bn, bv]) => Buffer.compare(Buffer.from(an), Buffer.from(bn)) || Buffer.compare(Buffer.from(av), Buffer.from(bv)))`,
    `  .map(([name, value]) => \`\${encodeURIComponent(name)}=\${encodeURIComponent(value)}\`)`,
    `  .join('&');`,
    `const timestamp = String(Math.floor(Date.now() / 1000));`,
    `const nonce = randomBytes(16).toString('hex');`,
    `const bodyHash = createHash('sha256').update(body).digest('hex');`,
    `const canonical = [method, url.pathname, query, timestamp, nonce, bodyHash].join('\\n');`,
    `const sign = createHmac('sha256', SECRET_KEY).update(canonical).digest('hex');`,
    ``,
    `const res = await fetch(url, {`,
    `  method,`,
    `  headers: { accessKey: ACCESS_KEY, timestamp, nonce, sign, ...(body ? { 'Content-Type': 'application/json' } : {}) },`,
    `  body: body || undefined,`,
    `});`,
    `console.log(res.status, ${jsString(SAMPLE_TEXTS.callsLeft)}, res.headers.get('x-quota-remaining'));`,
    `console.log(await res.text());`,
  ].join('\n');
}

export function gatewayPythonSample(input: GatewaySampleInput): string {
  const { query, body } = partsOf(input);
  const params = `[${query.map(([name, value]) => `(${pyString(name)}, ${pyString(value)})`).join(', ')}]`;
  return [
    SAMPLE_TEXTS.pythonIntro(SECRET_ENV),
    `# ${rateLimitComment(input)}`,
    `import hashlib, hmac, os, secrets, time`,
    `from urllib.parse import quote`,
    `import requests`,
    ``,
    `ACCESS_KEY = ${pyString(input.accessKey ?? SAMPLE_TEXTS.accessKeyPlaceholder)}`,
    `SECRET_KEY = os.environ["${SECRET_ENV}"]  # ${SAMPLE_TEXTS.secretLocal}`,
    `method = ${pyString(input.method)}`,
    `path = ${pyString(gatewayPath(input.id))}`,
    `params = ${params}`,
    `body = ${pyString(body)}.encode("utf-8")`,
    ``,
    SAMPLE_TEXTS.pythonSignComment,
    `enc = lambda text: quote(text, safe="-_.!~*'()")`,
    `query = "&".join(f"{enc(name)}={enc(value)}" for name, value in sorted(params))`,
    `timestamp = str(int(time.time()))`,
    `nonce = secrets.token_hex(16)`,
    `canonical = "\\n".join([method, path, query, timestamp, nonce, hashlib.sha256(body).hexdigest()])`,
    `sign = hmac.new(SECRET_KEY.encode("utf-8"), canonical.encode("utf-8"), hashlib.sha256).hexdigest()`,
    ``,
    `headers = {"accessKey": ACCESS_KEY, "timestamp": timestamp, "nonce": nonce, "sign": sign}`,
    `if body:`,
    `    headers["Content-Type"] = "application/json"`,
    `res = requests.request(method, ${pyString(origin(input.baseUrl))} + path, params=params, data=body or None, headers=headers, timeout=30)`,
    `print(res.status_code, ${pyString(SAMPLE_TEXTS.callsLeft)}, res.headers.get("X-Quota-Remaining"))`,
    `print(res.text)`,
  ].join('\n');
}
