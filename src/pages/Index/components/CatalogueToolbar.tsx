import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { Button, Input, Segmented, Select, Tooltip } from 'antd';
import { createStyles } from 'antd-style';
import { HTTP_METHODS, SORT_FIELDS } from '@/constants';
import type { SortField } from '@/constants';
import type { CatalogueQuery } from '../queryState';
import { INDEX_TEXTS } from '../texts';
import { useScreen } from '@/utils/media';

const useStyles = createStyles(({ token }) => ({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: token.marginSM,
  },
  search: {
    flex: '1 1 280px',
    maxWidth: 420,
  },
  group: {
    display: 'flex',
    alignItems: 'center',
    gap: token.marginXS,
  },
  label: {
    color: token.colorTextSecondary,
    whiteSpace: 'nowrap',
  },
  push: { marginLeft: 'auto' },
}));

const ALL = 'ALL';

type CatalogueToolbarProps = {
  query: CatalogueQuery;
  searchValue: string;
  onSearchChange: (text: string) => void;
  onSearch: (text: string) => void;
  onChange: (change: Partial<CatalogueQuery>) => void;
};

/** Search box, method filter and sort of the catalogue. */
export function CatalogueToolbar({ query, searchValue, onSearchChange, onSearch, onChange }: CatalogueToolbarProps) {
  const { styles } = useStyles();
  // Six methods side by side are wider than a phone: there they are a list to choose from.
  const narrow = useScreen('xs');
  const methodOptions = [
    { label: INDEX_TEXTS.allMethods, value: ALL },
    ...HTTP_METHODS.map((m) => ({ label: m, value: m })),
  ];
  const changeMethod = (value: string) =>
    onChange({ method: value === ALL ? undefined : (value as CatalogueQuery['method']) });
  const ascending = query.sortOrder === 'ascend';
  const orderText = ascending ? INDEX_TEXTS.ascend : INDEX_TEXTS.descend;

  return (
    <div className={styles.bar}>
      <Input.Search
        className={styles.search}
        value={searchValue}
        allowClear
        aria-label={INDEX_TEXTS.searchLabel}
        placeholder={INDEX_TEXTS.searchPlaceholder}
        onChange={(e) => onSearchChange(e.target.value)}
        onSearch={(text) => onSearch(text)}
      />
      {narrow ? (
        <div className={styles.group}>
          <span className={styles.label}>{INDEX_TEXTS.methodLabel}</span>
          <Select<string>
            aria-label={INDEX_TEXTS.methodLabel}
            value={query.method ?? ALL}
            style={{ width: 110 }}
            options={methodOptions}
            onChange={changeMethod}
          />
        </div>
      ) : (
        <div className={styles.group} role="group" aria-label={INDEX_TEXTS.methodLabel}>
          <Segmented value={query.method ?? ALL} options={methodOptions} onChange={changeMethod} />
        </div>
      )}
      <div className={`${styles.group} ${styles.push}`}>
        <span className={styles.label}>{INDEX_TEXTS.sortLabel}</span>
        <Select<SortField>
          aria-label={INDEX_TEXTS.sortLabel}
          value={query.sortField}
          style={{ width: 120 }}
          options={SORT_FIELDS.map((field) => ({ value: field, label: INDEX_TEXTS.sortOptions[field] }))}
          onChange={(sortField) => onChange({ sortField })}
        />
        <Tooltip title={INDEX_TEXTS.orderToggle(orderText)}>
          <Button
            aria-label={orderText}
            icon={ascending ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
            onClick={() => onChange({ sortOrder: ascending ? 'descend' : 'ascend' })}
          />
        </Tooltip>
      </div>
    </div>
  );
}
