import { CheckOutlined, TranslationOutlined } from '@ant-design/icons';
import { Dropdown, message } from 'antd';
import type { MenuProps } from 'antd';
import { HEADER_BUTTON_STYLE } from '@/components/headerButton';
import { currentLang, LANGS, setLang } from '@/locales';
import type { Lang } from '@/locales';
import { LANG_NAMES, LANG_TEXTS } from './texts';

/** Chooses a language: the page reloads in it (see setLang); nothing happens for the current one. */
export function chooseLang(lang: Lang) {
  if (lang === currentLang()) return;
  if (!setLang(lang)) void message.error(LANG_TEXTS.refused);
}

/** The languages as radio items of a menu, keyed `${prefix}${lang}`: the switch's menu, and the avatar's on a phone. */
export function langItems(prefix = '') {
  const current = currentLang();
  return LANGS.map((lang) => ({
    key: `${prefix}${lang}`,
    label: <span lang={lang}>{LANG_NAMES[lang]}</span>,
    extra: lang === current ? <CheckOutlined aria-hidden /> : undefined,
    role: 'menuitemradio',
    'aria-checked': lang === current,
  }));
}

/**
 * The header's language switch: 简体中文 (the default) or English, remembered in this browser.
 * Each name is written in its own language and marked so for screen readers.
 */
export default function LangSwitch() {
  const current = currentLang();
  const label = LANG_TEXTS.trigger(LANG_NAMES[current]);
  const items: MenuProps['items'] = langItems();

  return (
    <Dropdown
      menu={{ items, selectedKeys: [current], onClick: ({ key }) => chooseLang(key as Lang) }}
      trigger={['click']}
      autoFocus
    >
      <button type="button" aria-label={label} title={label} aria-haspopup="menu" style={HEADER_BUTTON_STYLE}>
        <TranslationOutlined aria-hidden />
      </button>
    </Dropdown>
  );
}
