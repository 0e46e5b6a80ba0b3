import { Empty, Select, Space, Spin } from 'antd';
import { useRequest } from 'ahooks';
import { createStyles } from 'antd-style';
import { useEffect, useState } from 'react';
import { PAGE_SIZE_MAX } from '@/constants';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';

/** How long the search waits after the last key before it asks the server. */
export const INTERFACE_SEARCH_DEBOUNCE_MS = 300;

/** A chosen interface: its label is kept with it, so it stays when a new search no longer lists it. */
export type InterfaceOption = { label: string; value: string };

/** What the select says; each form brings its own words. */
export type InterfaceSelectTexts = {
  placeholder: string;
  searching: string;
  notFound: string;
  loadFailed: string;
};

// antd draws the placeholder lighter than 4.5:1 against the field.
const useStyles = createStyles(({ token }) => ({
  select: { '.ant-select-selection-placeholder': { color: token.colorTextSecondary } },
}));

type InterfaceSelectProps = {
  id?: string;
  className?: string;
  value?: InterfaceOption[];
  onChange?: (value: InterfaceOption[]) => void;
  /** Told whether a search is under way: its answer may still change what the user picks. */
  onSearchingChange?: (searching: boolean) => void;
  maxCount: number;
  texts: InterfaceSelectTexts;
  /** An option's label; the interface's name unless given. */
  labelOf?: (row: API.InterfaceInfo) => string;
  'aria-invalid'?: boolean;
};

/**
 * Interfaces picked from the catalogue: the server searches it by name as the user types (a first
 * page, by name, when it opens), so every interface can be found however many there are.
 */
export function InterfaceSelect({
  id,
  className,
  value,
  onChange,
  onSearchingChange,
  maxCount,
  texts,
  labelOf = (row) => row.name,
  ...aria
}: InterfaceSelectProps) {
  const { styles, cx } = useStyles();
  const [search, setSearch] = useState<string>();
  const { data, error, loading, params, run } = useRequest(
    async (name: string) =>
      (
        await listInterfaceInfoByPage(
          {
            current: 1,
            pageSize: PAGE_SIZE_MAX,
            sortField: 'name',
            sortOrder: 'ascend',
            name: name.trim() || undefined,
          },
          { skipErrorHandler: true },
        )
      ).data?.records ?? [],
    { manual: true, debounceWait: INTERFACE_SEARCH_DEBOUNCE_MS, onError: () => undefined },
  );
  const ask = (name: string) => {
    setSearch(name);
    run(name);
  };
  // Waiting also while the debounce holds the question back: the old answer is not the one asked for.
  const waiting = search !== undefined && (loading || params[0] !== search);
  useEffect(() => onSearchingChange?.(waiting), [waiting, onSearchingChange]);

  let notFound: React.ReactNode;
  if (waiting)
    notFound = (
      <Space size="small">
        <Spin size="small" />
        {texts.searching}
      </Space>
    );
  else if (error) notFound = texts.loadFailed;
  else notFound = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.notFound} />;

  return (
    <Select<InterfaceOption[]>
      id={id}
      className={cx(styles.select, className)}
      aria-invalid={aria['aria-invalid']}
      mode="multiple"
      labelInValue
      allowClear
      showSearch
      filterOption={false}
      maxCount={maxCount}
      placeholder={texts.placeholder}
      value={value}
      onChange={(next) =>
        onChange?.(next.map(({ label, value: chosen }) => ({ label: String(label), value: chosen })))
      }
      onSearch={ask}
      // A pick clears the typed text (antd's autoClearSearchValue): the list follows it back to the first page.
      onSelect={() => {
        if (search) ask('');
      }}
      onOpenChange={(open) => {
        if (open && search === undefined) ask('');
      }}
      loading={waiting}
      options={waiting || error ? [] : (data ?? []).map((row) => ({ label: labelOf(row), value: String(row.id) }))}
      notFoundContent={notFound}
    />
  );
}
