import { SearchOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { AutoComplete, Input } from 'antd';
import { useRef, useState } from 'react';
import { HOME_PATH, SEARCH_PARAM, SEARCH_SUGGESTIONS } from '@/constants';

export const HEADER_SEARCH_TEXTS = {
  placeholder: '站内搜索',
} as const;


/** The home page filtered by `text`, or the plain home page for blank text. */
export function searchUrl(text: string): string {
  const value = text.trim();
  return value ? `${HOME_PATH}?${new URLSearchParams({ [SEARCH_PARAM]: value })}` : HOME_PATH;
}

/** Site search: choosing a suggestion or pressing Enter opens the filtered catalogue. */
export default function HeaderSearch() {
  const [value, setValue] = useState('');
  const lastSearchAt = useRef(0);

  // Enter on a highlighted suggestion both selects it and reaches the input:
  // the selection comes first, and the deferred Enter search then stands down.
  const go = (text: string) => {
    const now = Date.now();
    if (now - lastSearchAt.current < 200) return;
    lastSearchAt.current = now;
    history.push(searchUrl(text));
  };

  return (
    <AutoComplete
      value={value}
      onChange={setValue}
      options={SEARCH_SUGGESTIONS.map((text) => ({ label: text, value: text }))}
      filterOption={(input, option) => !input || String(option?.value).toLowerCase().includes(input.toLowerCase())}
      defaultActiveFirstOption={false}
      onSelect={(text: string) => go(text)}
      style={{ width: 200 }}
    >
      <Input
        size="small"
        allowClear
        aria-label={HEADER_SEARCH_TEXTS.placeholder}
        placeholder={HEADER_SEARCH_TEXTS.placeholder}
        prefix={<SearchOutlined />}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          const text = (e.target as HTMLInputElement).value;
          setTimeout(() => go(text));
        }}
      />
    </AutoComplete>
  );
}
