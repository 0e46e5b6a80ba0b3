import { Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { createStyles } from 'antd-style';
import { displayTime } from '@agler/contract/dates';
import { KEYS_TEXTS } from './texts';

const T = KEYS_TEXTS.key;

/** What stands for the secret key's hidden characters. */
const MASK = '••••';

const STATUS_COLOR = { active: 'success', expired: 'warning', revoked: 'default' } as const;

const useStyles = createStyles(({ token }) => ({
  key: { fontFamily: token.fontFamilyCode, wordBreak: 'break-all' },
}));

const copyable = (text: string) => ({ text, tooltips: [T.copy, T.copied] });

/**
 * A key's columns as its owner and an admin read them: never a secret, only its last characters.
 * 个人中心 adds its actions; 用户管理's drawer shows them as they are.
 */
export function useKeyColumns(): TableColumnsType<API.KeyVO> {
  const { styles } = useStyles();
  return [
    { title: T.name, dataIndex: 'name', key: 'name' },
    {
      title: T.accessKey,
      dataIndex: 'accessKey',
      key: 'accessKey',
      render: (accessKey: string) => (
        <Typography.Text className={styles.key} copyable={copyable(accessKey)}>
          {accessKey}
        </Typography.Text>
      ),
    },
    {
      title: T.secretKey,
      dataIndex: 'secretKeyTail',
      key: 'secretKeyTail',
      render: (tail: string) => <Typography.Text className={styles.key}>{`${MASK}${tail}`}</Typography.Text>,
    },
    {
      title: T.createTime,
      dataIndex: 'createTime',
      key: 'createTime',
      render: (time: string) => displayTime(time),
    },
    {
      title: T.expiresAt,
      dataIndex: 'expiresAt',
      key: 'expiresAt',
      render: (time: string | null) => (time ? displayTime(time) : T.neverExpires),
    },
    {
      title: T.lastUsed,
      dataIndex: 'lastUsed',
      key: 'lastUsed',
      render: (time: string | null) => (time ? displayTime(time) : T.neverUsed),
    },
    {
      title: T.interfaces,
      dataIndex: 'interfaces',
      key: 'interfaces',
      // The names come with the key, however many interfaces the catalogue holds.
      render: (interfaces: API.KeyInterfaceVO[] | null) =>
        interfaces ? (
          <Space size={[4, 4]} wrap>
            {interfaces.map((row) => (
              <Tag key={row.id}>
                {row.deleted ? T.interfaceDeleted(row.name) : row.name}
              </Tag>
            ))}
          </Space>
        ) : (
          T.allInterfaces
        ),
    },
    {
      title: T.status,
      dataIndex: 'status',
      key: 'status',
      render: (status: API.KeyVO['status'], key) => (
        <Space direction="vertical" size={2}>
          <Tag color={STATUS_COLOR[status]}>{T.statusText[status]}</Tag>
          {key.graceUntil && (
            <Typography.Text type="secondary">{T.graceUntil(displayTime(key.graceUntil))}</Typography.Text>
          )}
        </Space>
      ),
    },
  ];
}
