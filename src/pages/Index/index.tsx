import { PageContainer } from '@ant-design/pro-components';
import { history, Link, useAccess, useSearchParams } from '@umijs/max';
import { Button, Card, Empty, Pagination, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useDebounceFn } from 'ahooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { HOME_PATH } from '@/constants';
import { useEarlyRequest } from '@/utils/useEarlyRequest';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';
import { CatalogueToolbar } from './components/CatalogueToolbar';
import { InterfaceCard, InterfaceCardSkeleton, useCardStyles } from './components/InterfaceCard';
import { catalogueKey } from './earlyCatalogue';
import type { CatalogueQuery } from './queryState';
import {
  changeQuery,
  clearFilters,
  isFiltered,
  PAGE_SIZE_OPTIONS,
  parseQuery,
  toListParams,
  toSearch,
} from './queryState';
import { INDEX_TEXTS } from './texts';
import { LoadError } from '@/components/LoadError';
import { healthIn, useInterfaceHealth } from '@/components/InterfaceHealth';
import { useScreen } from '@/utils/media';

const SEARCH_DEBOUNCE_MS = 300;
/** Answers faster than this replace the list without a skeleton flashing in between. */
const LOADING_DELAY_MS = 200;
const ADMIN_INTERFACES_PATH = '/admin/interface_info';

const useStyles = createStyles(({ token, css }) => ({
  toolbar: { marginBottom: token.marginMD },
  summary: {
    display: 'block',
    marginTop: token.marginSM,
  },
  grid: css`
    display: grid;
    /* Cards of 300 px or more, but never wider than the page: on a phone one card is the page's width. */
    grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr));
    gap: ${token.marginMD}px;
    margin: 0;
    padding: 0;
    list-style: none;
  `,
  stale: { opacity: 0.6, transition: `opacity ${token.motionDurationMid}` },
  pagination: {
    display: 'flex',
    justifyContent: 'flex-end',
    marginTop: token.marginLG,
  },
  state: {
    padding: `${token.paddingXL}px 0`,
  },
}));

function Description({ title, text }: { title: string; text: string }) {
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Typography.Text type="secondary">{text}</Typography.Text>
    </>
  );
}

type LoadedPage = { key: string; page: API.PageInterfaceInfo };
type ListAnswer = Awaited<ReturnType<typeof listInterfaceInfoByPage>>;

/** 主页: the interface catalogue, its view state kept in the URL query. */
export default function HomePage() {
  const { styles } = useStyles();
  const { styles: cardStyles } = useCardStyles();
  const { canAdmin } = useAccess();
  const narrow = useScreen('xs');
  // Every card's health in one request, kept fresh while the page is open.
  const health = useInterfaceHealth();
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  const query = useMemo(() => parseQuery(new URLSearchParams(search)), [search]);
  const listParams = useMemo(() => toListParams(query), [query]);
  // What is asked for: also the key its early answer is under (earlyCatalogue.ts).
  const requestKey = catalogueKey(listParams);

  const go = (next: CatalogueQuery, options: { replace?: boolean } = {}) => {
    const target = `${HOME_PATH}${toSearch(next)}`;
    if (options.replace) history.replace(target);
    else history.push(target);
  };
  const change = (delta: Partial<CatalogueQuery>) => go(changeQuery(query, delta));

  // The first view's answer may be on its way already (earlyCatalogue.ts), or here. One request
  // per view state; an answer to an older state is dropped by useRequest.
  const { data, error, loading, refresh } = useEarlyRequest(
    requestKey,
    () => listInterfaceInfoByPage(listParams, { skipErrorHandler: true }),
    (res: ListAnswer): LoadedPage => ({ key: requestKey, page: res.data! }),
    { refreshDeps: [requestKey], loadingDelay: LOADING_DELAY_MS },
  );

  // The search box follows the URL (header search, back button) but is not
  // reset by the URL change its own typing caused.
  const [searchValue, setSearchValue] = useState(query.searchText);
  const committedSearch = useRef(query.searchText);
  useEffect(() => {
    if (query.searchText !== committedSearch.current) {
      committedSearch.current = query.searchText;
      setSearchValue(query.searchText);
    }
  }, [query.searchText]);

  const commitSearch = (text: string) => {
    const value = text.trim();
    committedSearch.current = value;
    if (value !== query.searchText) change({ searchText: value });
  };
  const debouncedSearch = useDebounceFn(commitSearch, { wait: SEARCH_DEBOUNCE_MS });
  const searchNow = (text: string) => {
    debouncedSearch.cancel();
    commitSearch(text);
  };

  const page = data?.page;
  const fresh = data?.key === requestKey;

  // A page past the end (an old link, or interfaces gone since): show the last one instead.
  useEffect(() => {
    if (fresh && page && page.records.length === 0 && page.total > 0 && query.current > page.pages) {
      go(changeQuery(query, { current: page.pages }), { replace: true });
    }
  });

  const changePage = (current: number, pageSize: number) => {
    go(pageSize !== query.pageSize ? changeQuery(query, { pageSize }) : changeQuery(query, { current }));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const renderBody = () => {
    if (loading || (!page && !error)) {
      return (
        <ul className={styles.grid} aria-busy="true" aria-label={INDEX_TEXTS.loading}>
          {Array.from({ length: Math.min(query.pageSize, PAGE_SIZE_OPTIONS[0]) }, (_, i) => (
            <li key={i}>
              <InterfaceCardSkeleton styles={cardStyles} />
            </li>
          ))}
        </ul>
      );
    }
    if (error) {
      return <LoadError message={INDEX_TEXTS.errorTitle} error={error} onRetry={refresh} />;
    }
    if (!page || page.total === 0) {
      const filtered = isFiltered(query);
      return (
        <Card className={styles.state}>
          {filtered ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <Description
                  title={INDEX_TEXTS.noMatchTitle}
                  text={INDEX_TEXTS.noMatchDescription(query.searchText)}
                />
              }
            >
              <Button type="primary" onClick={() => go(clearFilters(query))}>
                {INDEX_TEXTS.clearFilters}
              </Button>
            </Empty>
          ) : (
            <Empty
              description={<Description title={INDEX_TEXTS.emptyTitle} text={INDEX_TEXTS.emptyDescription} />}
            >
              {canAdmin && (
                <Link to={ADMIN_INTERFACES_PATH}>
                  <Button type="primary">{INDEX_TEXTS.emptyAdminAction}</Button>
                </Link>
              )}
            </Empty>
          )}
        </Card>
      );
    }
    return (
      <>
        <ul className={`${styles.grid} ${fresh ? '' : styles.stale}`} aria-label={INDEX_TEXTS.listLabel}>
          {page.records.map((item) => (
            <li key={String(item.id)}>
              <InterfaceCard item={item} query={query.searchText} styles={cardStyles} health={healthIn(health, item.id)} />
            </li>
          ))}
        </ul>
        {page.total > PAGE_SIZE_OPTIONS[0] && (
          <Pagination
            className={styles.pagination}
            current={query.current}
            pageSize={query.pageSize}
            total={page.total}
            // On a phone the page numbers, the size changer and the range make two lines: the
            // simple pager (‹ 2 / 5 ›) keeps it to one, the page size stays as chosen.
            simple={narrow}
            showSizeChanger={!narrow}
            pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
            showTotal={(total, [from, to]) => INDEX_TEXTS.range(from, to, total)}
            onChange={changePage}
          />
        )}
      </>
    );
  };

  return (
    // On a phone the subtitle beside the title would cut the title short: it goes under it.
    <PageContainer
      subTitle={narrow ? undefined : INDEX_TEXTS.subTitle}
      content={narrow ? INDEX_TEXTS.subTitle : undefined}
    >
      <Card className={styles.toolbar}>
        <CatalogueToolbar
          query={query}
          searchValue={searchValue}
          onSearchChange={(text) => {
            setSearchValue(text);
            if (text === '') searchNow(text);
            else debouncedSearch.run(text);
          }}
          onSearch={searchNow}
          onChange={change}
        />
        {page && fresh && !error && page.total > 0 && (
          <Typography.Text type="secondary" className={styles.summary} role="status">
            {INDEX_TEXTS.total(page.total)}
          </Typography.Text>
        )}
      </Card>
      {renderBody()}
    </PageContainer>
  );
}
