import { KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { ProCard, ProDescriptions } from '@ant-design/pro-components';
import { Alert, App, Button, Empty, Modal, Popconfirm, Skeleton, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useLockFn, useRequest } from 'ahooks';
import { useState } from 'react';
import { errorText } from '@/requestConfig';
import { getMyAccessKey, regenerateMyAccessKey } from '@/services/agler/user';
import { CENTER_TEXTS } from '../texts';
import { LoadError } from '@/components/LoadError';

const T = CENTER_TEXTS.key;

/** What stands for the secret key's hidden characters. */
const MASK = '••••';

const useStyles = createStyles(({ token }) => ({
  key: { fontFamily: token.fontFamilyCode, wordBreak: 'break-all' },
  secret: {
    display: 'block',
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    fontFamily: token.fontFamilyCode,
    wordBreak: 'break-all',
    background: token.colorFillTertiary,
    borderRadius: token.borderRadius,
  },
  label: { display: 'block', marginBottom: token.marginXXS, color: token.colorTextSecondary },
  hint: { display: 'block', marginBottom: token.marginSM, color: token.colorTextSecondary },
  stack: { display: 'flex', flexDirection: 'column', gap: token.marginSM },
}));

const copyable = (text: string) => ({ text, tooltips: [T.copy, T.copied] });

type NewPairModalProps = { pair?: API.KeyPairVO; onClose: () => void };

/** The new pair, the one time its secret key can be seen. */
function NewPairModal({ pair, onClose }: NewPairModalProps) {
  const { styles } = useStyles();
  return (
    <Modal
      open={!!pair}
      title={T.createdTitle}
      onCancel={onClose}
      maskClosable={false}
      // The secret key leaves the page with the dialog.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {T.done}
        </Button>
      }
    >
      {pair && (
        <div className={styles.stack}>
          <Alert type="warning" showIcon message={T.createdWarning} />
          <div>
            <span className={styles.label}>{T.accessKey}</span>
            <Typography.Text className={styles.secret} copyable={copyable(pair.accessKey)}>
              {pair.accessKey}
            </Typography.Text>
          </div>
          <div>
            <span className={styles.label}>{T.secretKey}</span>
            <Typography.Text className={styles.secret} copyable={copyable(pair.secretKey)}>
              {pair.secretKey}
            </Typography.Text>
          </div>
        </div>
      )}
    </Modal>
  );
}

/** 访问密钥: the access key, the secret key's tail, and a new pair on demand. */
export function KeyCard() {
  const { styles } = useStyles();
  const { message } = App.useApp();
  const [newPair, setNewPair] = useState<API.KeyPairVO>();
  const {
    data: key,
    error,
    loading,
    refresh,
    mutate,
  } = useRequest(
    async () => (await getMyAccessKey({ skipErrorHandler: true })).data ?? null,
    // The card shows the error itself.
    { onError: () => undefined },
  );

  const [regenerating, setRegenerating] = useState(false);
  // One pair at a time: clicks while one is being made are dropped.
  const regenerate = useLockFn(async () => {
    setRegenerating(true);
    try {
      const { data: pair } = await regenerateMyAccessKey({ skipErrorHandler: true });
      if (!pair) return;
      mutate({ accessKey: pair.accessKey, secretKeyTail: pair.secretKey.slice(-4) });
      setNewPair(pair);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setRegenerating(false);
    }
  });

  let body: React.ReactNode;
  if (key === undefined && error && !loading) {
    body = <LoadError message={T.loadFailed} error={error} onRetry={refresh} />;
  } else if (key === undefined) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else if (key === null) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.none}>
        <Button type="primary" icon={<KeyOutlined />} loading={regenerating} onClick={regenerate}>
          {T.generate}
        </Button>
      </Empty>
    );
  } else {
    body = (
      <ProDescriptions<API.AccessKeyVO>
        column={1}
        dataSource={key}
        columns={[
          {
            title: T.accessKey,
            dataIndex: 'accessKey',
            render: () => (
              <Typography.Text className={styles.key} copyable={copyable(key.accessKey)}>
                {key.accessKey}
              </Typography.Text>
            ),
          },
          {
            title: T.secretKey,
            dataIndex: 'secretKeyTail',
            render: () => (
              <Typography.Text className={styles.key}>{`${MASK}${key.secretKeyTail}`}</Typography.Text>
            ),
          },
        ]}
      />
    );
  }

  return (
    <ProCard
      title={T.title}
      bordered
      headerBordered
      extra={
        key ? (
          <Popconfirm
            title={T.confirmTitle}
            description={T.confirmDescription}
            okText={T.confirmOk}
            cancelText={T.cancel}
            okButtonProps={{ danger: true }}
            onConfirm={regenerate}
          >
            <Button icon={<ReloadOutlined />} loading={regenerating}>
              {T.regenerate}
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      <Typography.Text className={styles.hint}>{T.hint}</Typography.Text>
      {body}
      <NewPairModal pair={newPair} onClose={() => setNewPair(undefined)} />
    </ProCard>
  );
}
