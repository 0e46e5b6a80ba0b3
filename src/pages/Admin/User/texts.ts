import { localized, pageEnglishOf } from '@/locales';
import { adminUser as english } from './texts.en';

// Its English comes with the page, not in the English chunk that every page in English downloads.
pageEnglishOf('adminUser', english);

/** Every text of the user management page, its quota drawer and its confirmations. */
export const ADMIN_USER_TEXTS = localized('adminUser', {
  columns: {
    id: 'ID',
    account: '账号',
    name: '用户',
    role: '角色',
    createTime: '注册时间',
    actions: '操作',
    searchText: '账号或昵称',
  },
  searchPlaceholder: '输入账号或昵称的一部分',
  idTitle: (id: string) => `完整 ID：${id}`,

  /** The role tag of each row, and the role filter of the search form. */
  roles: { user: '用户', admin: '管理员', ban: '已封禁' },
  /** What the per-row role select offers. */
  roleOptions: { user: '普通用户', admin: '管理员' },
  roleSelectLabel: (account: string) => `${account} 的角色`,
  roleChanged: (name: string, role: string) => `已将「${name}」设为${role}`,

  ban: '封禁',
  unban: '解封',
  banConfirm: (name: string) => `确定封禁「${name}」吗？`,
  banConfirmHint: '封禁后，该用户的登录会话和访问密钥立即失效，无法再登录或调用接口，直到解封。',
  confirmBan: '封禁',
  unbanConfirm: (name: string) => `确定解封「${name}」吗？`,
  unbanConfirmHint: '解封后，该用户恢复为普通用户，可以重新登录。',
  confirmUnban: '解封',
  cancel: '取消',
  banned: (name: string) => `已封禁「${name}」`,
  unbanned: (name: string) => `已解封「${name}」`,
  /** Why the admin's own row cannot be changed (the server refuses it too). */
  selfBan: '不能封禁自己的账号',
  selfRole: '不能降级自己的账号',
  gone: '该用户已不存在，列表已刷新',

  loadFailed: '用户列表加载失败',

  tabs: { users: '用户', requests: '额度申请' },
  /** Opens 我的用量 of the row's user. */
  usageLink: '用量',
  usageLinkLabel: (account: string) => `查看 ${account} 的用量`,

  /** A user's keys and their audit trail, read-only. */
  keys: {
    open: '密钥',
    openLabel: (account: string) => `查看 ${account} 的密钥`,
    title: (name: string) => `密钥：${name}`,
    readOnly: '只读：密钥的新建、轮换和吊销由用户本人在个人中心操作，SecretKey 任何人都无法再次查看。',
    empty: '该用户还没有访问密钥',
  },

  requests: {
    columns: {
      createTime: '申请时间',
      user: '用户',
      interface: '接口',
      amount: '申请内容',
      quota: '当前剩余 / 总次数',
      reason: '理由',
      status: '状态',
      answer: '答复',
      actions: '操作',
    },
    filter: '状态',
    all: '全部',
    gone: '已删除的接口',
    approve: '批准',
    approveConfirm: (amount: string, name: string) => `批准后「${name}」的额度增加 ${amount} 次，确定吗？`,
    approveTopupConfirm: (amount: string, name: string) =>
      `批准后「${name}」的套餐本周期增加 ${amount} 次调用，下个周期恢复，确定吗？`,
    approvePlanConfirm: (plan: string, name: string) => `批准后「${name}」的订阅换到套餐「${plan}」，确定吗？`,
    approved: (name: string) => `已批准「${name}」的申请`,
    refuse: '拒绝',
    refuseTitle: (name: string) => `拒绝「${name}」的申请`,
    refuseReason: '拒绝理由',
    refuseReasonPlaceholder: '会告知申请人',
    refused: (name: string) => `已拒绝「${name}」的申请`,
    cancel: '取消',
    empty: '没有额度申请',
    loadFailed: '额度申请加载失败',
  },

  quota: {
    open: '调用额度',
    title: (name: string) => `调用额度：${name}`,
    columns: {
      name: '接口',
      method: '方法',
      calls: '已调用',
      leftNum: '剩余 / 总额度',
      rateLimit: '速率限制（次/秒，突发）',
    },
    rateLimitLabel: (name: string) => `「${name}」的速率限制（次/秒）`,
    rateBurstLabel: (name: string) => `「${name}」的突发次数`,
    ratePlaceholder: '跟随接口',
    burstPlaceholder: '同速率',
    rateSave: '设置',
    rateSaved: (name: string) => `已更新「${name}」的速率限制`,
    /** `limits` is the limit in words (src/utils/rateLimit.ts). */
    rateFollows: (limits: string) => `跟随接口：${limits}`,
    rateOwn: (limits: string) => `单独设置：${limits}`,
    leftNumLabel: (name: string) => `「${name}」的剩余次数`,
    save: '保存',
    saved: (name: string) => `已更新「${name}」的剩余次数`,
    saveFailed: (reason: string) => `保存失败：${reason}`,
    loadFailed: '调用额度加载失败',
    empty: '该用户还没有调用过接口，也没有单独设置的额度',
    offline: '已下线',

    grantTitle: '设置某个接口的额度',
    /** `max` is QUOTA_MAX, formatted when the hint is shown, in the page's language. */
    grantHint: (max: string) =>
      `用户首次调用接口时自动获得默认额度；在这里可以提前设置或修改任一接口的剩余次数（0 到 ${max}）。`,
    interfaceLabel: '接口',
    interfacePlaceholder: '输入接口名称搜索',
    interfaceRequired: '请选择接口',
    leftNumField: '剩余次数',
    leftNumRequired: '请输入剩余次数',
    grant: '设置额度',
    granted: (name: string) => `已设置「${name}」的额度`,
  },
} as const);
