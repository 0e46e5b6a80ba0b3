import { INTERFACE_LIMITS } from '@/constants';
import { formatNumber, localized, pageEnglishOf } from '@/locales';
import { INTERFACE_FIELD_LABELS } from '@agler/contract/interfaceValidation';
import { adminInterface as english } from './texts.en';

// Its English comes with the page, not in the English chunk that every page in English downloads.
pageEnglishOf('adminInterface', english);

/** Every text of the interface management page, its form and its confirmations. */
export const ADMIN_INTERFACE_TEXTS = localized('adminInterface', {
  columns: {
    id: 'ID',
    ...INTERFACE_FIELD_LABELS,
    status: '状态',
    createTime: '创建时间',
    updateTime: '更新时间',
    actions: '操作',
  },
  /** The actions column's width in px: three links (编辑 下线 删除) on one line, in this language's words. */
  actionsWidth: 140,
  status: { online: '已上线', offline: '已下线' },
  create: '新建接口',
  edit: '编辑',
  publish: '发布',
  offline: '下线',
  delete: '删除',

  offlineConfirm: '确定下线该接口吗？',
  offlineConfirmHint: '下线后，用户将无法查看和调用它。',
  deleteConfirm: (name: string) => `确定删除接口「${name}」吗？`,
  deleteConfirmHint: '删除后不可恢复。',
  confirmOffline: '下线',
  confirmDelete: '删除',
  cancel: '取消',

  published: '已发布，用户现在可以看到它',
  tookOffline: '已下线，用户将看不到它',
  deleted: '已删除',
  created: '已创建，接口处于下线状态，发布后用户可见',
  saved: '已保存',
  /** Someone else deleted the interface after the table was loaded. */
  gone: '该接口已被删除，列表已刷新',

  selected: (count: number) => `已选择 ${formatNumber(count)} 项`,
  /** The row checkbox's accessible name: which interface it selects. */
  selectRow: (name: string) => `选择 ${name}`,
  clearSelection: '取消选择',
  batchPublish: '批量发布',
  batchOffline: '批量下线',
  batchDelete: '批量删除',
  /** A batch applies only to the rows it changes: the question says how many of the selection that is. */
  batchPublishConfirm: (selected: number, count: number) =>
    selected === count
      ? `确定发布选中的 ${formatNumber(count)} 个接口吗？`
      : `选中 ${formatNumber(selected)} 个，其中 ${formatNumber(count)} 个已下线：发布这 ${formatNumber(count)} 个？`,
  batchOfflineConfirm: (selected: number, count: number) =>
    selected === count
      ? `确定下线选中的 ${formatNumber(count)} 个接口吗？`
      : `选中 ${formatNumber(selected)} 个，其中 ${formatNumber(count)} 个在线：下线这 ${formatNumber(count)} 个？`,
  batchDeleteConfirm: (selected: number) => `确定删除选中的 ${formatNumber(selected)} 个接口吗？`,
  publishConfirmHint: '发布后，用户可以查看和调用它们。',
  confirmPublish: '发布',
  nothingToPublish: '选中的接口都已上线',
  nothingToOffline: '选中的接口都已下线',
  batchPublishDone: (count: number) => `已发布 ${formatNumber(count)} 个接口`,
  batchOfflineDone: (count: number) => `已下线 ${formatNumber(count)} 个接口`,
  batchDeleteDone: (count: number) => `已删除 ${formatNumber(count)} 个接口`,
  batchPublishPartial: (done: number, failed: number, which: string) =>
    `已发布 ${formatNumber(done)} 个接口，${formatNumber(failed)} 个失败：${which}`,
  batchOfflinePartial: (done: number, failed: number, which: string) =>
    `已下线 ${formatNumber(done)} 个接口，${formatNumber(failed)} 个失败：${which}`,
  batchDeletePartial: (done: number, failed: number, which: string) =>
    `已删除 ${formatNumber(done)} 个接口，${formatNumber(failed)} 个失败：${which}`,
  batchGone: '已被删除',
  /** One failed interface of a batch with its reason, and what separates one from the next. */
  batchFailure: (name: string, reason: string) => `「${name}」：${reason}`,
  batchFailureSeparator: '；',
  /** A disabled batch button's accessible name: the button and why nothing would change. */
  batchDisabled: (label: string, reason: string) => `${label}：${reason}`,

  /** The id column shows the id's end; the whole id is in its tooltip and its copy. */
  fullId: (id: string) => `ID：${id}`,
  copyId: '复制完整 ID',
  copyUrl: '复制地址',
  copied: '已复制',

  form: {
    createTitle: '新建接口',
    editTitle: (name: string) => `编辑接口：${name}`,
    submitCreate: '创建',
    submitEdit: '保存',
    cancel: '取消',
    namePlaceholder: '例如：天气查询',
    urlPlaceholder: 'https://api.example.com/v1/weather',
    urlHint: `以 http:// 或 https:// 开头的完整地址，最多 ${INTERFACE_LIMITS.urlMax} 个字符`,
    descriptionPlaceholder: '这个接口做什么，调用时要注意什么',
    methodPlaceholder: '请选择请求方法',
    jsonHint: '留空或填写 JSON',
    paramsHint: '参数表与 JSON 是同一份内容的两种编辑方式；留空表示没有参数',
    requestHeaderPlaceholder: '{\n  "Content-Type": "application/json"\n}',
    responseHeaderPlaceholder: '{\n  "Content-Type": "application/json"\n}',
    requestParamsPlaceholder:
      '[\n  { "name": "city", "type": "string", "required": true, "description": "城市" }\n]',
    discardTitle: '放弃未保存的修改？',
    discardContent: '关闭后，本次填写的内容不会保存。',
    discardOk: '放弃修改',
    discardCancel: '继续编辑',
    loadFailed: '接口加载失败',
    retry: '重试',
    saveFailed: '保存失败',
    goneWhileEditing: '该接口已被删除，无法保存；列表已刷新。',
    rateLimit: '速率限制（次/秒）',
    rateLimitHint: '每个调用者每秒最多调用几次；0 表示不限速率',
    rateBurst: '突发次数',
    rateBurstHint: '每个调用者一次最多连续调用几次，不小于速率限制；留空与速率限制相同',
    deprecated: '标记为已弃用',
    deprecatedHint: '调用的响应会带上 Deprecation、Sunset 和 Link 头；近 30 天调用过它的用户会收到通知',
    sunsetDate: '停止服务日期',
    sunsetDateHint: '从这一天起，调用返回 410 Gone 并说明替代接口',
    replacement: '替代接口',
    replacementPlaceholder: '输入名称搜索接口',
    replacementHint: '调用者会在 Link 头和 410 的消息里看到它',
  },

  /** The drawer's 上游设置: how the platform calls the interface's own server. */
  upstream: {
    title: '上游设置',
    open: '打开上游设置',
    intro: '平台调用这个接口的服务器时如何认证、签名和限时。这里的每一项单独保存，立即生效。',
    loadFailed: '上游设置加载失败',
    credentials: '上游凭据',
    credentialsHint: (max: number) =>
      `平台每次调用都会加上这些请求头或查询参数，替换调用者传来的同名项；最多 ${formatNumber(max)} 个。值只能写入，保存后只显示末 4 位。`,
    noCredentials: '还没有凭据',
    places: { header: '请求头', query: '查询参数' },
    /** A credential's value as shown: its last 4 characters, or nothing of it when it is short. */
    masked: (last4: string) => `••••${last4}`,
    remove: '删除',
    removeConfirm: (name: string) => `确定删除凭据 ${name} 吗？`,
    removeHint: '删除后，平台调用时不再带上它。',
    removed: '凭据已删除',
    removeLabel: (name: string) => `删除凭据 ${name}`,
    place: '位置',
    name: '名称',
    namePlaceholder: { header: '例如：Authorization', query: '例如：key' },
    value: '值',
    valuePlaceholder: '例如：Bearer sk-…',
    nameRequired: '请填写名称',
    valueRequired: '请填写值',
    replaces: '已有同名凭据：保存后替换它的值',
    full: (max: number) => `凭据已达 ${formatNumber(max)} 个，请先删除一个`,
    add: '保存凭据',
    added: '凭据已保存',
    saveFailed: '保存失败',
    signature: '转发签名',
    signatureHint:
      '平台转发的每次调用都带有 agler-signature 等请求头，接口服务器用转发密钥验证调用来自平台，并拒绝直接发来的请求。',
    secretTime: '当前密钥生成于',
    secretNotYet: '首次调用时生成',
    previousUntil: '旧密钥仍同时签名，直到',
    verifyGuide: '如何验证签名',
    /** The developer guide's section on verifying a forwarded call. */
    grace: '旧密钥',
    graceOptions: { 0: '立即失效', 3600: '1 小时后失效', 86400: '24 小时后失效' },
    rotate: '轮换密钥',
    rotateTitle: '轮换转发密钥？',
    rotateContent: (grace: string) =>
      `将生成新的转发密钥，立即用它签名；旧密钥${grace}。请在旧密钥失效前把新密钥配置到接口服务器。`,
    rotateOk: '轮换',
    rotated: '已生成新的转发密钥',
    secretWarning:
      '转发密钥只显示这一次，关闭后无法再次查看。请立即复制并配置到接口服务器；之后只能轮换出新的密钥。',
    secretNote: (until: string) => `旧密钥在 ${until} 之前仍同时签名。`,
    secretNoteStopped: '旧密钥已立即停止签名。',
    limits: '超时与重试',
    timeout: '超时（毫秒）',
    timeoutHint: (min: number) => `不小于 ${formatNumber(min)}，不超过平台上限；留空使用平台默认`,
    timeoutPlaceholder: '平台默认',
    retries: '重试次数',
    retriesHint: (max: number) =>
      `0 到 ${formatNumber(max)} 次，只对 GET、HEAD、PUT 和 DELETE：连接被拒绝或重置，或返回 502/503/504 时重试；一次调用只计费一次`,
    maxConnections: '最大连接数',
    maxConnectionsHint: (max: number, fallback: number) =>
      `平台同时连到接口服务器的连接数，1 到 ${formatNumber(max)}；留空为 ${formatNumber(fallback)}。拿不到连接的调用返回 503`,
    maxConnectionsPlaceholder: (fallback: number) => `默认 ${formatNumber(fallback)}`,
    wholeBetween: (min: number, max: number) => `请输入 ${formatNumber(min)} 到 ${formatNumber(max)} 的整数`,
    atLeast: (min: number) => `请输入不小于 ${formatNumber(min)} 的整数`,
    saveLimits: '保存',
    limitsSaved: '超时与重试已保存',
    cancel: '取消',
  },

  lifecycle: {
    deprecated: '已弃用',
    sunset: (date: string) => `${date} 停止服务`,
  },

  exportOpenApi: '导出 OpenAPI',
  exportSelected: '导出所选',
  exported: '已导出 OpenAPI 文档',
  exportFailed: '导出失败',

  importOpenApi: '批量导入',
  import: {
    title: '批量导入 OpenAPI / Swagger 文档',
    source: '文档来源',
    paste: '粘贴',
    upload: '上传文件',
    url: '从 URL 获取',
    urlLabel: '文档地址',
    pasteLabel: '文档内容',
    pastePlaceholder: '粘贴 OpenAPI 3.0、3.1 或 Swagger 2.0 文档（JSON 或 YAML）',
    chooseFile: '选择文件',
    uploadHint: 'JSON 或 YAML，最多 5 MB',
    fileChosen: (name: string) => `已读取 ${name}`,
    fileTooLarge: '文件超过 5 MB',
    urlPlaceholder: 'https://example.com/openapi.json',
    urlHint: '平台按调用接口时的规则获取：不访问内网地址，不跟随重定向，最多 5 MB',
    baseUrl: '基础地址',
    baseUrlPlaceholder: 'https://api.example.com',
    baseUrlHint: '文档的服务器地址是相对地址或没有写时，用它拼出接口地址',
    baseUrlNeeded: '文档没有完整的服务器地址：请填写基础地址后重新预览',
    sourceMissing: '请先粘贴文档、选择文件或填写文档地址',
    preview: '预览',
    errorsTitle: (count: number) => `文档不符合规范（${formatNumber(count)} 处），不会导入任何接口`,
    errorWhere: (path: string) => path || '文档',
    summary: (create: number, update: number, skip: number) =>
      `新建 ${formatNumber(create)} 个，更新 ${formatNumber(update)} 个，跳过 ${formatNumber(skip)} 个`,
    columns: { include: '导入', action: '结果', name: '名称', method: '方法', url: '地址', detail: '说明' },
    actions: { create: '新建', update: '更新', skip: '跳过' },
    includeRow: (name: string) => `导入 ${name}`,
    changed: (fields: string) => `修改：${fields}`,
    /** Between the changed fields, and between a row's reasons and notes. */
    listSep: '、',
    detailSep: '；',
    field: '字段',
    before: '原值',
    emptyValue: '（空）',
    after: '新值',
    deprecatedField: '已弃用',
    submit: (count: number) => `导入 ${formatNumber(count)} 个接口`,
    done: (created: number, updated: number) =>
      `已导入 ${formatNumber(created + updated)} 个接口：新建 ${formatNumber(created)} 个（处于下线状态），更新 ${formatNumber(updated)} 个`,
    failed: '导入失败',
    cancel: '取消',
  },

  params: {
    rows: '参数表',
    json: 'JSON',
    name: '参数名',
    type: '类型',
    required: '必填',
    description: '说明',
    actions: '操作',
    add: '添加参数',
    remove: '删除',
    empty: '暂无参数',
    rowLabel: (column: string, row: number) => `${column}（第 ${row} 行）`,
    notRows: '当前内容无法按参数表编辑，请在 JSON 中修改：',
    toJson: '切换到 JSON',
    notArray: '请求参数不是数组',
    itemNotObject: (row: number) => `第 ${row} 项不是对象`,
    badKey: (row: number, key: string, kind: string) => `第 ${row} 项的 ${key} 应为${kind}`,
    kindText: '文本',
    kindBoolean: '布尔值',
  },
} as const);
