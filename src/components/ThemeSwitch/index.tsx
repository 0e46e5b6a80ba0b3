import { CheckOutlined, DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { HEADER_BUTTON_STYLE } from '@/components/headerButton';
import { setThemePreference, THEME_PREFERENCES, useTheme } from '@/utils/theme';
import type { ThemePreference } from '@/utils/theme';
import { THEME_TEXTS } from './texts';

export { THEME_TEXTS } from './texts';

/** Pictures only: the texts name the choices. */
const ICONS: Record<ThemePreference, React.ReactNode> = {
  system: <DesktopOutlined aria-hidden />,
  light: <SunOutlined aria-hidden />,
  dark: <MoonOutlined aria-hidden />,
};

/**
 * The three choices as radio items of a menu, keyed `${prefix}${choice}`: the switch's own menu,
 * and the avatar's menu on a phone.
 */
export function themeItems(preference: ThemePreference, prefix = '') {
  return THEME_PREFERENCES.map((key) => ({
    key: `${prefix}${key}`,
    icon: ICONS[key],
    label: THEME_TEXTS.options[key],
    extra: key === preference ? <CheckOutlined aria-hidden /> : undefined,
    // Which one is chosen, for screen readers as for the eye (the check mark).
    role: 'menuitemradio',
    'aria-checked': key === preference,
  }));
}

/**
 * The header's theme switch: follow the system (the default), light or dark, remembered in this
 * browser. A menu of three radio items; the button's name says what is chosen now.
 */
export default function ThemeSwitch() {
  const { preference, mode } = useTheme();
  const current =
    preference === 'system'
      ? THEME_TEXTS.following(THEME_TEXTS.modes[mode])
      : THEME_TEXTS.options[preference];
  const label = THEME_TEXTS.trigger(current);

  const items: MenuProps['items'] = themeItems(preference);

  return (
    // autoFocus: opened from the keyboard, the menu takes the focus (arrows, Enter, Escape back).
    <Dropdown
      menu={{
        items,
        selectedKeys: [preference],
        onClick: ({ key }) => setThemePreference(key as ThemePreference),
      }}
      trigger={['click']}
      autoFocus
    >
      <button
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        style={HEADER_BUTTON_STYLE}
      >
        {ICONS[preference]}
      </button>
    </Dropdown>
  );
}
