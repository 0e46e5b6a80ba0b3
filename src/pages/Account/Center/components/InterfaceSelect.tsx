import { Empty, Select, Space, Spin } from 'antd';
import { useRequest } from 'ahooks';
import { useEffect, useState } from 'react';
import { KEY_LIMITS, PAGE_SIZE_MAX } from '@/constants';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { KEYS_TEXTS } from '@/components/Keys/texts';

const T = KEYS_TEXTS.key;

/** How long the search waits after the last key before it asks the server. */
export const INTERFACE_SEARCH_DEBOUNCE_MS = 300;

/** A chosen interface: its label is kept with it, so it stays when a new search no longer lists it. */
export type InterfaceOption = { label: string; value: string };

type InterfaceSelectProps = {
  id?: string;
  className?: string;
  value?: InterfaceOption[];
  onChange?: (value: InterfaceOption[]) => void;
  /** Told whether a search is under way: its answer may still change what the user picks. */
  onSearchingChange?: (searching: boolean) => void;
};

/**
 * The interfaces a new key may be limited to: the server searches the catalogue by name as the
 * user types (a first page, by name, when it opens), so every interface can be found however many
 * there are; at most KEY_LIMITS.interfacesMax.
 */
export function InterfaceSelect({ id, className, value, onChange, onSearchingChange }: InterfaceSelectProps) {
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
        {T.interfacesSearching}
      </Space>
    );
  else if (error) notFound = T.interfacesLoadFailed;
  else notFound = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.interfacesNotFound} />;

  return (
    <Select<InterfaceOption[]>
      id={id}
      className={className}
      mode="multiple"
      labelInValue
      allowClear
      showSearch
      filterOption={false}
      maxCount={KEY_LIMITS.interfacesMax}
      placeholder={T.interfacesSearch}
      value={value}
      onChange={(next) => onChange?.(next)}
      onSearch={ask}
      // A pick clears the typed text (antd's autoClearSearchValue): the list follows it back to the first page.
      onSelect={() => {
        if (search) ask('');
      }}
      onOpenChange={(open) => {
        if (open && search === undefined) ask('');
      }}
      loading={waiting}
      options={waiting || error ? [] : (data ?? []).map((row) => ({ label: row.name, value: String(row.id) }))}
      notFoundContent={notFound}
    />
  );
}
