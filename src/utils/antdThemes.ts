import { theme } from 'antd';
import type { ThemeConfig } from 'antd';
import defaultSettings, {
  DARK_SHADES,
  ERROR_TEXT_SHADES,
  MENU_SELECTED_BG,
  PRIMARY_TEXT_SHADES,
  TAG_TEXT_SHADES,
  TEXT_TERTIARY,
} from '../defaultSettings';
import type { ThemeMode } from './theme';

type Shades = { readonly base: string; readonly hover: string; readonly active: string };

/**
 * What both themes set to keep text readable: text in the primary colour (links, the primary
 * text tokens) and in the error colour in shades that pass 4.5:1 on the theme's backgrounds, grey
 * text no lighter than that, and the fills primary and danger buttons write white (or black) on.
 */
function readableTokens(
  primaryText: Shades,
  primaryFill: Shades,
  errorText: Shades,
  textTertiary: string,
  selectedItemBg: string,
) {
  return {
    token: {
      colorPrimary: defaultSettings.colorPrimary,
      colorPrimaryText: primaryText.base,
      colorPrimaryTextHover: primaryText.hover,
      colorPrimaryTextActive: primaryText.active,
      colorLink: primaryText.base,
      colorLinkHover: primaryText.hover,
      colorLinkActive: primaryText.active,
      colorErrorText: errorText.base,
      colorErrorTextHover: errorText.hover,
      colorErrorTextActive: errorText.active,
      colorTextTertiary: textTertiary,
      colorTextDescription: textTertiary,
    },
    button: {
      colorPrimary: primaryFill.base,
      colorPrimaryHover: primaryFill.hover,
      colorPrimaryActive: primaryFill.active,
      colorError: errorText.base,
      colorErrorHover: errorText.hover,
      colorErrorActive: errorText.active,
    },
    // A field's error message is written in the error colour.
    form: { colorError: errorText.base },
    // The parent of the current page in the menu (管理页 on an admin page): antd writes it in the
    // primary colour, too light to read on the phone's menu drawer.
    // The current page's item: antd writes it in the primary colour on its tint (2.9:1), which is
    // what the side menu shows wherever antd's own menu style applies rather than ProLayout's.
    menu: {
      subMenuItemSelectedColor: primaryText.base,
      itemSelectedColor: primaryText.hover,
      itemSelectedBg: selectedItemBg,
    },
    // A dropdown's chosen item (the theme and language menus): antd writes it in the primary
    // colour on that colour's light tint, too faint to read.
    dropdown: { colorPrimary: primaryText.base },
    // The chosen tab (用户管理's 额度申请): antd writes it in the primary colour, too light to read.
    tabs: { itemSelectedColor: primaryText.base, itemHoverColor: primaryText.hover, itemActiveColor: primaryText.active },
  };
}

/** antd's theme: the layout's primary colour, with its text in the darker shades that stay readable. */
const light = readableTokens(
  PRIMARY_TEXT_SHADES,
  PRIMARY_TEXT_SHADES,
  ERROR_TEXT_SHADES,
  TEXT_TERTIARY,
  MENU_SELECTED_BG.light,
);
const LIGHT_THEME: ThemeConfig = {
  token: light.token,
  components: {
    // Tags write their text in a preset's 7th shade, too light for green and orange: their 8th instead.
    Tag: { green7: TAG_TEXT_SHADES.green, orange7: TAG_TEXT_SHADES.orange },
    Button: light.button,
    Form: light.form,
    Menu: light.menu,
    Dropdown: light.dropdown,
    Tabs: light.tabs,
  },
};

/**
 * The dark theme: antd's dark algorithm with readable text shades (DARK_SHADES); ProLayout follows
 * these tokens, and its navTheme stays 'light' because 'realDark' writes the selected menu item
 * white on the primary colour, which is too faint.
 */
const dark = readableTokens(
  DARK_SHADES.primaryText,
  DARK_SHADES.primaryFill,
  DARK_SHADES.errorText,
  DARK_SHADES.textTertiary,
  MENU_SELECTED_BG.dark,
);
const DARK_THEME: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: { ...dark.token, colorInfoText: DARK_SHADES.primaryText.base, purple7: DARK_SHADES.purpleText },
  components: {
    // Danger buttons write in the error colour, or on it: light enough for the first, it takes
    // black text for the second.
    Button: { ...dark.button, dangerColor: '#000' },
    Form: dark.form,
    Menu: dark.menu,
    Dropdown: dark.dropdown,
    Tabs: dark.tabs,
  },
};

/** antd's theme for each mode (src/app.tsx's rootContainer; config/antdStyles/extract.tsx extracts the light one). */
export const THEMES: Record<ThemeMode, ThemeConfig> = { light: LIGHT_THEME, dark: DARK_THEME };
