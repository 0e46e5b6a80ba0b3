import { SearchOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { useRequest, useUnmount } from 'ahooks';
import { AutoComplete, Flex, Input, Typography } from 'antd';
import type { AutoCompleteProps } from 'antd';
import { createStyles } from 'antd-style';
import { useRef, useState } from 'react';
import { HOME_PATH, SEARCH_PARAM, SEARCH_SUGGESTIONS } from '@/constants';
import { SESSION_PROBE } from '@/requestConfig';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { localized } from '@/locales';

export const HEADER_SEARCH_TEXTS = localized('headerSearch', {
  placeholder: '站内搜索',
  interfaces: '接口',
  suggestions: '搜索',
} as const);

/** At most this many interfaces are suggested, asked for this long after the last keystroke. */
export const SUGGEST_MAX = 8;
export const SUGGEST_DEBOUNCE_MS = 250;

/** Option values of interface suggestions, told apart from the canned search words. */
const INTERFACE_VALUE_PREFIX = 'interface:';

/** The home page filtered by `text`, or the plain home page for blank text. */
export function searchUrl(text: string): string {
  const value = text.trim();
  return value ? `${HOME_PATH}?${new URLSearchParams({ [SEARCH_PARAM]: value })}` : HOME_PATH;
}

/** An interface's page. */
export function interfaceUrl(id: string | number): string {
  return `/interface_info/${encodeURIComponent(String(id))}`;
}

const useStyles = createStyles(({ token }) => ({
  // On a phone the header has no room for the box beside the logo: it folds to its icon and
  // opens while it has the focus.
  search: {
    width: 200,
    [`@media (max-width: ${token.screenSMMax}px)`]: {
      width: token.controlHeight,
      transition: `width ${token.motionDurationMid}`,
      '&:focus-within': { width: 140 },
    },
  },
}));

const POPUP_ALIGN = { overflow: { adjustX: true, adjustY: true, shiftX: true, shiftY: true } };

const includesText = (name: string, text: string) => name.toLowerCase().includes(text.toLowerCase());

/**
 * Site search: as the user types, interfaces whose name matches (opening one goes to its page)
 * and the canned words; Enter or a canned word opens the filtered catalogue.
 */
export default function HeaderSearch() {
  const { styles } = useStyles();
  const [value, setValue] = useState('');
  const lastNavigationAt = useRef(0);
  const inFlight = useRef<AbortController>();

  // ahooks drops answers of superseded runs; aborting the request also spares the server.
  const {
    data: found,
    run: suggest,
    cancel,
    mutate,
  } = useRequest(
    async (text: string) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const res = await listInterfaceInfoByPage(
        { name: text, current: 1, pageSize: SUGGEST_MAX },
        // A lost session is left to the search or page the user goes to next.
        { ...SESSION_PROBE, signal: controller.signal },
      );
      return (res.data?.records ?? []).slice(0, SUGGEST_MAX);
    },
    // Suggestions are a convenience: a failure shows none, without a message.
    { manual: true, debounceWait: SUGGEST_DEBOUNCE_MS, onError: () => undefined },
  );
  const stopSuggesting = () => {
    cancel();
    inFlight.current?.abort();
    mutate(undefined);
  };
  useUnmount(() => inFlight.current?.abort());

  // Enter on a highlighted suggestion both selects it and reaches the input:
  // the selection comes first, and the deferred Enter search then stands down.
  const navigate = (url: string) => {
    const now = Date.now();
    if (now - lastNavigationAt.current < 200) return;
    lastNavigationAt.current = now;
    history.push(url);
  };

  const onChange = (next: string) => {
    if (next.startsWith(INTERFACE_VALUE_PREFIX)) return; // a chosen interface, handled by onSelect
    setValue(next);
    if (next.trim()) suggest(next.trim());
    else stopSuggesting();
  };

  const onSelect = (selected: string) => {
    if (selected.startsWith(INTERFACE_VALUE_PREFIX)) {
      setValue('');
      stopSuggesting();
      navigate(interfaceUrl(selected.slice(INTERFACE_VALUE_PREFIX.length)));
    } else {
      navigate(searchUrl(selected));
    }
  };

  const text = value.trim();
  // Answers for an earlier text may still be on screen: only what matches the current one shows.
  const interfaces = text ? (found ?? []).filter((info) => includesText(info.name, text)) : [];
  const canned = SEARCH_SUGGESTIONS.filter((word) => !text || includesText(word, text)).map(
    (word): { value: string; label: string } => ({
      value: word,
      label: word,
    }),
  );
  const interfaceOptions = interfaces.map((info) => ({
    value: `${INTERFACE_VALUE_PREFIX}${info.id}`,
    title: info.name,
    label: (
      <Flex justify="space-between" gap={8}>
        <Typography.Text ellipsis>{info.name}</Typography.Text>
        <Typography.Text type="secondary">{info.method}</Typography.Text>
      </Flex>
    ),
  }));
  const options: AutoCompleteProps['options'] = interfaceOptions.length
    ? [
        { label: HEADER_SEARCH_TEXTS.interfaces, options: interfaceOptions },
        ...(canned.length ? [{ label: HEADER_SEARCH_TEXTS.suggestions, options: canned }] : []),
      ]
    : canned;

  return (
    <AutoComplete
      value={value}
      onChange={onChange}
      options={options}
      filterOption={false}
      defaultActiveFirstOption={false}
      onSelect={onSelect}
      popupMatchSelectWidth={280}
      // The suggestions are wider than the folded box on a phone: shifted left to stay on screen
      // rather than widening the page.
      dropdownAlign={POPUP_ALIGN}
      // At most a dozen options: the plain list gives each its role="option" (the virtual one does not).
      virtual={false}
      className={styles.search}
    >
      <Input
        size="small"
        allowClear
        aria-label={HEADER_SEARCH_TEXTS.placeholder}
        placeholder={HEADER_SEARCH_TEXTS.placeholder}
        prefix={<SearchOutlined />}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          const typed = (e.target as HTMLInputElement).value;
          setTimeout(() => navigate(searchUrl(typed)));
        }}
      />
    </AutoComplete>
  );
}
