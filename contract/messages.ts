import { ACCOUNT_LENGTH, BODY_MAX_BYTES, CALL_LOG_PAGE_SIZE, KEY_LIMITS, QUOTA_REQUEST_LIMITS, HTTP_METHODS, LOGIN_THROTTLE, MAX_RANGE_DAYS, PAGE_SIZE_MAX, PASSWORD_LENGTH, QUOTA_MAX, RATE_LIMIT_MAX, SORT_FIELDS, TOP_INVOKE_LIMIT, USAGE_PAGE_SIZE, USAGE_SORT_FIELDS, USER_LIMITS, PLAN_LIMITS } from './constants';
import { TIMESTAMP_TOLERANCE_SECONDS } from './signature';
import { JSON_TEXTS } from './json';
import { keyedMessages, textOf } from './messageKeys';
import type { Message } from './messageKeys';
import type { TextFault } from './text';

/**
 * The messages of the API's answers (the envelope's `message`), which the
 * console shows and compares. Field rules of an interface have theirs in
 * interfaceValidation.ts.
 */
export const MESSAGES = keyedMessages('api', {
  ok: 'ok',
  // sessions and roles
  notLogin: '未登录',
  noAuth: '无权限',
  banned: '账号已被封禁',
  // login
  accountLength: `账号长度应为 ${ACCOUNT_LENGTH.min} 到 ${ACCOUNT_LENGTH.max} 个字符`,
  passwordLength: `密码长度应为 ${PASSWORD_LENGTH.min} 到 ${PASSWORD_LENGTH.max} 个字符`,
  wrongCredentials: '账号或密码错误',
  loginThrottled: `登录失败次数过多，请 ${LOGIN_THROTTLE.lockMinutes} 分钟后再试`,
  // accounts
  accountTaken: '账号已被注册',
  accountChars: '账号只能包含字母、数字、下划线、点和减号',
  passwordMismatch: '两次输入的密码不一致',
  wrongPassword: '当前密码不正确',
  userNameLength: `昵称不能超过 ${USER_LIMITS.nameMax} 个字符`,
  avatarInvalid: `头像地址应为 http:// 或 https:// 开头、不超过 ${USER_LIMITS.avatarMax} 个字符的地址`,
  userNotFound: '用户不存在',
  badRole: '参数 userRole 只能是 user、admin 或 ban 之一',
  selfRole: '不能封禁或降级自己的账号',
  lastAdmin: '至少要保留一位管理员',
  badLeftNum: `参数 leftNum 应为 0 到 ${QUOTA_MAX} 的整数`,
  // the gateway
  signatureMissing: (header: string) => `缺少请求头 ${header}`,
  unknownAccessKey: 'accessKey 无效',
  badSignature: '签名不正确',
  badTimestamp: `timestamp 应为秒级时间戳，且与服务器时间相差不超过 ${TIMESTAMP_TOLERANCE_SECONDS} 秒`,
  badNonce: 'nonce 应为 8 到 64 个字母、数字、下划线或减号',
  nonceUsed: 'nonce 已使用过，请求被拒绝（重放）',
  keyExpired: '密钥已过期，请在个人中心换用有效的密钥',
  keyInterfaceDenied: '这个密钥不能调用该接口：它不在密钥的接口列表中',
  methodNotAllowed: (method: string) => `该接口只接受 ${method} 请求`,
  quotaExhausted: '该接口的调用次数已用完',
  rateLimited: '调用过于频繁：已超过该接口的速率限制，请稍后再试',
  planQuotaExhausted: '本周期套餐的调用次数已用完，请在下个周期开始后再试',
  subscriptionPending: '该接口的套餐订阅正在等待审批，审批通过后才能调用',
  planRequired: '调用该接口需要先订阅包含它的套餐',
  // rate limits
  badRateLimit: `速率限制应为 0 到 ${RATE_LIMIT_MAX} 的整数（每秒调用次数，0 表示不限）`,
  badRateBurst: `突发次数应为不小于速率限制、不超过 ${RATE_LIMIT_MAX} 的整数`,
  burstWithoutLimit: '参数 rateBurst 只能与 rateLimit 一起设置',
  // request bodies
  contentType: '请求体必须是 JSON（Content-Type: application/json）',
  bodyNotJson: '请求体不是合法的 JSON',
  bodyTooLarge: `请求体不能超过 ${BODY_MAX_BYTES / 1024 / 1024} MB`,
  bodyTooDeep: `请求体${JSON_TEXTS.tooDeep}`,
  bodyNotObject: '请求体必须是 JSON 对象',
  crossSite: '拒绝来自其他网站的写请求',
  badRequest: '请求格式不正确',
  // ids and interfaces
  badId: 'id 不合法',
  interfaceNotFound: '接口不存在',
  interfaceClosed: '接口已关闭',
  paramsNotText: '参数 userRequestParams 应为 JSON 文本',
  paramsNotJson: '参数 userRequestParams 不是合法的 JSON',
  paramsTooDeep: `参数 userRequestParams ${JSON_TEXTS.tooDeep}`,
  // list queries
  badCurrent: '参数 current 应为不小于 1 的整数',
  badPageSize: `参数 pageSize 应为 1 到 ${PAGE_SIZE_MAX} 的整数`,
  badSortField: `参数 sortField 只能是 ${SORT_FIELDS.join('、')} 之一`,
  badUsagePageSize: `参数 pageSize 应为 1 到 ${USAGE_PAGE_SIZE.max} 的整数`,
  badUsageSortField: `参数 sortField 只能是 ${USAGE_SORT_FIELDS.join('、')} 之一`,
  badSortOrder: '参数 sortOrder 只能是 ascend 或 descend',
  badMethod: `参数 method 只能是 ${HTTP_METHODS.join('、')} 之一`,
  badStatus: '参数 status 只能是 0 或 1',
  notText: (name: string) => `参数 ${name} 应为文本`,
  // analysis
  dateRequired: (name: string) => `${name} 不能为空`,
  dateInvalid: (name: string) => `${name} 应为 yyyy-MM-dd 格式的有效日期`,
  dateOrder: 'startDate 不能晚于 endDate',
  rangeTooLong: `startDate 到 endDate 不能超过 ${MAX_RANGE_DAYS} 天`,
  limitInvalid: `limit 应为 1 到 ${TOP_INVOKE_LIMIT.max} 的整数`,
  idParamInvalid: (name: string) => `${name} 应为接口的 id（正整数）`,
  tooManyIds: (name: string, max: number) => `${name} 最多 ${max} 个 id`,
  // 我的用量 and quota requests
  userIdInvalid: '参数 userId 应为用户的 id（正整数）',
  keyIdInvalid: '参数 keyId 应为密钥的 id（正整数）',
  // keys
  keyNameRequired: '请填写密钥名称',
  keyNameTooLong: `密钥名称不能超过 ${KEY_LIMITS.nameMax} 个字符`,
  keyNameInvalid: '密钥名称应为一行文本，不能包含控制字符',
  keyNameTaken: '已有同名的密钥',
  keyExpiryInvalid:
    '参数 expiresAt 应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss 格式的有效时间（月 1–12，日在当月之内，时 0–23，分和秒 0–59）',
  keyExpiryPast: '过期时间应晚于现在',
  keyExpiryTooFar: `参数 expiresAt 不能晚于 ${KEY_LIMITS.expiryMaxYears} 年之后`,
  keyInterfacesInvalid: `参数 interfaceIds 应为 1 到 ${KEY_LIMITS.interfacesMax} 个接口 id 的数组`,
  keyInterfaceNotFound: '接口列表中有不存在的接口',
  keyLimit: `每位用户最多 ${KEY_LIMITS.perUser} 个密钥，请先吊销不用的密钥`,
  keyNotFound: '密钥不存在',
  keyRevoked: '密钥已吊销，不能再轮换',
  badGrace: '参数 graceSeconds 只能是 0、3600 或 86400',
  badCallStatus: '参数 status 只能是 2xx、4xx、5xx 或 none 之一',
  badCallPageSize: `参数 pageSize 应为 1 到 ${CALL_LOG_PAGE_SIZE.max} 的整数`,
  badAmount: `申请次数应为 1 到 ${QUOTA_REQUEST_LIMITS.amountMax} 的整数`,
  reasonRequired: '请填写申请理由',
  reasonTooLong: `理由不能超过 ${QUOTA_REQUEST_LIMITS.reasonMax} 个字符`,
  reasonNotText: '参数 reason 应为文本',
  reviewReasonRequired: '拒绝申请时请填写理由',
  badApprove: '参数 approve 应为 true 或 false',
  badRequestStatus: '参数 status 只能是 pending、approved 或 refused 之一',
  requestOpen: '该接口已有一个待处理的申请，请等待管理员处理',
  requestNotFound: '申请不存在',
  requestReviewed: '该申请已经处理过了',
  adminUnlimited: '管理员调用不受额度限制，无需申请',
  quotaTooHigh: `批准后剩余次数将超过 ${QUOTA_MAX}`,
  requestPlanUnknown: '参数 planId 不是可申请的套餐',
  requestPlanRetired: '参数 planId 的套餐已下架',
  requestPlanSame: '参数 planId 是当前订阅的套餐',
  requestPlanNotSwitch: '参数 planId 的套餐应与当前订阅包含完全相同的接口',
  requestPlanUncovered: '参数 planId 只能用于已订阅套餐包含的接口，该接口没有生效中的订阅',
  requestSubscriptionPending: '该接口的套餐订阅正在等待审批，请在审批后再申请',
  requestSubscriptionGone: '该用户已没有包含该接口的生效中的订阅',
  // faults
  unknownPath: '接口路径不存在',
  unknownDemo: (method: string, path: string) => `没有这个演示接口：${method} ${path}`,
  badPathEncoding: '路径不是合法的 URL 编码',
  systemError: '服务器内部错误，请稍后重试',
  databaseUnavailable: '数据库暂时不可用，请稍后重试',
} as const);

/** What each fault of contract/text.ts textFault is called in a message. */
const TEXT_FAULTS: Record<TextFault, string> = {
  control: '不能包含控制字符',
  loneSurrogate: '不能包含不成对的代理项（无效的 Unicode 字符）',
  bidi: '不能包含文字方向控制字符',
};

/** A text that fails textFault: a query parameter by its name, a field by its label. */
export const TEXT_MESSAGES = keyedMessages('text', {
  param: (name: string, fault: TextFault) => `参数 ${name} ${TEXT_FAULTS[fault]}`,
  field: (label: string, fault: TextFault) => `${label}${TEXT_FAULTS[fault]}`,
} as const);

/**
 * The refusal of a request sent to a host the server is not for (a name made
 * to point at it, or a proxy that hands on a name of its own): the console,
 * on an address the server is for, never meets it; its operator may.
 */
export const HOST_NOT_SERVED = '本服务不接受发往这个主机名的请求：请使用 PUBLIC_URL 的地址，或把它加入 ALLOWED_HOSTS';

/** The refusal of a request whose Host is ambiguous: two of them, or one that is no single name (a comma, a space, nothing). */
export const HOST_AMBIGUOUS = '请求的 Host 头不明确：只能有一个 Host，且是一个主机名（可带端口）';

/** An interface's retirement (contract/lifecycle.ts). */
export const LIFECYCLE_MESSAGES = keyedMessages('lifecycle', {
  badDeprecated: '参数 deprecated 应为 true 或 false',
  badSunsetDate: '下线日期应为 yyyy-MM-dd 格式的有效日期',
  badReplacement: '替代接口的 id 不合法',
  selfReplacement: '替代接口不能是它自己',
  replacementNotFound: '替代接口不存在',
  sunsetTooEarly: (deprecationDay: string) => `停止服务日期应晚于弃用当天（${deprecationDay}）`,
  gone: (date: string) => `接口已于 ${date} 停止服务`,
  goneWithReplacement: (date: string, replacement: string) => `接口已于 ${date} 停止服务，请改用 ${replacement}`,
} as const);

/** The import of OpenAPI documents (`POST /api/interfaceInfo/import`) and their rows' verdicts. */
export const IMPORT_MESSAGES = keyedMessages('import', {
  sourceRequired: '请提供 OpenAPI 文档：粘贴或上传文档内容，或填写文档地址',
  sourceTwice: '文档内容和文档地址只能提供一个',
  documentNotText: '参数 document 应为文本',
  documentTooLarge: (mb: number) => `文档不能超过 ${mb} MB`,
  unreadable: '文档既不是合法的 JSON，也不是合法的 YAML',
  notOpenApi: '不是 OpenAPI 文档：缺少 openapi 或 swagger 字段',
  unsupportedVersion: (version: string) => `不支持的版本 ${version}：只支持 Swagger 2.0、OpenAPI 3.0 和 3.1`,
  badUrl: '文档地址必须是以 http:// 或 https:// 开头的完整地址',
  fetchFailed: (reason: Message) => `无法获取文档：${textOf(reason)}`,
  fetchStatus: (status: number) => `获取文档失败：地址返回了 HTTP ${status}`,
  badBaseUrl: '基础地址必须是以 http:// 或 https:// 开头的完整地址',
  badDryRun: '参数 dryRun 应为 true 或 false',
  badExclude: '参数 exclude 应为行号（从 0 开始的整数）的数组',
  badFormat: '参数 format 只能是 json 或 yaml',
  tooManyOperations: (max: number) => `文档的操作超过 ${max} 个，请拆分后导入`,
  externalRef: (ref: string) => `只支持文档内的引用，不会获取外部引用：${ref}`,
  badRef: (ref: string) => `引用不存在：${ref}`,
  invalid: '文档不符合规范',
  noOperations: '文档没有可导入的操作：paths 中没有任何操作（webhooks 不会导入）',
  tooDeep: (max: number) => `文档的嵌套超过 ${max} 层，无法读取`,
  tooExpanded: (max: number) =>
    `文档的结构展开后超过 ${max} 个节点（同一结构每被引用一次就展开一次），请精简引用后导入`,
  tooSlow: (seconds: number) => `读取文档超过 ${seconds} 秒，请精简或拆分后导入`,
  tooMuchMemory: (mb: number) => `读取文档所需的内存超过 ${mb} MB，请精简或拆分后导入`,
  // a row's verdict
  methodUnsupported: (method: string) => `平台不支持 ${method} 方法`,
  baseUrlNeeded: '文档没有完整的服务器地址，请填写基础地址',
  /** `row` counts from 1, as the preview shows rows. */
  duplicate: (row: number) => `与第 ${row} 行的请求方法和地址相同`,
  unchanged: '与已有接口完全相同',
  nameTruncated: (max: number) => `名称超过 ${max} 个字符，已截断`,
  descriptionTruncated: (max: number) => `描述超过 ${max} 个字符，已截断`,
  schemaSummarised: '参数的结构说明过长，已只保留顶层字段',
  schemaDropped: '参数的结构说明过长，已从描述中省略',
  paramsShortened: '请求参数超过长度上限，较长的参数说明已截短',
} as const, { fetchFailed: [0] });

/** Plans and subscriptions (contract/plans.ts, docs/plans.md): their fields, and the rules of holding them. */
export const PLAN_MESSAGES = keyedMessages('plans', {
  nameRequired: '请填写套餐名称',
  nameTooLong: `套餐名称不能超过 ${PLAN_LIMITS.nameMax} 个字符`,
  nameInvalid: '套餐名称应为一行文本，不能包含控制字符',
  descriptionInvalid: `参数 description 应为不超过 ${PLAN_LIMITS.descriptionMax} 个字符的文本，不能包含控制字符`,
  priceLabelInvalid: `参数 priceLabel 应为不超过 ${PLAN_LIMITS.priceLabelMax} 个字符的一行文本`,
  interfacesInvalid: `参数 interfaceIds 应为 1 到 ${PLAN_LIMITS.interfacesMax} 个不重复的接口 id 的数组`,
  interfaceNotFound: '参数 interfaceIds 中有不存在的接口',
  badQuota: `参数 quota 应为 1 到 ${PLAN_LIMITS.quotaMax} 的整数（每个周期的调用次数）`,
  badPeriod: '参数 period 只能是 day 或 month',
  badOverage: '参数 overage 只能是 block 或 allow',
  badVisibility: '参数 visibility 只能是 public 或 private',
  badApproval: '参数 approval 应为 true 或 false',
  badIsDefault: '参数 isDefault 应为 true 或 false',
  badPlanId: '参数 planId 应为套餐的 id（正整数）',
  badStatus: '参数 status 只能是 pending、active、refused、ended 或 live 之一',
  replyInvalid: `参数 reply 应为不超过 ${PLAN_LIMITS.reasonMax} 个字符的文本，不能包含控制字符`,
  defaultNeedsPublic: '默认套餐须为公开且无需审批的套餐',
  defaultTaken: (plan: string) => `接口已有默认套餐「${plan}」，一个接口只能有一个默认套餐`,
  planNotFound: '套餐不存在',
  planRetired: '套餐已下架',
  interfacesLocked: '套餐有生效中或待审批的订阅，不能修改它的接口',
  covered: (plan: string) => `已订阅的套餐「${plan}」已包含该套餐的接口，一个接口只能有一个生效中的订阅`,
  alreadyOnPlan: (plan: string) => `已订阅套餐「${plan}」`,
  subscriptionNotFound: '订阅不存在',
  subscriptionOver: '订阅已结束',
  nothingPending: '该订阅没有待审批的申请',
} as const);
