import { Link } from '@umijs/max';
import { Alert, Card, Table, Typography } from 'antd';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { errorText } from '@/requestConfig';
import { getInterfaceInfoById, listInterfaceNotices } from '@/services/agler/interfaceInfo';
import { interfacePath } from '@/utils/interfacePath';
import { VIEW_TEXTS } from '../texts';

type LifecycleProps = { info: API.InterfaceInfo; now?: number };

/**
 * A deprecated interface's banner: since when, its sunset date (or that it
 * has passed), and a link to its replacement, by name once it is read.
 */
export function LifecycleBanner({ info, now = Date.now() }: LifecycleProps) {
  const replacement = info.deprecated && info.replacementId ? String(info.replacementId) : undefined;
  const { data: replacementName } = useRequest(
    async () => (await getInterfaceInfoById({ id: replacement! }, { skipErrorHandler: true })).data?.name,
    // One the reader may not see (offline, deleted) keeps its id.
    { ready: !!replacement, refreshDeps: [replacement], onError: () => undefined },
  );
  if (!info.deprecated) return null;
  const sunset = info.sunsetDate ? dayjs(info.sunsetDate) : undefined;
  const gone = sunset?.isValid() && now >= sunset.valueOf();
  let sunsetText: string = VIEW_TEXTS.noSunset;
  if (info.sunsetDate)
    sunsetText = gone ? VIEW_TEXTS.goneSince(info.sunsetDate) : VIEW_TEXTS.sunsetOn(info.sunsetDate);
  const sentences = [
    info.deprecatedTime ? VIEW_TEXTS.deprecatedSince(info.deprecatedTime) : undefined,
    sunsetText,
    VIEW_TEXTS.headersNote,
  ];
  return (
    <Alert
      type={gone ? 'error' : 'warning'}
      showIcon
      message={VIEW_TEXTS.deprecatedTitle}
      description={
        <>
          {sentences.filter(Boolean).join(VIEW_TEXTS.sentenceSep)}
          {replacement && (
            <div>
              {VIEW_TEXTS.replacement}
              <Link to={interfacePath(replacement)}>
                {replacementName || VIEW_TEXTS.replacementLink(replacement)}
              </Link>
            </div>
          )}
        </>
      }
    />
  );
}

/** For admins: the callers told of the interface's retirement (interface_notice), newest first. */
export function LifecycleNotices({ interfaceId }: { interfaceId: string }) {
  const { data, loading, error } = useRequest(
    async () => (await listInterfaceNotices({ id: interfaceId }, { skipErrorHandler: true })).data ?? [],
    { refreshDeps: [interfaceId] },
  );
  return (
    <Card title={VIEW_TEXTS.noticesTitle}>
      <Typography.Paragraph type="secondary">{VIEW_TEXTS.noticesHint}</Typography.Paragraph>
      {error ? (
        <Alert type="error" showIcon message={VIEW_TEXTS.noticesFailed} description={errorText(error)} />
      ) : (
        <Table<API.InterfaceNoticeVO>
          rowKey={(row) => `${row.userId}-${row.createTime}`}
          size="small"
          loading={loading}
          dataSource={data}
          pagination={false}
          scroll={{ x: 480 }}
          locale={{ emptyText: VIEW_TEXTS.noticesEmpty }}
          columns={[
            {
              title: VIEW_TEXTS.noticeUser,
              key: 'user',
              render: (_, row) => row.userName || row.userAccount || String(row.userId),
            },
            { title: VIEW_TEXTS.noticeLastCall, dataIndex: 'lastCallTime' },
            { title: VIEW_TEXTS.noticeTime, dataIndex: 'createTime' },
          ]}
        />
      )}
    </Card>
  );
}
