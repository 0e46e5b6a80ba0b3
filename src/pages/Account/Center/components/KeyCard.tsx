import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { ProCard } from '@ant-design/pro-components';
import { App, Button, Empty, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { createStyles } from 'antd-style';
import { useLockFn, useRequest } from 'ahooks';
import { useState } from 'react';
import { KEY_STATUS } from '@agler/contract/keys';
import { KEY_LIMITS } from '@/constants';
import { Loaded } from '@/components/LoadError';
import { SecretOnce } from '@/components/SecretOnce';
import { errorText } from '@/requestConfig';
import { listKeys, revokeKey } from '@/services/agler/key';
import { regenerateMyAccessKey } from '@/services/agler/user';
import { KEYS_TEXTS } from '@/components/Keys/texts';
import { KEY_COLUMN_WIDTH, useKeyColumns } from '@/components/Keys/keyColumns';
import { columnsWidth } from '@/utils/tableWidth';
import { NewKeyForm } from './NewKeyForm';
import { RotateForm } from './RotateForm';

const T = KEYS_TEXTS.key;

const useStyles = createStyles(({ token }) => ({
  hint: { display: 'block', marginBottom: token.marginSM, color: token.colorTextSecondary },
  stack: { display: 'flex', flexDirection: 'column', gap: token.marginSM },
}));

/** A secret just made: the one time it can be seen, and what became of the one before. */
export type NewSecret = { pair: API.KeyPairVO; title: string; note?: string };

/** 访问密钥: the user's keys, a new one, rotation with a grace, revocation. */
export function KeyCard({ onChange }: { onChange?: () => void }) {
  const { styles } = useStyles();
  const keyColumns = useKeyColumns();
  const { message } = App.useApp();
  const [shown, setShown] = useState<NewSecret>();
  const [adding, setAdding] = useState(false);
  const [rotating, setRotating] = useState<API.KeyVO>();
  const {
    data: keys,
    error,
    loading,
    refresh,
  } = useRequest(
    async () => (await listKeys({}, { skipErrorHandler: true })).data ?? [],
    // The card shows the error itself.
    { onError: () => undefined },
  );

  const changed = () => {
    refresh();
    onChange?.();
  };
  const reveal = (secret: NewSecret) => {
    setShown(secret);
    changed();
  };

  const [generating, setGenerating] = useState(false);
  // One pair at a time: clicks while one is being made are dropped.
  const generate = useLockFn(async () => {
    setGenerating(true);
    try {
      const { data: pair } = await regenerateMyAccessKey({ skipErrorHandler: true });
      if (pair) reveal({ pair, title: T.createdTitle });
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setGenerating(false);
    }
  });

  const revoke = async (key: API.KeyVO) => {
    try {
      await revokeKey({ id: key.id }, { skipErrorHandler: true });
      message.success(T.revoked);
      changed();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  const live = (keys ?? []).filter((key) => key.status !== KEY_STATUS.REVOKED).length;
  const full = live >= KEY_LIMITS.perUser;

  const columns: TableColumnsType<API.KeyVO> = [
    ...keyColumns,
    {
      title: T.actions,
      key: 'actions',
      // In reach however far the rest of the row scrolls.
      fixed: 'right',
      width: KEY_COLUMN_WIDTH.actions,
      render: (_, key) =>
        key.status === KEY_STATUS.REVOKED ? null : (
          <Space size="small" wrap>
            {/* Named with the key; no space inserted in the two characters, so the name holds the text shown. */}
            <Button
              size="small"
              autoInsertSpace={false}
              onClick={() => setRotating(key)}
              aria-label={`${T.rotate} ${key.name}`}
            >
              {T.rotate}
            </Button>
            <Popconfirm
              title={T.revokeTitle(key.name)}
              description={T.revokeDescription}
              okText={T.revokeOk}
              cancelText={T.cancel}
              okButtonProps={{ danger: true }}
              onConfirm={() => revoke(key)}
            >
              <Button size="small" danger autoInsertSpace={false} aria-label={`${T.revoke} ${key.name}`}>
                {T.revoke}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  const body = (
    <Loaded data={keys} error={error} loading={loading} onRetry={refresh} failed={T.loadFailed}>
      {(list) =>
        list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.none}>
            <Button type="primary" icon={<KeyOutlined />} loading={generating} onClick={generate}>
              {T.generate}
            </Button>
          </Empty>
        ) : (
          <Table<API.KeyVO>
            aria-label={T.tableLabel}
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list}
            pagination={false}
            loading={loading}
            // The columns' own widths: 'max-content' let a long name or a tag widen the table past the card.
            scroll={{ x: columnsWidth(columns) }}
          />
        )
      }
    </Loaded>
  );

  return (
    <ProCard
      title={T.title}
      bordered
      headerBordered
      extra={
        <Tooltip title={full ? T.limitReached : undefined}>
          <Button
            icon={<PlusOutlined />}
            disabled={full || keys === undefined}
            onClick={() => setAdding(true)}
          >
            {T.add}
          </Button>
        </Tooltip>
      }
    >
      <Typography.Text className={styles.hint}>{T.hint}</Typography.Text>
      {body}
      <NewKeyForm
        open={adding}
        onOpenChange={setAdding}
        onAdded={(pair) => reveal({ pair, title: T.createdTitle })}
      />
      <RotateForm
        key={rotating?.id}
        target={rotating}
        onClose={() => setRotating(undefined)}
        onRotated={reveal}
      />
      <SecretOnce
        open={!!shown}
        title={shown?.title}
        warning={T.createdWarning}
        note={shown?.note}
        values={
          shown
            ? [
                { label: T.accessKey, value: shown.pair.accessKey },
                { label: T.secretKey, value: shown.pair.secretKey },
              ]
            : []
        }
        onClose={() => setShown(undefined)}
      />
    </ProCard>
  );
}
