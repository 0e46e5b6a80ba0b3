import { formatNumber, localized } from '@/locales';

export const INDEX_TEXTS = localized('index', {
  subTitle: '浏览平台上的开放接口，查看文档并在线调用',
  searchPlaceholder: '搜索接口名称、描述或地址',
  searchLabel: '搜索接口',
  methodLabel: '请求方法',
  allMethods: '全部',
  sortLabel: '排序',
  sortOptions: {
    createTime: '最新创建',
    updateTime: '最近更新',
    name: '名称',
  },
  ascend: '升序',
  descend: '降序',
  orderToggle: (order: string) => `当前${order}，点击切换`,
  total: (total: number) => `共 ${formatNumber(total)} 个接口`,
  range: (from: number, to: number, total: number) =>
    `第 ${formatNumber(from)}-${formatNumber(to)} 个，共 ${formatNumber(total)} 个接口`,
  noDescription: '暂无描述',
  deprecated: '已弃用',
  sunset: (date: string) => `${date} 停止服务`,
  /** Its sunset date has passed: calls answer 410. */
  stopped: (date: string) => `已于 ${date} 停止服务`,
  updatedAt: (time: string) => `更新于 ${time}`,
  loading: '正在加载接口列表',
  emptyTitle: '暂无接口',
  emptyDescription: '平台上还没有可用的接口，稍后再来看看。',
  emptyAdminAction: '去添加接口',
  noMatchTitle: '没有匹配的接口',
  noMatchDescription: (text: string) =>
    text ? `没有与“${text}”匹配的接口，换个关键词或清除筛选试试。` : '当前筛选条件下没有接口。',
  clearFilters: '清除筛选',
  errorTitle: '接口列表加载失败',
  listLabel: '接口列表',
} as const);
