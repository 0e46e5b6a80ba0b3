import { MenuOutlined } from '@ant-design/icons';
import { HEADER_BUTTON_STYLE } from '@/components/headerButton';
import { LAYOUT_TEXTS } from './texts';

export { LAYOUT_TEXTS } from './texts';

type MenuButtonProps = {
  /** Whether the menu is folded away (ProLayout's `collapsed`). */
  collapsed?: boolean;
  onCollapse?: (collapsed: boolean) => void;
};

/**
 * The phone's menu button. ProLayout's own is a bare `<span>` with an icon: no role, no name and
 * out of the tab order. This one is a button with the menu's name that says whether the menu is
 * open; the menu opens in a drawer that takes the focus and gives it back here when it closes.
 */
export default function MenuButton({ collapsed, onCollapse }: MenuButtonProps) {
  return (
    <button
      type="button"
      className="agler-menu-button"
      aria-label={LAYOUT_TEXTS.menu}
      title={LAYOUT_TEXTS.menu}
      aria-expanded={!collapsed}
      onClick={() => onCollapse?.(!collapsed)}
      style={{ ...HEADER_BUTTON_STYLE, fontSize: 18 }}
    >
      <MenuOutlined aria-hidden />
    </button>
  );
}
