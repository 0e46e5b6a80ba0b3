import { AreaChartOutlined } from '@ant-design/icons';
import type { MenuDataItem } from '@ant-design/pro-components';
import { routeName } from '@/locales/routes';

/**
 * The layout plugin turns icon names into components only where an antd icon
 * of that name exists; `analysis` (the spec's name for 接口分析) has none, and
 * would otherwise be printed as text in the menu.
 */
const EXTRA_ICONS: Record<string, React.ReactNode> = {
  analysis: <AreaChartOutlined />,
};

/** The menu with its icons, and its names in the page's language. */
export function withMenuIcons(menu: MenuDataItem[]): MenuDataItem[] {
  return menu.map((item) => ({
    ...item,
    name: item.name ? routeName(item.name) : item.name,
    icon: typeof item.icon === 'string' && EXTRA_ICONS[item.icon] ? EXTRA_ICONS[item.icon] : item.icon,
    children: item.children ? withMenuIcons(item.children) : item.children,
  }));
}
