import { formatNumber, localized } from '@/locales';

/** The page: documentation, the online call's frame and the code samples' tabs. */
export const VIEW_TEXTS = localized('view', {
  pageTitle: '查看接口',
  signedCurl: 'cURL（签名）',
  signedNode: 'Node.js（签名）',
  signedPython: 'Python（签名）',
  back: '返回接口列表',
  notFoundTitle: '接口不存在或已下线',
  notFoundDescription: '它可能已被删除、下线，或者链接有误。',
  loadErrorTitle: '接口加载失败',
  retry: '重试',

  infoTitle: '接口信息',
  description: '描述',
  noDescription: '暂无描述',
  url: '请求地址',
  method: '请求方法',
  status: '状态',
  createTime: '创建时间',
  updateTime: '更新时间',
  rateLimit: '速率限制',
  myQuota: '我的额度',
  quotaLeft: (left: string, total: string) => `剩余 ${left} / ${total} 次`,
  quotaNotYet: '还没有调用过，首次调用时获得默认额度',
  quotaUnlimited: '管理员调用不受额度限制',
  quotaFailed: '额度加载失败',
  /** Which calls take a unit (contract/charge.ts). */
  chargeRule: '平台拒绝、接口未应答或返回 5xx 的调用不计次；接口应答 2xx–4xx 的调用计一次。',
  usageLink: '我的用量',

  exportOpenApi: '导出 OpenAPI',
  exported: '已导出 OpenAPI 文档',
  deprecatedTag: '已弃用',
  deprecatedTitle: '该接口已弃用',
  deprecatedSince: (time: string) => `${time} 起弃用。`,
  sunsetOn: (date: string) => `将于 ${date} 停止服务，此后调用返回 410 Gone。`,
  goneSince: (date: string) => `已于 ${date} 停止服务，调用返回 410 Gone。`,
  noSunset: '尚未定停止服务的日期。',
  replacement: '替代接口：',
  replacementLink: (id: string) => `接口 ${id}`,
  headersNote: '调用的响应带有 Deprecation、Sunset 和 Link 头。',
  /** Between the banner's sentences. */
  sentenceSep: '',
  noticesTitle: '已通知的调用者',
  noticesHint: '标记弃用时，近 30 天调用过该接口的用户（仅管理员可见）',
  noticesEmpty: '没有需要通知的调用者',
  noticesFailed: '通知记录加载失败',
  noticeUser: '用户',
  noticeLastCall: '最近一次调用',
  noticeTime: '通知时间',

  paramsTitle: '请求参数',
  paramName: '参数名',
  paramType: '类型',
  paramRequired: '必填',
  paramDescription: '说明',
  required: '是',
  optional: '否',
  noParams: '该接口不需要参数',
  rawParams: '参数说明不是标准的参数列表，原文如下：',

  headersTitle: '请求头与响应头',
  requestHeader: '请求头',
  responseHeader: '响应头',
  noHeaders: '无',

  callTitle: '在线调用',
  accountLink: '获取访问密钥、查看调用次数',
  resetExample: '恢复示例',
  send: '发送请求',
  sendShortcut: (mac: boolean) => (mac ? '⌘ + Enter 发送' : 'Ctrl + Enter 发送'),
  offline: '该接口已下线，暂不可调用',
  offlineDescription: '接口上线后即可在线调用。',
  copy: '复制',
  copied: '已复制',
  copyOf: (what: string) => `复制${what}`,

  samplesTitle: '代码示例',
  curlSample: 'cURL 示例',
  fetchSample: 'JavaScript 示例',
  samplesHint: '示例通过平台的调用接口发送当前参数，与“在线调用”一致。',
  samplesInvalid: '参数 JSON 有误，示例使用上一次有效的参数。',
  noKeyPair: '你还没有访问密钥，签名示例中的 accessKey 是占位符。',
  createKeyPair: '前往个人中心创建',
} as const);

/** The parameter form and its JSON mode. */
export const FORM_TEXTS = localized('form', {
  modeLabel: '参数编辑方式',
  formMode: '表单',
  jsonMode: 'JSON',
  formTitle: '请求参数',
  editorLabel: '请求参数（JSON）',
  editorHint: '按接口的参数填写 JSON 对象，留空表示不传参数；表单写不出的参数（如未声明的字段）在这里填写。',
  noFields: '该接口没有声明参数，可在 JSON 中填写要发送的内容。',
  rawParams: '该接口的参数说明不是标准的参数列表，请在 JSON 中填写。',
  formUnavailable: (reason: string) => `表单无法显示当前参数：${reason}`,
  notAnObject: '参数需要是一个 JSON 对象',
  choose: '请选择',
  defaultOption: '默认',
  required: (name: string) => `请填写 ${name}`,
  notInteger: (name: string) => `${name} 需要是整数`,
  notNumber: (name: string) => `${name} 需要是数字`,
  notBoolean: (name: string) => `${name} 需要是 true 或 false`,
  notObject: (name: string) => `${name} 需要是 JSON 对象`,
  notArray: (name: string) => `${name} 需要是 JSON 数组`,
} as const);

/** The answer panel. */
export const ANSWER_TEXTS = localized('answer', {
  title: '返回结果',
  placeholder: '点击“发送请求”（或按 Ctrl/⌘ + Enter）后在这里查看返回结果',
  body: '返回内容',
  success: '成功',
  failed: '失败',
  platformRefused: '平台拒绝',
  interfaceError: (status: number) => `接口返回错误 ${status}`,
  errorCode: (code: number) => `错误码 ${code}`,
  httpStatus: 'HTTP 状态',
  took: (ms: number) => `耗时 ${formatNumber(ms)} ms`,
  size: (bytes: string) => `大小 ${bytes}`,
  headers: (count: number) => `响应头（${count}）`,
  headerName: '名称',
  headerValue: '值',
  noHeaders: '接口没有返回响应头',
  pretty: '格式化',
  raw: '原始',
  text: '文本',
  viewLabel: '查看方式',
  download: '下载',
  downloadOf: (what: string) => `下载${what}`,
  tooLargeToColour: '内容较大，未着色显示',
} as const);

/** The user's recent calls of the interface. */
export const HISTORY_TEXTS = localized('history', {
  title: '最近调用',
  hint: '你对该接口最近的调用，最新的在前；点“填入”把当时的参数放回表单。',
  empty: '还没有调用记录',
  loadFailed: '调用记录加载失败',
  retry: '重试',
  time: '时间',
  status: '状态',
  duration: '耗时',
  params: '参数',
  action: '操作',
  noAnswer: '无应答',
  /** A call that succeeded but whose HTTP status was not recorded (older and seeded calls). */
  succeeded: '成功',
  fill: '填入',
  fillLabel: (time: string) => `填入 ${time} 的参数`,
  paramsNotRecorded: '未记录参数',
  truncated: '参数过长未保存',
  truncatedTitle: (kb: number) => `参数超过 ${kb} KB，未保存`,
  noParams: '无参数',
  durationMs: (ms: number) => `${formatNumber(ms)} ms`,
} as const);

/**
 * The words inside the generated code samples (comments, placeholders, a printed label), so that an
 * English page hands out English programs. The placeholders stay in angle brackets: the platform
 * leaves any `<…>` header value unsent (server/invoke/request.ts), whatever its language.
 */
export const SAMPLE_TEXTS = localized('samples', {
  cookiePlaceholder: '<登录后的会话 Cookie>',
  curlComment: '# 先在浏览器登录控制台，把会话 Cookie 填到下面',
  fetchComment: '// 在已登录控制台的浏览器中运行（会带上会话 Cookie）',
  accessKeyPlaceholder: '<你的 accessKey>',
  /** How to run each signed sample; `env` names the variable that holds the secret key. */
  curlIntro: (env: string) => `# bash + curl + openssl；先 export ${env}=你的 secretKey`,
  /** The shell's own message when the variable is unset: no double quote, $, backquote, backslash or }. */
  secretMissing: (env: string) => `请先设置 ${env}`,
  nodeIntro: (env: string) => `// Node 18+：${env}=你的 secretKey node call.mjs`,
  pythonIntro: (env: string) => `# Python 3 + requests（pip install requests）；${env}=你的 secretKey python3 call.py`,
  /** After the secret key's line, behind the language's comment mark. */
  secretLocal: '只放在自己的机器上',
  nodeSignComment: '// 签名：按名称、再按值排序的查询参数（UTF-8 字节序），每项 encodeURIComponent',
  pythonSignComment: '# 签名：按名称、再按值排序的查询参数，每项按 encodeURIComponent 编码',
  /** Printed beside the HTTP status with the X-Quota-Remaining header. */
  callsLeft: '剩余次数',
} as const);
