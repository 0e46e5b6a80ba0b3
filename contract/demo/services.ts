import { dateTimeFieldsOf } from '../dates';
import { hashText, seededRandom } from '../random';
import type { RequestParam } from '../requestParams';
import { requestParamList } from '../requestParams';
import type { InterfaceInfo } from '../types';
import type { ServiceKey } from './seedInterfaces';

/**
 * The small API services behind the demo interfaces: each seeded interface is
 * served by one of them (serviceKeyOf), so trying an interface in the console
 * gives a believable answer. Answers depend only on the parameters (and, for
 * the "random" ones, on a `seed` parameter when given), so tests can rely on them.
 */


export const DIGEST_ALGORITHMS = ['md5', 'sha1', 'sha256'] as const;
export type DigestAlgorithm = (typeof DIGEST_ALGORITHMS)[number];

/** What the services need of their platform: the hash digests that only Node's crypto offers in full (md5 included). */
export type ServiceEnv = { digest: (algorithm: DigestAlgorithm, text: string) => string };

function pick<T>(items: readonly T[], n: number): T {
  return items[n % items.length];
}

/** The HTTP status a demo service answers parameters it cannot work with (with `{ message }`). */
export const DEMO_REFUSAL_STATUS = 400;

/** A parameter the service cannot work with: answered with DEMO_REFUSAL_STATUS and this message. */
export class ParamError extends Error {}

const TYPE_TEXTS: Record<string, string> = {
  string: '字符串',
  number: '数字',
  integer: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
};

export const SERVICE_TEXTS = {
  notObject: '请求参数应为 JSON 对象',
  missing: (name: string) => `缺少必填参数 ${name}`,
  empty: (name: string) => `参数 ${name} 不能为空`,
  type: (name: string, type: string) => `参数 ${name} 应为${TYPE_TEXTS[type] ?? type}`,
  oneOf: (name: string, values: readonly string[]) => `参数 ${name} 只能是 ${values.join('、')} 之一`,
  range: (name: string, min: number, max: number) => `参数 ${name} 应在 ${min} 到 ${max} 之间`,
  tooLong: (name: string, max: number) => `参数 ${name} 不能超过 ${max} 个字符`,
  badIp: (name: string) => `参数 ${name} 不是合法的 IPv4 地址`,
  badDate: (name: string) => `参数 ${name} 应为 yyyy-MM-dd 格式的日期`,
  badPhone: (name: string) => `参数 ${name} 不是合法的手机号`,
  badUrl: (name: string) => `参数 ${name} 应为 http 或 https 地址`,
  badColor: (name: string) => `参数 ${name} 应为 #RRGGBB 或 #RGB 格式的颜色`,
  badBase64: (name: string) => `参数 ${name} 不是合法的 Base64 文本`,
  badCurrency: (name: string, values: readonly string[]) => `参数 ${name} 只支持 ${values.join('、')}`,
  badTracking: (name: string) => `参数 ${name} 应为 10 到 20 位字母或数字`,
  badIdCard: (name: string) => `参数 ${name} 应为 18 位身份证号`,
  unknownWord: (word: string) => `词典中没有收录参数 word 的值：${word}`,
} as const;

type Params = Record<string, unknown>;

function isPlainObject(value: unknown): value is Params {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    default:
      return true;
  }
}

/** Checks the call against the interface's own parameter list: required ones present, types right. */
export function checkDeclaredParams(params: Params, declared: readonly RequestParam[]) {
  for (const param of declared) {
    const value = params[param.name];
    if (value === undefined || value === null) {
      if (param.required) throw new ParamError(SERVICE_TEXTS.missing(param.name));
      continue;
    }
    if (!matchesType(value, param.type)) throw new ParamError(SERVICE_TEXTS.type(param.name, param.type));
    if (param.required && typeof value === 'string' && !value.trim()) throw new ParamError(SERVICE_TEXTS.empty(param.name));
  }
}

// Readers of one parameter, each raising a message that names it.

function text(params: Params, name: string, options: { required?: boolean; max?: number; fallback?: string } = {}): string {
  const value = params[name];
  if (value === undefined || value === null) {
    if (options.required) throw new ParamError(SERVICE_TEXTS.missing(name));
    return options.fallback ?? '';
  }
  if (typeof value !== 'string') throw new ParamError(SERVICE_TEXTS.type(name, 'string'));
  if (options.required && !value.trim()) throw new ParamError(SERVICE_TEXTS.empty(name));
  if (options.max && value.length > options.max) throw new ParamError(SERVICE_TEXTS.tooLong(name, options.max));
  return value;
}

function int(params: Params, name: string, range: { min: number; max: number; fallback?: number; required?: boolean }): number {
  const value = params[name];
  if (value === undefined || value === null) {
    if (range.required || range.fallback === undefined) throw new ParamError(SERVICE_TEXTS.missing(name));
    return range.fallback;
  }
  if (!Number.isInteger(value)) throw new ParamError(SERVICE_TEXTS.type(name, 'integer'));
  const n = value as number;
  if (n < range.min || n > range.max) throw new ParamError(SERVICE_TEXTS.range(name, range.min, range.max));
  return n;
}

function num(params: Params, name: string, range: { min: number; max: number; fallback?: number }): number {
  const value = params[name];
  if (value === undefined || value === null) {
    if (range.fallback === undefined) throw new ParamError(SERVICE_TEXTS.missing(name));
    return range.fallback;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ParamError(SERVICE_TEXTS.type(name, 'number'));
  if (value < range.min || value > range.max) throw new ParamError(SERVICE_TEXTS.range(name, range.min, range.max));
  return value;
}

function bool(params: Params, name: string, fallback: boolean): boolean {
  const value = params[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new ParamError(SERVICE_TEXTS.type(name, 'boolean'));
  return value;
}

function oneOf<T extends string>(params: Params, name: string, values: readonly T[], fallback?: T): T {
  const value = params[name];
  if (value === undefined || value === null || value === '') {
    if (fallback === undefined) throw new ParamError(SERVICE_TEXTS.missing(name));
    return fallback;
  }
  if (typeof value !== 'string' || !values.includes(value as T)) throw new ParamError(SERVICE_TEXTS.oneOf(name, values));
  return value as T;
}

/** A `seed` parameter, or a fresh one per call so that "random" services vary when none is given. */
let callCounter = 0;
function seedOf(params: Params): number {
  const value = params.seed;
  if (value === undefined || value === null) {
    callCounter += 1;
    return hashText(`call:${callCounter}:${Date.now()}`);
  }
  if (!Number.isInteger(value)) throw new ParamError(SERVICE_TEXTS.type('seed', 'integer'));
  return (value as number) >>> 0;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateParam(params: Params, name: string, fallback?: string): { text: string; ms: number } {
  const raw = text(params, name, { required: fallback === undefined, fallback });
  const m = DATE_RE.exec(raw);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== raw) throw new ParamError(SERVICE_TEXTS.badDate(name));
  return { text: raw, ms };
}

/** Today as yyyy-MM-dd in China time, the platform's time zone. */
function todayText(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** yyyy-MM-dd HH:mm:ss of an epoch time, in China time (UTC+8). */
function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

// The services.

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
const GIVEN = {
  male: ['浩然', '子轩', '宇航', '俊杰', '博文', '天佑', '明哲', '志强', '文博', '晨阳', '嘉懿', '思远'],
  female: ['欣怡', '梓涵', '诗琪', '雨桐', '可馨', '佳怡', '语嫣', '若曦', '婉清', '心悦', '静姝', '梦瑶'],
};
const EN_FIRST = {
  male: ['James', 'Oliver', 'Liam', 'Noah', 'Ethan', 'Lucas', 'Henry', 'Leo', 'Jack', 'Owen'],
  female: ['Olivia', 'Emma', 'Amelia', 'Sophia', 'Mia', 'Chloe', 'Grace', 'Lily', 'Zoe', 'Ella'],
};
const EN_LAST = ['Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson', 'Clark', 'Walker', 'Hall', 'Young', 'King'];

function randomName(params: Params) {
  const gender = oneOf(params, 'gender', ['male', 'female', 'any'] as const, 'any');
  const count = int(params, 'count', { min: 1, max: 20, fallback: 1 });
  const lang = oneOf(params, 'lang', ['zh', 'en'] as const, 'zh');
  const rand = seededRandom(seedOf(params));
  const names = Array.from({ length: count }, () => {
    const g = gender === 'any' ? (rand() < 0.5 ? 'male' : 'female') : gender;
    const name =
      lang === 'en'
        ? `${pick(EN_FIRST[g], Math.floor(rand() * 1000))} ${pick(EN_LAST, Math.floor(rand() * 1000))}`
        : `${pick(SURNAMES, Math.floor(rand() * 1000))}${pick(GIVEN[g], Math.floor(rand() * 1000))}`;
    return { name, gender: g };
  });
  return { count, names };
}

const WEATHERS = ['晴', '多云', '阴', '小雨', '阵雨', '雷阵雨', '小雪', '雾'];
const WINDS = ['北风', '东北风', '东风', '东南风', '南风', '西南风', '西风', '西北风'];
const AQI_LEVELS: [number, string][] = [
  [50, '优'],
  [100, '良'],
  [150, '轻度污染'],
  [200, '中度污染'],
  [300, '重度污染'],
];

function cityParam(params: Params) {
  return text(params, 'city', { required: true, max: 20 }).trim();
}

function weatherOf(city: string, day = 0) {
  const rand = seededRandom(hashText(`${city}#${day}`));
  const temperature = Math.round(-5 + rand() * 35);
  return {
    weather: pick(WEATHERS, Math.floor(rand() * 100)),
    temperature,
    humidity: Math.round(30 + rand() * 60),
    wind: `${pick(WINDS, Math.floor(rand() * 100))} ${1 + Math.floor(rand() * 5)} 级`,
  };
}

function aqiOf(city: string) {
  const aqi = 20 + (hashText(`aqi:${city}`) % 230);
  const level = AQI_LEVELS.find(([max]) => aqi <= max)?.[1] ?? '严重污染';
  return { aqi, quality: level };
}

function weather(params: Params) {
  const city = cityParam(params);
  const unit = oneOf(params, 'unit', ['c', 'f'] as const, 'c');
  const now = weatherOf(city);
  const temperature = unit === 'f' ? Math.round((now.temperature * 9) / 5 + 32) : now.temperature;
  return { city, ...now, temperature, unit: unit === 'f' ? '℉' : '℃', ...aqiOf(city) };
}

function weatherForecast(params: Params) {
  const city = cityParam(params);
  const days = int(params, 'days', { min: 1, max: 7, fallback: 3 });
  const start = Date.parse(`${todayText()}T00:00:00Z`);
  return {
    city,
    days: Array.from({ length: days }, (_, i) => {
      const w = weatherOf(city, i);
      const date = new Date(start + i * 86400_000);
      return {
        date: date.toISOString().slice(0, 10),
        week: WEEKDAYS[date.getUTCDay()],
        weather: w.weather,
        high: w.temperature + 4,
        low: w.temperature - 4,
        wind: w.wind,
      };
    }),
  };
}

function airQuality(params: Params) {
  const city = cityParam(params);
  const { aqi, quality } = aqiOf(city);
  const rand = seededRandom(hashText(`pm:${city}`));
  return { city, aqi, quality, pm25: Math.round(aqi * 0.6 + rand() * 10), pm10: Math.round(aqi * 0.9 + rand() * 15), primary: aqi > 50 ? 'PM2.5' : '无' };
}

const IPV4_RE = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipParam(params: Params): number[] {
  const ip = text(params, 'ip', { required: true }).trim();
  const m = IPV4_RE.exec(ip);
  const parts = m ? m.slice(1).map(Number) : [];
  if (!m || parts.some((n, i) => n > 255 || String(n) !== m[i + 1])) throw new ParamError(SERVICE_TEXTS.badIp('ip'));
  return parts;
}

/** Addresses that are nobody's place on the internet: this machine, private and shared networks, multicast and reserved (RFC 6890). */
function isPrivateIp([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    a >= 224
  );
}

const IP_PLACES = [
  { country: '中国', province: '北京', city: '北京', isp: '联通' },
  { country: '中国', province: '上海', city: '上海', isp: '电信' },
  { country: '中国', province: '广东', city: '深圳', isp: '电信' },
  { country: '中国', province: '浙江', city: '杭州', isp: '阿里云' },
  { country: '中国', province: '四川', city: '成都', isp: '移动' },
  { country: '美国', province: '弗吉尼亚', city: '阿什本', isp: 'Verizon' },
  { country: '日本', province: '东京都', city: '东京', isp: 'NTT' },
  { country: '新加坡', province: '新加坡', city: '新加坡', isp: 'Singtel' },
];

type IpPlace = (typeof IP_PLACES)[number];

/** Well-known addresses, answered as a real lookup would; any other public one gets a stable made-up place. */
const KNOWN_IPS: Record<string, IpPlace> = {
  '8.8.8.8': { country: '美国', province: '加利福尼亚', city: '山景城', isp: 'Google' },
  '8.8.4.4': { country: '美国', province: '加利福尼亚', city: '山景城', isp: 'Google' },
  '1.1.1.1': { country: '美国', province: '加利福尼亚', city: '旧金山', isp: 'Cloudflare' },
  '1.0.0.1': { country: '美国', province: '加利福尼亚', city: '旧金山', isp: 'Cloudflare' },
  '9.9.9.9': { country: '美国', province: '加利福尼亚', city: '伯克利', isp: 'Quad9' },
  '208.67.222.222': { country: '美国', province: '加利福尼亚', city: '旧金山', isp: 'Cisco OpenDNS' },
  '114.114.114.114': { country: '中国', province: '江苏', city: '南京', isp: '114DNS' },
  '114.114.115.115': { country: '中国', province: '江苏', city: '南京', isp: '114DNS' },
  '223.5.5.5': { country: '中国', province: '浙江', city: '杭州', isp: '阿里云' },
  '223.6.6.6': { country: '中国', province: '浙江', city: '杭州', isp: '阿里云' },
  '119.29.29.29': { country: '中国', province: '北京', city: '北京', isp: '腾讯云' },
  '180.76.76.76': { country: '中国', province: '北京', city: '北京', isp: '百度' },
};

function ipLookup(params: Params) {
  const parts = ipParam(params);
  const ip = parts.join('.');
  if (isPrivateIp(parts)) return { ip, country: '局域网', province: '', city: '', isp: '内网 IP' };
  return { ip, ...(KNOWN_IPS[ip] ?? pick(IP_PLACES, hashText(`ip:${parts.slice(0, 2).join('.')}`))) };
}

function ipBlacklist(params: Params) {
  const parts = ipParam(params);
  const ip = parts.join('.');
  // The well-known resolvers are on no one's blacklist.
  const blocked = !isPrivateIp(parts) && !KNOWN_IPS[ip] && hashText(`bl:${ip}`) % 5 === 0;
  return { ip, blocked, reason: blocked ? '近 24 小时内多次异常请求' : '', checkedLists: ['spamhaus', 'agler-risk'] };
}

const QUOTES = [
  { zh: '千里之行，始于足下。', en: 'A journey of a thousand miles begins with a single step.', author: '老子' },
  { zh: '学而不思则罔，思而不学则殆。', en: 'Learning without thought is labor lost; thought without learning is perilous.', author: '孔子' },
  { zh: '简单是可靠的先决条件。', en: 'Simplicity is prerequisite for reliability.', author: 'Edsger W. Dijkstra' },
  { zh: '过早优化是万恶之源。', en: 'Premature optimization is the root of all evil.', author: 'Donald Knuth' },
  { zh: '知之者不如好之者，好之者不如乐之者。', en: 'To know it is not as good as to love it; to love it is not as good as to delight in it.', author: '孔子' },
  { zh: '先让它工作，再让它正确，最后让它更快。', en: 'Make it work, make it right, make it fast.', author: 'Kent Beck' },
  { zh: '不积跬步，无以至千里。', en: 'Without small steps, there is no journey of a thousand miles.', author: '荀子' },
  { zh: '程序是写给人读的，只是顺便让机器执行。', en: 'Programs must be written for people to read, and only incidentally for machines to execute.', author: 'Harold Abelson' },
];

function quote(params: Params) {
  const date = dateParam(params, 'date', todayText());
  const lang = oneOf(params, 'lang', ['zh', 'en'] as const, 'zh');
  const q = pick(QUOTES, hashText(`quote:${date.text}`));
  return { date: date.text, content: q[lang], author: q.author };
}

const DICTIONARY: [string, string][] = [
  ['你好', 'hello'],
  ['世界', 'world'],
  ['谢谢', 'thank you'],
  ['再见', 'goodbye'],
  ['早上好', 'good morning'],
  ['晚安', 'good night'],
  ['天气', 'weather'],
  ['今天', 'today'],
  ['明天', 'tomorrow'],
  ['接口', 'interface'],
  ['开放', 'open'],
  ['平台', 'platform'],
  ['数据', 'data'],
  ['用户', 'user'],
  ['朋友', 'friend'],
  ['我', 'I'],
  ['你', 'you'],
  ['是', 'is'],
  ['爱', 'love'],
  ['学习', 'study'],
  ['编程', 'programming'],
  ['很', 'very'],
  ['好', 'good'],
  ['北京', 'Beijing'],
  ['上海', 'Shanghai'],
  ['中国', 'China'],
  ['苹果', 'apple'],
  ['猫', 'cat'],
  ['狗', 'dog'],
  ['请求', 'request'],
  ['响应', 'response'],
];
const ZH_TO_EN = new Map(DICTIONARY);
const EN_TO_ZH = new Map(DICTIONARY.map(([zh, en]) => [en.toLowerCase(), zh]));
const MAX_ZH_WORD = Math.max(...DICTIONARY.map(([zh]) => zh.length));

function translateZhToEn(source: string) {
  const out: string[] = [];
  const unknown: string[] = [];
  let i = 0;
  while (i < source.length) {
    let matched = '';
    for (let len = Math.min(MAX_ZH_WORD, source.length - i); len > 0; len -= 1) {
      const piece = source.slice(i, i + len);
      if (ZH_TO_EN.has(piece)) {
        matched = piece;
        break;
      }
    }
    if (matched) {
      out.push(ZH_TO_EN.get(matched)!);
      i += matched.length;
    } else {
      const ch = source[i];
      if (/[\u4e00-\u9fff]/.test(ch)) unknown.push(ch);
      if (/\S/.test(ch)) out.push(ch);
      i += 1;
    }
  }
  const punctuation: Record<string, string> = { '，': ',', '。': '.', '！': '!', '？': '?', '：': ':', '；': ';' };
  const joined = out.map((piece) => punctuation[piece] ?? piece).join(' ');
  return { translation: joined.replace(/ ([,.!?:;])/g, '$1'), unknown };
}

function translateEnToZh(source: string) {
  const unknown: string[] = [];
  const translation = source.replace(/[A-Za-z]+(?: you| morning| night)?/g, (word) => {
    const zh = EN_TO_ZH.get(word.toLowerCase());
    if (zh) return zh;
    const single = word.split(' ');
    return single
      .map((w) => {
        const hit = EN_TO_ZH.get(w.toLowerCase());
        if (!hit) unknown.push(w);
        return hit ?? w;
      })
      .join('');
  });
  return { translation: translation.replace(/\s+/g, ''), unknown };
}

function translate(params: Params) {
  const source = text(params, 'text', { required: true, max: 500 });
  const to = oneOf(params, 'to', ['en', 'zh'] as const);
  const from = oneOf(params, 'from', ['auto', 'zh', 'en'] as const, 'auto');
  const detected = from !== 'auto' ? from : /[\u4e00-\u9fff]/.test(source) ? 'zh' : 'en';
  if (detected === to) return { from: detected, to, text: source, translation: source, unknownWords: [] };
  const { translation, unknown } = detected === 'zh' ? translateZhToEn(source) : translateEnToZh(source);
  return { from: detected, to, text: source, translation, unknownWords: [...new Set(unknown)] };
}

const DEFINITIONS: Record<string, { phonetic: string; meanings: string[] }> = {
  api: { phonetic: '/ˌeɪ piː ˈaɪ/', meanings: ['n. 应用程序编程接口'] },
  hello: { phonetic: '/həˈloʊ/', meanings: ['int. 你好', 'n. 问候'] },
  weather: { phonetic: '/ˈweðər/', meanings: ['n. 天气', 'v. 经受住'] },
  request: { phonetic: '/rɪˈkwest/', meanings: ['n. 请求', 'v. 要求'] },
  response: { phonetic: '/rɪˈspɑːns/', meanings: ['n. 响应；回答'] },
  open: { phonetic: '/ˈoʊpən/', meanings: ['adj. 开放的', 'v. 打开'] },
  platform: { phonetic: '/ˈplætfɔːrm/', meanings: ['n. 平台'] },
  translate: { phonetic: '/trænzˈleɪt/', meanings: ['v. 翻译'] },
};

function wordDefinition(params: Params) {
  const word = text(params, 'word', { required: true, max: 50 }).trim();
  const entry = DEFINITIONS[word.toLowerCase()];
  if (!entry) throw new ParamError(SERVICE_TEXTS.unknownWord(word));
  return { word: word.toLowerCase(), ...entry };
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function htmlEscape(params: Params) {
  const source = text(params, 'text', { required: true, max: 2000 });
  const escaped = source.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch]);
  return { text: source, escaped, replaced: [...source].filter((ch) => ch in HTML_ENTITIES).length };
}

function uuid(params: Params) {
  const count = int(params, 'count', { min: 1, max: 20, fallback: 1 });
  const rand = seededRandom(seedOf(params));
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('');
  const one = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'], Math.floor(rand() * 4))}${hex(3)}-${hex(12)}`;
  return { uuids: Array.from({ length: count }, one) };
}

function timestamp(params: Params) {
  const value = params.timestamp;
  let ms: number;
  if (value === undefined || value === null) {
    throw new ParamError(SERVICE_TEXTS.missing('timestamp'));
  } else if (typeof value === 'number' && Number.isInteger(value) && value >= 0) {
    ms = value < 1e11 ? value * 1000 : value;
  } else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(value)) {
    // Read strictly (no 25:00 moved to the next day), as Beijing time.
    const f = dateTimeFieldsOf(value);
    if (!f) throw new ParamError(SERVICE_TEXTS.badDate('timestamp'));
    ms = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - 8 * 3600_000;
  } else {
    throw new ParamError('参数 timestamp 应为秒或毫秒时间戳，或 yyyy-MM-dd HH:mm:ss 格式的时间');
  }
  if (ms > 253402300799000) throw new ParamError(SERVICE_TEXTS.range('timestamp', 0, 253402300799));
  return { seconds: Math.floor(ms / 1000), milliseconds: ms, iso: new Date(ms).toISOString(), beijingTime: chinaTime(ms), week: WEEKDAYS[new Date(ms + 8 * 3600_000).getUTCDay()] };
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

function base64(params: Params) {
  const action = oneOf(params, 'action', ['encode', 'decode'] as const, 'encode');
  const source = text(params, 'text', { required: true, max: 5000 });
  if (action === 'encode') return { action, result: bytesToBase64(new TextEncoder().encode(source)) };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(source) || source.length % 4 !== 0) throw new ParamError(SERVICE_TEXTS.badBase64('text'));
  return { action, result: new TextDecoder().decode(base64ToBytes(source)) };
}

function hashDigest(params: Params, _record: InterfaceInfo, env: ServiceEnv) {
  const algorithm = oneOf(params, 'algorithm', DIGEST_ALGORITHMS, 'sha256');
  const source = text(params, 'text', { required: true, max: 10000 });
  return { algorithm, digest: env.digest(algorithm, source) };
}

const BASE62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

function shortCode(source: string): string {
  let n = hashText(source) * 64 + (hashText(`x${source}`) % 64);
  let code = '';
  for (let i = 0; i < 6; i += 1) {
    code += BASE62[n % 62];
    n = Math.floor(n / 62);
  }
  return code;
}

function shortUrl(params: Params) {
  const url = text(params, 'url', { required: true, max: 2048 }).trim();
  if (!/^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(url)) throw new ParamError(SERVICE_TEXTS.badUrl('url'));
  const code = shortCode(url);
  return { url, code, shortUrl: `https://s.agler.dev/${code}` };
}

const PHONE_PREFIXES: Record<string, { carrier: string }> = {
  '13': { carrier: '中国移动' },
  '15': { carrier: '中国移动' },
  '18': { carrier: '中国联通' },
  '17': { carrier: '中国电信' },
  '19': { carrier: '中国电信' },
  '14': { carrier: '中国联通' },
  '16': { carrier: '中国联通' },
};
const PHONE_PLACES = [
  ['北京', '北京'],
  ['上海', '上海'],
  ['广东', '广州'],
  ['浙江', '杭州'],
  ['江苏', '南京'],
  ['湖北', '武汉'],
  ['四川', '成都'],
  ['陕西', '西安'],
];

function phoneLocation(params: Params) {
  const phone = text(params, 'phone', { required: true }).trim();
  if (!/^1[3-9]\d{9}$/.test(phone)) throw new ParamError(SERVICE_TEXTS.badPhone('phone'));
  const [province, city] = pick(PHONE_PLACES, hashText(phone.slice(0, 7)));
  return { phone, province, city, carrier: PHONE_PREFIXES[phone.slice(0, 2)].carrier, areaCode: `0${10 + (hashText(city) % 80)}` };
}

/** Units of each currency per 1 CNY, a fixed table so answers are stable. */
const RATES: Record<string, number> = { CNY: 1, USD: 0.1389, EUR: 0.1282, JPY: 21.05, GBP: 0.1096, HKD: 1.0842, KRW: 191.6 };
const CURRENCIES = Object.keys(RATES);

function exchangeRate(params: Params) {
  const from = text(params, 'from', { required: true }).toUpperCase();
  const to = text(params, 'to', { required: true }).toUpperCase();
  if (!(from in RATES)) throw new ParamError(SERVICE_TEXTS.badCurrency('from', CURRENCIES));
  if (!(to in RATES)) throw new ParamError(SERVICE_TEXTS.badCurrency('to', CURRENCIES));
  const amount = num(params, 'amount', { min: 0, max: 1e12, fallback: 1 });
  const rate = RATES[to] / RATES[from];
  return { from, to, amount, rate: Number(rate.toFixed(6)), result: Number((amount * rate).toFixed(4)) };
}

function bmi(params: Params) {
  const height = num(params, 'height', { min: 50, max: 250 });
  const weight = num(params, 'weight', { min: 10, max: 300 });
  const value = Number((weight / (height / 100) ** 2).toFixed(1));
  const level = value < 18.5 ? '偏瘦' : value < 24 ? '正常' : value < 28 ? '超重' : '肥胖';
  return { height, weight, bmi: value, level };
}

function passwordStrength(params: Params) {
  const password = text(params, 'password', { required: true, max: 256 });
  const checks = {
    length: password.length >= 12,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    symbol: /[^A-Za-z0-9]/.test(password),
  };
  const score = Object.values(checks).filter(Boolean).length;
  const suggestions = [
    !checks.length && '长度至少 12 位',
    !checks.lower && '加入小写字母',
    !checks.upper && '加入大写字母',
    !checks.digit && '加入数字',
    !checks.symbol && '加入符号',
  ].filter(Boolean);
  return { score, level: score >= 5 ? '强' : score >= 3 ? '中' : '弱', suggestions };
}

const PINYIN: Record<string, string> = {
  你: 'nǐ', 好: 'hǎo', 世: 'shì', 界: 'jiè', 中: 'zhōng', 国: 'guó', 北: 'běi', 京: 'jīng', 上: 'shàng', 海: 'hǎi',
  天: 'tiān', 气: 'qì', 接: 'jiē', 口: 'kǒu', 开: 'kāi', 放: 'fàng', 平: 'píng', 台: 'tái', 数: 'shù', 据: 'jù',
  我: 'wǒ', 们: 'men', 是: 'shì', 人: 'rén', 大: 'dà', 学: 'xué', 生: 'shēng', 爱: 'ài', 家: 'jiā', 的: 'de',
};

function pinyin(params: Params) {
  const source = text(params, 'text', { required: true, max: 500 });
  const tone = bool(params, 'tone', true);
  const strip = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const syllables = [...source].map((ch) => (PINYIN[ch] ? (tone ? PINYIN[ch] : strip(PINYIN[ch])) : ch));
  return { text: source, pinyin: syllables.join(' '), unknown: [...source].filter((ch) => /[\u4e00-\u9fff]/.test(ch) && !PINYIN[ch]) };
}

/** Public holidays (and the weekend days worked in their place) of 2026 in mainland China. */
const HOLIDAYS: Record<string, string> = {
  '2026-01-01': '元旦',
  '2026-02-16': '春节',
  '2026-02-17': '春节',
  '2026-02-18': '春节',
  '2026-02-19': '春节',
  '2026-02-20': '春节',
  '2026-04-05': '清明节',
  '2026-05-01': '劳动节',
  '2026-06-19': '端午节',
  '2026-09-25': '中秋节',
  '2026-10-01': '国庆节',
  '2026-10-02': '国庆节',
  '2026-10-05': '国庆节',
};
const MAKEUP_WORKDAYS = new Set(['2026-02-14', '2026-02-28', '2026-09-27', '2026-10-10']);

function holiday(params: Params) {
  const date = dateParam(params, 'date');
  const weekday = new Date(date.ms).getUTCDay();
  const name = HOLIDAYS[date.text];
  const makeup = MAKEUP_WORKDAYS.has(date.text);
  const isOff = !!name || (!makeup && (weekday === 0 || weekday === 6));
  return { date: date.text, week: WEEKDAYS[weekday], type: name ? '节假日' : makeup ? '调休工作日' : isOff ? '周末' : '工作日', holiday: name ?? '', isOff };
}

const TRACK_STEPS = ['已揽收', '运输中，到达【杭州转运中心】', '运输中，离开【杭州转运中心】', '到达【北京顺义集散中心】', '派送中，快递员 王师傅 138****0000', '已签收，签收人：本人'];

function express(params: Params) {
  const number = text(params, 'number', { required: true }).trim().toUpperCase();
  if (!/^[A-Z0-9]{10,20}$/.test(number)) throw new ParamError(SERVICE_TEXTS.badTracking('number'));
  const h = hashText(number);
  const carrier = pick(['顺丰速运', '中通快递', '圆通速递', '京东物流', '韵达快递'], h);
  const steps = 2 + (h % (TRACK_STEPS.length - 1));
  const start = Date.UTC(2026, 0, 1 + (h % 20), 1 + (h % 8));
  const traces = TRACK_STEPS.slice(0, steps)
    .map((context, i) => ({ time: chinaTime(start + i * (5 + (h % 7)) * 3600_000), context }))
    .reverse();
  return { number, carrier, state: steps === TRACK_STEPS.length ? '已签收' : '运输中', traces };
}

function randomNumber(params: Params) {
  const min = int(params, 'min', { min: -1e9, max: 1e9, fallback: 1 });
  const max = int(params, 'max', { min: -1e9, max: 1e9, fallback: 100 });
  if (max < min) throw new ParamError('参数 max 不能小于 min');
  const count = int(params, 'count', { min: 1, max: 100, fallback: 1 });
  const rand = seededRandom(seedOf(params));
  return { min, max, numbers: Array.from({ length: count }, () => min + Math.floor(rand() * (max - min + 1))) };
}

function randomPassword(params: Params) {
  const length = int(params, 'length', { min: 8, max: 64, fallback: 16 });
  const symbols = bool(params, 'symbols', true);
  const alphabet = `abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789${symbols ? '!@#$%^&*-_' : ''}`;
  const rand = seededRandom(seedOf(params));
  return { length, password: Array.from({ length }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('') };
}

function textStats(params: Params) {
  const source = text(params, 'text', { required: true, max: 100000 });
  return {
    characters: [...source].length,
    chinese: (source.match(/[\u4e00-\u9fff]/g) ?? []).length,
    words: (source.match(/[A-Za-z]+(?:'[A-Za-z]+)?/g) ?? []).length,
    digits: (source.match(/\d/g) ?? []).length,
    lines: source ? source.split(/\r?\n/).length : 0,
    bytes: new TextEncoder().encode(source).length,
  };
}

function colorConvert(params: Params) {
  const hex = text(params, 'hex', { required: true }).trim();
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new ParamError(SERVICE_TEXTS.badColor('hex'));
  const full = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) {
    const [rr, gg, bb] = [r / 255, g / 255, b / 255];
    if (max === rr) h = 60 * (((gg - bb) / d) % 6);
    else if (max === gg) h = 60 * ((bb - rr) / d + 2);
    else h = 60 * ((rr - gg) / d + 4);
  }
  return {
    hex: `#${full.toLowerCase()}`,
    rgb: `rgb(${r}, ${g}, ${b})`,
    hsl: `hsl(${Math.round((h + 360) % 360)}, ${Math.round(s * 100)}%, ${Math.round(l * 100)}%)`,
  };
}

const JOKES = [
  '程序员最讨厌的两件事：写文档，和别人不写文档。',
  '“这个 bug 在我电脑上是好的。”“那我们把你的电脑发给用户吧。”',
  '为什么程序员分不清万圣节和圣诞节？因为 Oct 31 == Dec 25。',
  '世界上有 10 种人：懂二进制的和不懂二进制的。',
  '产品经理：这个需求很简单，怎么实现我不管。',
  '我写的代码只有我和上帝能看懂；现在只有上帝能看懂了。',
];

function joke(params: Params) {
  const rand = seededRandom(seedOf(params));
  return { joke: pick(JOKES, Math.floor(rand() * 1000)) };
}

function postUsername(params: Params) {
  const username = text(params, 'username', { required: true, max: 50 });
  return `POST 你的名字是 ${username}`;
}

function avatar(params: Params) {
  const name = text(params, 'name', { required: true, max: 50 });
  const size = int(params, 'size', { min: 16, max: 512, fallback: 128 });
  const style = oneOf(params, 'style', ['identicon', 'pixel', 'initials'] as const, 'identicon');
  return { name, size, style, url: `https://avatar.agler.dev/${style}/${hashText(name).toString(16)}.png?size=${size}` };
}

/** GB 11643 check digit of the first 17 digits of a resident id number. */
function idCardCheckDigit(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * weights[i], 0);
  return '10X98765432'[sum % 11];
}

function idCard(params: Params) {
  const number = text(params, 'idNumber', { required: true }).trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(number)) throw new ParamError(SERVICE_TEXTS.badIdCard('idNumber'));
  const birthday = `${number.slice(6, 10)}-${number.slice(10, 12)}-${number.slice(12, 14)}`;
  const birthOk = !Number.isNaN(Date.parse(`${birthday}T00:00:00Z`)) && new Date(`${birthday}T00:00:00Z`).toISOString().startsWith(birthday);
  const valid = birthOk && idCardCheckDigit(number.slice(0, 17)) === number[17];
  return { idNumber: `${number.slice(0, 6)}********${number.slice(14)}`, valid, birthday: birthOk ? birthday : '', gender: Number(number[16]) % 2 ? '男' : '女' };
}

function jsonValidate(params: Params) {
  const source = text(params, 'json', { required: true, max: 100000 });
  try {
    const value = JSON.parse(source);
    return { valid: true, type: Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value, formatted: JSON.stringify(value, null, 2) };
  } catch (e) {
    return { valid: false, error: (e as Error).message };
  }
}

function qrcode(params: Params) {
  const content = text(params, 'content', { required: true, max: 1000 });
  const size = int(params, 'size', { min: 64, max: 1024, fallback: 256 });
  return { content, size, image: `https://qr.agler.dev/${shortCode(content)}.png?size=${size}` };
}

const POSTCODES: Record<string, string> = { 北京: '100000', 上海: '200000', 广州: '510000', 深圳: '518000', 杭州: '310000', 成都: '610000', 武汉: '430000', 西安: '710000' };

function postcode(params: Params) {
  const city = cityParam(params);
  const code = POSTCODES[city.replace(/市$/, '')];
  if (!code) throw new ParamError(`参数 city 暂不支持：${city}，可查询 ${Object.keys(POSTCODES).join('、')}`);
  return { city, postcode: code };
}

/** A REST resource: answers as a real CRUD endpoint would, after the interface's own parameter check. */
function resource(params: Params, record: InterfaceInfo) {
  const path = record.url
    .replace(/^https?:\/\/[^/]+/i, '')
    .split('?')[0]
    .replace(/\{([^}]+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : encodeURIComponent(String(params[name]))));
  const id = params.id ?? params.code ?? params.orderId ?? params.userId;
  const stamp = chinaTime(Date.UTC(2026, 0, 6, 2) + (hashText(JSON.stringify(params)) % 86400) * 1000);
  switch (record.method) {
    case 'GET':
      return { path, ...params, id: id ?? String(100000 + (hashText(path) % 900000)), queriedAt: stamp };
    case 'POST':
      return { path, id: String(200000 + (hashText(JSON.stringify(params)) % 800000)), ...params, createdAt: stamp };
    case 'DELETE':
      return { path, deleted: true, id: id ?? null };
    default:
      return { path, updated: true, ...params, updatedAt: stamp };
  }
}

function echo(params: unknown) {
  return params;
}

type Service = {
  /** Typical answer time in milliseconds. */
  latency: number;
  /** Whether a parameter object is required (echo takes any JSON). */
  objectParams?: boolean;
  run: (params: Params, record: InterfaceInfo, env: ServiceEnv) => unknown;
};

export const SERVICES = {
  echo: { latency: 25, objectParams: false, run: echo },
  resource: { latency: 60, run: resource },
  randomName: { latency: 35, run: randomName },
  weather: { latency: 140, run: weather },
  weatherForecast: { latency: 180, run: weatherForecast },
  airQuality: { latency: 120, run: airQuality },
  ipLookup: { latency: 70, run: ipLookup },
  ipBlacklist: { latency: 90, run: ipBlacklist },
  quote: { latency: 30, run: quote },
  translate: { latency: 260, run: translate },
  wordDefinition: { latency: 80, run: wordDefinition },
  htmlEscape: { latency: 15, run: htmlEscape },
  uuid: { latency: 12, run: uuid },
  timestamp: { latency: 10, run: timestamp },
  base64: { latency: 10, run: base64 },
  hashDigest: { latency: 18, run: hashDigest },
  shortUrl: { latency: 55, run: shortUrl },
  phoneLocation: { latency: 65, run: phoneLocation },
  exchangeRate: { latency: 150, run: exchangeRate },
  bmi: { latency: 10, run: bmi },
  passwordStrength: { latency: 20, run: passwordStrength },
  pinyin: { latency: 40, run: pinyin },
  holiday: { latency: 35, run: holiday },
  express: { latency: 320, run: express },
  randomNumber: { latency: 10, run: randomNumber },
  randomPassword: { latency: 12, run: randomPassword },
  textStats: { latency: 15, run: textStats },
  colorConvert: { latency: 10, run: colorConvert },
  joke: { latency: 30, run: joke },
  postUsername: { latency: 20, run: postUsername },
  avatar: { latency: 45, run: avatar },
  idCard: { latency: 40, run: idCard },
  jsonValidate: { latency: 20, run: jsonValidate },
  qrcode: { latency: 90, run: qrcode },
  postcode: { latency: 50, run: postcode },
} satisfies Record<ServiceKey, Service>;

export type ServiceOutcome = { success: true; data: unknown; latency: number } | { success: false; message: string; latency: number };

let latencyCounter = 0;

/** A believable answer time: the service's typical time, varying by interface and call; failed checks answer faster. */
function latencyOf(service: Service, record: InterfaceInfo, success: boolean): number {
  latencyCounter += 1;
  const rand = seededRandom(hashText(`${record.id}:${latencyCounter}`));
  const base = service.latency * (0.8 + (hashText(record.id) % 40) / 100);
  const value = base * (0.7 + rand() * 0.6) * (success ? 1 : 0.4);
  return Math.max(3, Math.round(value));
}

/**
 * Runs the service of an interface on the call's parameters (already parsed
 * JSON): first the interface's own parameter list is checked, then the service.
 */
export function runService(key: ServiceKey, params: unknown, record: InterfaceInfo, env: ServiceEnv): ServiceOutcome {
  const service: Service = SERVICES[key];
  try {
    let data: unknown;
    if (service.objectParams === false) {
      if (isPlainObject(params)) checkDeclaredParams(params, requestParamList(record.requestParams) ?? []);
      data = (service.run as (p: unknown, r: InterfaceInfo, e: ServiceEnv) => unknown)(params, record, env);
    } else {
      if (!isPlainObject(params)) throw new ParamError(SERVICE_TEXTS.notObject);
      checkDeclaredParams(params, requestParamList(record.requestParams) ?? []);
      data = service.run(params, record, env);
    }
    return { success: true, data, latency: latencyOf(service, record, true) };
  } catch (error) {
    if (error instanceof ParamError) return { success: false, message: error.message, latency: latencyOf(service, record, false) };
    throw error;
  }
}
