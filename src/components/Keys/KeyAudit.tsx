import { ProCard } from '@ant-design/pro-components';
import { Empty, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useRequest } from 'ahooks';
import { forwardRef, useImperativeHandle } from 'react';
import { displayTime } from '@agler/contract/dates';
import type { GraceSeconds } from '@agler/contract/keys';
import { Loaded } from '@/components/LoadError';
import { listKeyAudit } from '@/services/agler/key';
import { shortAccessKey } from './keyColumns';
import { KEYS_TEXTS } from './texts';

const T = KEYS_TEXTS.audit;

export type KeyAuditHandle = { reload: () => void };

type KeyAuditProps = {
  /** Another user's trail, for an admin (the server refuses it to anyone else); absent: one's own. */
  userId?: API.LoginUserVO['id'];
};

/** 密钥操作记录: every change to the user's keys, newest first, with the address it came from. */
export const KeyAudit = forwardRef<KeyAuditHandle, KeyAuditProps>(function KeyAudit({ userId }, ref) {
  const { data, error, loading, refresh } = useRequest(
    async () =>
      (await listKeyAudit(userId === undefined ? {} : { userId }, { skipErrorHandler: true })).data ?? [],
    { onError: () => undefined, refreshDeps: [userId] },
  );
  useImperativeHandle(ref, () => ({ reload: refresh }), [refresh]);

  const columns: TableColumnsType<API.KeyAuditVO> = [
    { title: T.time, dataIndex: 'time', key: 'time', render: (time: string) => displayTime(time) },
    {
      title: T.action,
      dataIndex: 'action',
      key: 'action',
      render: (action: API.KeyAuditVO['action'], entry) =>
        entry.graceSeconds === null || entry.graceSeconds === undefined
          ? T.actions[action]
          : T.withGrace(
              T.actions[action],
              T.grace[entry.graceSeconds as GraceSeconds] ?? String(entry.graceSeconds),
            ),
    },
    { title: T.key, dataIndex: 'keyName', key: 'keyName' },
    {
      title: KEYS_TEXTS.key.accessKey,
      dataIndex: 'accessKey',
      key: 'accessKey',
      // Shortened as in the key table, the whole key in its title: the trail fits beside the menu.
      render: (accessKey: string) => (
        <Typography.Text code title={accessKey}>
          {shortAccessKey(accessKey)}
        </Typography.Text>
      ),
    },
    { title: T.ip, dataIndex: 'ip', key: 'ip' },
  ];

  const body = (
    <Loaded data={data} error={error} loading={loading} onRetry={refresh} failed={T.loadFailed}>
      {(rows) => (
        <Table<API.KeyAuditVO>
          aria-label={T.title}
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={loading}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} /> }}
        />
      )}
    </Loaded>
  );
  return (
    <ProCard title={T.title} bordered headerBordered>
      {body}
    </ProCard>
  );
});
