import type { HttpMethod } from '../constants';
import type { RequestParam } from '../requestParams';
import { serializeRequestParams } from '../requestParams';
import { formatTime } from '../dates';
import { hashText, seededRandom } from '../random';
import type { InterfaceInfo } from '../types';
import { interfaceIdOf, interfaceSeqOf } from './accounts';

/**
 * The seeded catalogue: hand-written interfaces first (realistic names, urls
 * and parameter lists, each backed by a small service for invoke), then
 * generated ones up to the requested count. Everything derives from the
 * sequence number, never from the current date or an unseeded random.
 */

type Seed = {
  name: string;
  description: string;
  url: string;
  method: HttpMethod;
  service: ServiceKey;
  params?: [name: string, type: string, required: boolean, description: string][];
  /** Extra request headers beyond the common ones. */
  headers?: Record<string, string>;
  offline?: boolean;
  guard?: DemoGuard;
};

/**
 * What a demo interface's server asks of a call besides its parameters: the key the platform adds for
 * it (an upstream credential, never the caller's), or the platform's forwarding signature.
 */
export type DemoGuard = 'upstreamKey' | 'forwardSignature';

/** The header the key-guarded demo service reads its key from. */
export const DEMO_UPSTREAM_KEY_HEADER = 'x-api-key';

const HAND_WRITTEN: Seed[] = [
  {
    name: '天气查询',
    description: '按城市名查询实时天气：天气现象、气温、湿度、风向风力和空气质量指数。',
    url: 'https://api.agler.dev/v1/weather/now',
    method: 'GET',
    service: 'weather',
    params: [
      ['city', 'string', true, '城市名，如 北京、上海'],
      ['unit', 'string', false, '温度单位：c 摄氏度（默认）或 f 华氏度'],
    ],
  },
  {
    name: '随机姓名生成',
    description: '生成随机的中文或英文姓名，可指定性别和数量；传入 seed 可得到可复现的结果。',
    url: 'https://api.agler.dev/v1/random/name',
    method: 'GET',
    service: 'randomName',
    params: [
      ['gender', 'string', false, '性别：male、female 或 any（默认）'],
      ['count', 'integer', false, '数量，1 到 20，默认 1'],
      ['seed', 'integer', false, '随机种子，相同种子返回相同结果'],
    ],
  },
  {
    name: 'IP 归属地查询',
    description: '查询 IPv4 地址的国家、省份、城市和运营商，内网地址会标注为局域网。',
    url: 'https://api.agler.dev/v1/ip/lookup',
    method: 'GET',
    service: 'ipLookup',
    params: [['ip', 'string', true, 'IPv4 地址，如 8.8.8.8']],
  },
  {
    name: '每日一句',
    description: '每天一句中英文名言，同一天返回同一句。',
    url: 'https://api.agler.dev/v1/quote/today',
    method: 'GET',
    service: 'quote',
    params: [
      ['date', 'string', false, '日期 yyyy-MM-dd，默认今天'],
      ['lang', 'string', false, '语言：zh（默认）或 en'],
    ],
  },
  {
    name: '中英文翻译',
    description: '基于内置词典的中英互译，自动识别源语言，返回译文和未收录的词。',
    url: 'https://api.agler.dev/v1/translate',
    method: 'POST',
    service: 'translate',
    params: [
      ['text', 'string', true, '待翻译的文本，最多 500 字'],
      ['to', 'string', true, '目标语言：en 或 zh'],
      ['from', 'string', false, '源语言：auto（默认）、zh 或 en'],
    ],
  },
  {
    name: 'HTML 转义 <b>escape</b>',
    description: '把文本中的 & < > " \' 转成 HTML 实体，例如 `<script>alert(1)</script>` 会变成可以安全显示的文本。',
    url: 'https://api.agler.dev/v1/text/html-escape',
    method: 'POST',
    service: 'htmlEscape',
    params: [['text', 'string', true, '待转义的文本，如 `<b>粗体</b>`']],
  },
  {
    name: 'Echo',
    description: 'Returns the parameters exactly as it received them. Handy for checking what a client really sends.',
    url: 'https://httpbin.agler.dev/anything',
    method: 'POST',
    service: 'echo',
    params: [['message', 'string', false, 'Any text; every other field is echoed too']],
  },
  {
    name: '天气查询（旧版）',
    description: '旧版天气接口，已由「天气查询」取代，下线维护中。',
    url: 'http://weather.agler.dev/api/v0/query',
    method: 'GET',
    service: 'weather',
    params: [['city', 'string', true, '城市名']],
    offline: true,
  },
  {
    name: '7 日天气预报',
    description: '按城市查询未来 1 到 7 天的天气预报：天气、最高最低气温和风力。',
    url: 'https://api.agler.dev/v1/weather/forecast',
    method: 'GET',
    service: 'weatherForecast',
    params: [
      ['city', 'string', true, '城市名'],
      ['days', 'integer', false, '天数，1 到 7，默认 3'],
    ],
  },
  {
    name: '随机 UUID',
    description: '生成 RFC 4122 第 4 版 UUID，可一次生成多个。',
    url: 'https://api.agler.dev/v1/random/uuid',
    method: 'GET',
    service: 'uuid',
    params: [
      ['count', 'integer', false, '数量，1 到 20，默认 1'],
      ['seed', 'integer', false, '随机种子'],
    ],
  },
  {
    name: 'Timestamp Converter',
    description: '时间戳与北京时间互相转换，支持秒、毫秒和 yyyy-MM-dd HH:mm:ss 文本。',
    url: 'https://api.agler.dev/v1/time/convert',
    method: 'GET',
    service: 'timestamp',
    params: [['timestamp', 'integer', true, '秒或毫秒时间戳']],
  },
  {
    name: 'Base64 编解码',
    description: 'UTF-8 文本与 Base64 之间的编码和解码。',
    url: 'https://api.agler.dev/v1/codec/base64',
    method: 'POST',
    service: 'base64',
    params: [
      ['text', 'string', true, '要编码的文本，或要解码的 Base64'],
      ['action', 'string', false, 'encode（默认）或 decode'],
    ],
  },
  {
    name: 'Hash Digest',
    description: 'Computes the MD5, SHA-1 or SHA-256 digest of a UTF-8 text, in hex.',
    url: 'https://api.agler.dev/v1/crypto/digest',
    method: 'POST',
    service: 'hashDigest',
    params: [
      ['text', 'string', true, 'The text to hash'],
      ['algorithm', 'string', false, 'md5, sha1 or sha256 (default)'],
    ],
  },
  {
    name: '短链接生成',
    description: '把长网址转换为 s.agler.dev 短链接，同一网址总是得到同一短码。',
    url: 'https://s.agler.dev/api/shorten',
    method: 'POST',
    service: 'shortUrl',
    params: [['url', 'string', true, '以 http:// 或 https:// 开头的网址']],
  },
  {
    name: '手机号归属地',
    description: '查询中国大陆手机号的归属省市、运营商和区号。',
    url: 'https://api.agler.dev/v1/phone/location',
    method: 'GET',
    service: 'phoneLocation',
    params: [['phone', 'string', true, '11 位手机号']],
  },
  {
    name: 'Currency Exchange',
    description: '按固定牌价换算 CNY、USD、EUR、JPY、GBP、HKD、KRW 之间的金额。',
    url: 'https://api.agler.dev/v1/finance/exchange',
    method: 'GET',
    service: 'exchangeRate',
    params: [
      ['from', 'string', true, '源货币代码，如 USD'],
      ['to', 'string', true, '目标货币代码，如 CNY'],
      ['amount', 'number', false, '金额，默认 1'],
    ],
  },
  {
    name: 'BMI 计算',
    description: '根据身高和体重计算身体质量指数，并按中国标准给出分级。',
    url: 'https://api.agler.dev/v1/health/bmi',
    method: 'GET',
    service: 'bmi',
    params: [
      ['height', 'number', true, '身高，厘米'],
      ['weight', 'number', true, '体重，千克'],
    ],
  },
  {
    name: '密码强度检测',
    description: '按长度和字符种类给密码打分，并给出改进建议；密码不会被记录。',
    url: 'https://api.agler.dev/v1/security/password-strength',
    method: 'POST',
    service: 'passwordStrength',
    params: [['password', 'string', true, '待检测的密码']],
  },
  {
    name: '汉字转拼音',
    description: '把常用汉字转换为带声调或不带声调的拼音。',
    url: 'https://api.agler.dev/v1/text/pinyin',
    method: 'GET',
    service: 'pinyin',
    params: [
      ['text', 'string', true, '中文文本'],
      ['tone', 'boolean', false, '是否带声调，默认 true'],
    ],
  },
  {
    name: '节假日查询',
    description: '查询某天是工作日、周末、法定节假日还是调休工作日。',
    url: 'https://api.agler.dev/v1/calendar/holiday',
    method: 'GET',
    service: 'holiday',
    params: [['date', 'string', true, '日期 yyyy-MM-dd']],
  },
  {
    name: '快递物流跟踪',
    description: '按快递单号查询承运商和物流轨迹，最新的轨迹在前。',
    url: 'https://api.agler.dev/v1/express/track',
    method: 'GET',
    service: 'express',
    params: [['number', 'string', true, '快递单号，10 到 20 位字母或数字']],
  },
  {
    name: '随机数生成',
    description: '在闭区间 [min, max] 内生成均匀分布的随机整数。',
    url: 'https://api.agler.dev/v1/random/number',
    method: 'GET',
    service: 'randomNumber',
    params: [
      ['min', 'integer', false, '最小值，默认 1'],
      ['max', 'integer', false, '最大值，默认 100'],
      ['count', 'integer', false, '数量，1 到 100，默认 1'],
      ['seed', 'integer', false, '随机种子'],
    ],
  },
  {
    name: 'Text Statistics',
    description: 'Counts characters, Chinese characters, English words, digits, lines and UTF-8 bytes of a text.',
    url: 'https://api.agler.dev/v1/text/stats',
    method: 'POST',
    service: 'textStats',
    params: [['text', 'string', true, 'The text to count']],
  },
  {
    name: '颜色格式转换',
    description: '把十六进制颜色转换为 RGB 和 HSL 表示。',
    url: 'https://api.agler.dev/v1/color/convert',
    method: 'GET',
    service: 'colorConvert',
    params: [['hex', 'string', true, '十六进制颜色，如 #1890ff']],
  },
  {
    name: '随机笑话',
    description: '随机返回一则程序员笑话。',
    url: 'https://api.agler.dev/v1/random/joke',
    method: 'GET',
    service: 'joke',
    params: [['seed', 'integer', false, '随机种子']],
  },
  {
    name: '获取用户名',
    description: '回显提交的用户名，用于体验 POST 调用。',
    url: 'https://api.agler.dev/api/name/user',
    method: 'POST',
    service: 'postUsername',
    params: [['username', 'string', true, '用户名']],
  },
  {
    name: '随机头像',
    description: '按名字生成稳定的头像图片地址，同名同图。',
    url: 'https://avatar.agler.dev/api/generate',
    method: 'GET',
    service: 'avatar',
    params: [
      ['name', 'string', true, '名字或账号'],
      ['size', 'integer', false, '边长像素，16 到 512，默认 128'],
      ['style', 'string', false, 'identicon（默认）、pixel 或 initials'],
    ],
  },
  {
    name: '删除短链接',
    description: '删除一个短链接，删除后短码立即失效。',
    url: 'https://s.agler.dev/api/links/{code}',
    method: 'DELETE',
    service: 'resource',
    params: [['code', 'string', true, '短码，如 BatkX6']],
  },
  {
    name: '更新用户昵称',
    description: '修改当前用户的昵称。',
    url: 'https://api.agler.dev/v1/users/nickname',
    method: 'PUT',
    service: 'resource',
    params: [
      ['userId', 'string', true, '用户 id'],
      ['nickname', 'string', true, '新昵称，最多 20 字'],
    ],
  },
  {
    name: '修改订单状态',
    description: '把订单改为已发货、已完成或已取消。',
    url: 'https://api.agler.dev/v1/orders/status',
    method: 'PATCH',
    service: 'resource',
    params: [
      ['orderId', 'string', true, '订单号'],
      ['status', 'string', true, 'shipped、completed 或 cancelled'],
    ],
  },
  {
    name: 'IP 黑名单校验',
    description: '检查 IP 是否出现在风控黑名单中，用于登录和支付前的风险判断。接口服务器要求 x-api-key，由平台代为附加，调用者无需持有。',
    url: 'https://api.agler.dev/v1/risk/ip-blacklist',
    method: 'GET',
    service: 'ipBlacklist',
    params: [['ip', 'string', true, 'IPv4 地址']],
    guard: 'upstreamKey',
  },
  {
    name: 'Air Quality Index',
    description: '空气质量指数：按城市返回 AQI、等级、PM2.5 和 PM10，适合和天气查询一起展示。',
    url: 'https://api.agler.dev/v1/weather/aqi',
    method: 'GET',
    service: 'airQuality',
    params: [['city', 'string', true, '城市名']],
  },
  {
    name: '随机密码生成',
    description: '生成不含易混字符的随机密码，可选是否包含符号。',
    url: 'https://api.agler.dev/v1/random/password',
    method: 'GET',
    service: 'randomPassword',
    params: [
      ['length', 'integer', false, '长度，8 到 64，默认 16'],
      ['symbols', 'boolean', false, '是否包含符号，默认 true'],
      ['seed', 'integer', false, '随机种子'],
    ],
  },
  {
    name: 'English Dictionary',
    description: 'Looks up an English word: phonetic and Chinese meanings.',
    url: 'https://api.agler.dev/v1/dict/word',
    method: 'GET',
    service: 'wordDefinition',
    params: [['word', 'string', true, 'An English word, e.g. hello']],
  },
  {
    name: '邮政编码查询',
    description: '按城市查询邮政编码。数据源迁移中，暂时下线。',
    url: 'https://api.agler.dev/v1/postcode',
    method: 'GET',
    service: 'postcode',
    params: [['city', 'string', true, '城市名']],
    offline: true,
  },
  {
    name: '身份证号校验',
    description: '按 GB 11643 校验 18 位居民身份证号，返回出生日期和性别；号码在结果中会打码。接口服务器校验平台的转发签名，拒绝绕过平台的直接调用。',
    url: 'https://api.agler.dev/v1/identity/verify',
    method: 'POST',
    service: 'idCard',
    params: [['idNumber', 'string', true, '18 位身份证号']],
    guard: 'forwardSignature',
  },
  {
    name: 'JSON 格式校验',
    description: '检查一段文本是否是合法的 JSON，合法时返回格式化结果。',
    url: 'https://api.agler.dev/v1/tools/json-validate',
    method: 'POST',
    service: 'jsonValidate',
    params: [['json', 'string', true, '待校验的 JSON 文本']],
  },
  {
    name: 'QR Code Generator',
    description: '把文本或网址生成二维码图片地址。',
    url: 'https://qr.agler.dev/api/create',
    method: 'GET',
    service: 'qrcode',
    params: [
      ['content', 'string', true, '二维码内容'],
      ['size', 'integer', false, '边长像素，64 到 1024，默认 256'],
    ],
    offline: true,
  },
  {
    name: 'Random English Name',
    description: 'Random English first and last names; pass a seed for repeatable results.',
    url: 'https://api.agler.dev/v1/random/name?lang=en',
    method: 'GET',
    service: 'randomName',
    params: [
      ['lang', 'string', true, 'Name language, e.g. en'],
      ['gender', 'string', false, 'male, female or any'],
      ['count', 'integer', false, '1 to 20'],
    ],
  },
  {
    name: '用户信息查询',
    description: '按用户 id 查询公开的用户信息。',
    url: 'https://api.agler.dev/v1/users/{id}',
    method: 'GET',
    service: 'resource',
    params: [['id', 'string', true, '用户 id，如 10086']],
  },
];

/** The small services that answer the demo interfaces' calls. */
export const DEMO_SERVICE_KEYS = [
  'echo',
  'resource',
  'randomName',
  'weather',
  'weatherForecast',
  'airQuality',
  'ipLookup',
  'ipBlacklist',
  'quote',
  'translate',
  'wordDefinition',
  'htmlEscape',
  'uuid',
  'timestamp',
  'base64',
  'hashDigest',
  'shortUrl',
  'phoneLocation',
  'exchangeRate',
  'bmi',
  'passwordStrength',
  'pinyin',
  'holiday',
  'express',
  'randomNumber',
  'randomPassword',
  'textStats',
  'colorConvert',
  'joke',
  'postUsername',
  'avatar',
  'idCard',
  'jsonValidate',
  'qrcode',
  'postcode'
] as const;
export type ServiceKey = (typeof DEMO_SERVICE_KEYS)[number];

/**
 * The service behind an interface of a catalogue seeded with `seededCount`
 * interfaces: each hand-written one its own, the generated ones a resource,
 * and interfaces created later an echo.
 */
export function serviceKeyOf(id: string, seededCount: number): ServiceKey {
  const seq = interfaceSeqOf(id);
  if (seq >= 1 && seq <= HAND_WRITTEN.length) return HAND_WRITTEN[seq - 1].service;
  return seq >= 1 && seq <= seededCount ? 'resource' : 'echo';
}

/** What the demo server behind an interface of a catalogue seeded with `seededCount` interfaces asks of a call. */
export function demoGuardOf(id: string, seededCount: number): DemoGuard | undefined {
  const seq = interfaceSeqOf(id);
  return seq >= 1 && seq <= Math.min(seededCount, HAND_WRITTEN.length) ? HAND_WRITTEN[seq - 1].guard : undefined;
}

/** The newest seeded interface is this old: a fixed point, so the seed never depends on the current date. */
const NEWEST_CREATE = Date.UTC(2025, 11, 30, 2, 30, 0);
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The demo catalogue announces no retirement (contract/lifecycle.ts). */
const NOT_RETIRED = { deprecated: false, deprecatedTime: null, sunsetDate: null, replacementId: null };

/**
 * The headers a demo interface's service reads. The caller's key goes in the gateway's four signed
 * headers, which the interface page's samples show, so no interface names a header of its own for it.
 */
function headersText(seed: Pick<Seed, 'method' | 'headers'>): string {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (seed.method !== 'GET' && seed.method !== 'DELETE') headers['Content-Type'] = 'application/json';
  return JSON.stringify({ ...headers, ...seed.headers });
}

/**
 * The headers a demo interface's answer really has through the gateway: its service's JSON type and
 * the caller's quota left. None has a rate limit, so none documents the RateLimit headers.
 */
const DEMO_RESPONSE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'X-Quota-Remaining': '<剩余次数>',
} as const;
const RESPONSE_HEADER_TEXT = JSON.stringify(DEMO_RESPONSE_HEADERS);

function toRows(params: Seed['params'] = []): RequestParam[] {
  return params.map(([name, type, required, description]) => ({ name, type, required, description }));
}

function handWritten(seed: Seed, index: number, creatorId: string): InterfaceInfo {
  const seq = index + 1;
  const created = NEWEST_CREATE - index * (2 * DAY + 5 * HOUR) - (hashText(seed.name) % 600) * 60_000;
  const updated = Math.min(NEWEST_CREATE + 3 * DAY, created + ((index * 7) % 19) * DAY + (index % 5) * HOUR);
  return {
    id: interfaceIdOf(seq),
    name: seed.name,
    description: seed.description,
    url: seed.url,
    method: seed.method,
    requestParams: serializeRequestParams(toRows(seed.params)),
    requestHeader: headersText(seed),
    responseHeader: RESPONSE_HEADER_TEXT,
    status: seed.offline ? 0 : 1,
    userId: creatorId,
    createTime: formatTime(created),
    updateTime: formatTime(updated),
    rateLimit: 0,
    rateBurst: 0,
    ...NOT_RETIRED,
  };
}

/** Resources and actions the generated interfaces are made of, as a business backend would name them. */
const RESOURCES: [zh: string, en: string, path: string][] = [
  ['用户', 'User', 'users'],
  ['订单', 'Order', 'orders'],
  ['商品', 'Product', 'products'],
  ['库存', 'Inventory', 'inventory'],
  ['支付', 'Payment', 'payments'],
  ['物流', 'Shipment', 'shipments'],
  ['优惠券', 'Coupon', 'coupons'],
  ['评论', 'Review', 'reviews'],
  ['消息', 'Message', 'messages'],
  ['文件', 'File', 'files'],
  ['审计日志', 'Audit Log', 'audit-logs'],
  ['标签', 'Tag', 'tags'],
  ['收货地址', 'Address', 'addresses'],
  ['发票', 'Invoice', 'invoices'],
  ['会员', 'Membership', 'memberships'],
  ['积分', 'Points', 'points'],
  ['营销活动', 'Campaign', 'campaigns'],
  ['门店', 'Store', 'stores'],
  ['设备', 'Device', 'devices'],
  ['报表', 'Report', 'reports'],
];

type Action = {
  zh: string;
  en: string;
  method: HttpMethod;
  suffix: string;
  describe: (resource: string) => string;
  params: (resource: string) => Seed['params'];
};

const ACTIONS: Action[] = [
  {
    zh: '详情查询',
    en: 'Detail',
    method: 'GET',
    suffix: '/{id}',
    describe: (r) => `按 id 查询单个${r}的详细信息。`,
    params: (r) => [['id', 'string', true, `${r} id`]],
  },
  {
    zh: '分页列表',
    en: 'List',
    method: 'GET',
    suffix: '',
    describe: (r) => `分页列出${r}，支持关键词筛选和按时间排序。`,
    params: () => [
      ['current', 'integer', false, '页码，从 1 开始'],
      ['pageSize', 'integer', false, '每页条数，最多 100'],
      ['keyword', 'string', false, '关键词'],
    ],
  },
  {
    zh: '创建',
    en: 'Create',
    method: 'POST',
    suffix: '',
    describe: (r) => `创建一条${r}记录，返回新记录的 id。`,
    params: (r) => [
      ['name', 'string', true, `${r}名称`],
      ['remark', 'string', false, '备注'],
    ],
  },
  {
    zh: '更新',
    en: 'Update',
    method: 'PUT',
    suffix: '/{id}',
    describe: (r) => `整体更新一条${r}记录。`,
    params: (r) => [
      ['id', 'string', true, `${r} id`],
      ['name', 'string', true, `${r}名称`],
    ],
  },
  {
    zh: '删除',
    en: 'Delete',
    method: 'DELETE',
    suffix: '/{id}',
    describe: (r) => `删除一条${r}记录，删除后不可恢复。`,
    params: (r) => [['id', 'string', true, `${r} id`]],
  },
  {
    zh: '状态变更',
    en: 'Status Patch',
    method: 'PATCH',
    suffix: '/{id}/status',
    describe: (r) => `修改${r}的状态，例如启用或停用。`,
    params: (r) => [
      ['id', 'string', true, `${r} id`],
      ['enabled', 'boolean', true, '是否启用'],
    ],
  },
  {
    zh: '统计',
    en: 'Stats',
    method: 'GET',
    suffix: '/stats',
    describe: (r) => `按天统计${r}的数量和趋势。`,
    params: () => [
      ['startDate', 'string', false, '开始日期 yyyy-MM-dd'],
      ['endDate', 'string', false, '结束日期 yyyy-MM-dd'],
    ],
  },
  {
    zh: '批量导出',
    en: 'Export',
    method: 'POST',
    suffix: '/export',
    describe: (r) => `按条件导出${r}为 CSV 文件，返回下载地址。`,
    params: () => [
      ['format', 'string', false, 'csv（默认）或 xlsx'],
      ['filter', 'object', false, '筛选条件'],
    ],
  },
];

/** The oldest hand-written interface's creation time: generated ones are older still. */
function generated(seq: number, handCount: number, creatorId: string): InterfaceInfo {
  const n = seq - handCount - 1;
  const rand = seededRandom(hashText(`interface:${seq}`));
  const [zh, en, path] = RESOURCES[n % RESOURCES.length];
  const action = ACTIONS[Math.floor(n / RESOURCES.length) % ACTIONS.length];
  const version = 1 + Math.floor(n / (RESOURCES.length * ACTIONS.length));
  const english = rand() < 0.3;
  const label = english ? `${en} ${action.en}` : `${zh}${action.zh}`;
  const oldestHand = NEWEST_CREATE - handCount * (2 * DAY + 5 * HOUR);
  const created = oldestHand - (n + 1) * 47 * 60_000 - Math.floor(rand() * 40) * 60_000;
  const updated = created + Math.floor(rand() * 30) * DAY + Math.floor(rand() * 24) * HOUR;
  const seed = { method: action.method };
  return {
    id: interfaceIdOf(seq),
    name: version > 1 ? `${label} v${version}` : label,
    description: action.describe(zh),
    url: `https://api.agler.dev/v${version}/${path}${action.suffix}`,
    method: action.method,
    requestParams: serializeRequestParams(toRows(action.params(zh))),
    requestHeader: headersText(seed),
    responseHeader: RESPONSE_HEADER_TEXT,
    status: rand() < 0.12 ? 0 : 1,
    userId: creatorId,
    createTime: formatTime(created),
    updateTime: formatTime(Math.min(updated, NEWEST_CREATE)),
    rateLimit: 0,
    rateBurst: 0,
    ...NOT_RETIRED,
  };
}

/** Deterministic seed interfaces: `count` records, the hand-written ones first. */
export function seedInterfaces(count: number, creatorId: string): InterfaceInfo[] {
  const records: InterfaceInfo[] = [];
  for (let seq = 1; seq <= count; seq += 1) {
    const seed = HAND_WRITTEN[seq - 1];
    const record = seed ? handWritten(seed, seq - 1, creatorId) : generated(seq, HAND_WRITTEN.length, creatorId);
    records.push(record);
  }
  return records;
}

export const HAND_WRITTEN_COUNT = HAND_WRITTEN.length;
