import { ProCard } from '@ant-design/pro-components';
import { Empty, Table, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useRequest } from 'ahooks';
import { KeyAudit } from '@/components/Keys/KeyAudit';
import { useKeyColumns } from '@/components/Keys/keyColumns';
import { KEYS_TEXTS } from '@/components/Keys/texts';
import { columnsWidth } from '@/utils/tableWidth';
import { Loaded } from '@/components/LoadError';
import { listKeys } from '@/services/agler/key';
import { ADMIN_USER_TEXTS } from '../texts';

const T = ADMIN_USER_TEXTS.keys;
const K = KEYS_TEXTS.key;

const useStyles = createStyles(({ token }) => ({
  stack: { display: 'flex', flexDirection: 'column', gap: token.margin },
  hint: { display: 'block', marginBottom: token.marginSM, color: token.colorTextSecondary },
}));

type UserKeysProps = { userId: API.LoginUserVO['id'] };

/** One user's keys as their owner sees them, without the actions, and the trail of every change. */
export default function UserKeys({ userId }: UserKeysProps) {
  const { styles } = useStyles();
  // Without actions, the status is what stays at the right edge while the rest scrolls in the drawer.
  const columns = useKeyColumns().map((column) =>
    column.key === 'status' ? { ...column, fixed: 'right' as const } : column,
  );
  const { data, error, loading, refresh } = useRequest(
    async () => (await listKeys({ userId }, { skipErrorHandler: true })).data ?? [],
    // Shown in the drawer with a retry.
    { onError: () => undefined },
  );

  const body = (
    <Loaded data={data} error={error} loading={loading} onRetry={refresh} failed={K.loadFailed}>
      {(keys) => (
        <Table<API.KeyVO>
          aria-label={K.tableLabel}
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={keys}
          pagination={false}
          loading={loading}
          // Narrower than its columns (a phone), the table scrolls inside the drawer.
          scroll={{ x: columnsWidth(columns) }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} /> }}
        />
      )}
    </Loaded>
  );

  return (
    <div className={styles.stack}>
      <ProCard title={K.title} bordered headerBordered>
        <Typography.Text className={styles.hint}>{T.readOnly}</Typography.Text>
        {body}
      </ProCard>
      <KeyAudit userId={userId} />
    </div>
  );
}
