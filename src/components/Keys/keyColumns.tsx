import { Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { createStyles } from 'antd-style';
import { displayTime } from '@agler/contract/dates';
import { keyLastDay } from '@agler/contract/keys';
import { KEYS_TEXTS } from './texts';

const T = KEYS_TEXTS.key;

/** What stands for the secret key's hidden characters. */
const MASK = '••••';

const STATUS_COLOR = { active: 'success', expired: 'warning', revoked: 'default' } as const;

const useStyles = createStyles(({ token }) => ({
  key: { fontFamily: token.fontFamilyCode, whiteSpace: 'nowrap' },
}));

const copyable = (text: string) => ({ text, tooltips: [T.copy, T.copied] });

/** An access key as the table shows it: its start and end, enough to tell keys apart; the copy holds all of it. */
export function shortAccessKey(accessKey: string): string {
  return accessKey.length > 13 ? `${accessKey.slice(0, 7)}…${accessKey.slice(-4)}` : accessKey;
}

/**
 * Widths that fit the table in 个人中心's card at 1366 px with the menu open: a time wraps
 * between its day and its hour, the actions stay at the right edge when the rest scrolls.
 */
export const KEY_COLUMN_WIDTH = {
  name: 100,
  accessKey: 140,
  secretKey: 100,
  time: 100,
  interfaces: 140,
  status: 120,
  actions: 130,
} as const;

/**
 * A key's columns as its owner and an admin read them: never a secret, only its last characters.
 * 个人中心 adds its actions; 用户管理's drawer shows them as they are.
 */
export function useKeyColumns(): TableColumnsType<API.KeyVO> {
  const { styles } = useStyles();
  return [
    { title: T.name, dataIndex: 'name', key: 'name', width: KEY_COLUMN_WIDTH.name, ellipsis: true },
    {
      title: T.accessKey,
      dataIndex: 'accessKey',
      key: 'accessKey',
      width: KEY_COLUMN_WIDTH.accessKey,
      render: (accessKey: string) => (
        <Typography.Text className={styles.key} title={accessKey} copyable={copyable(accessKey)}>
          {shortAccessKey(accessKey)}
        </Typography.Text>
      ),
    },
    {
      title: T.secretKey,
      dataIndex: 'secretKeyTail',
      key: 'secretKeyTail',
      width: KEY_COLUMN_WIDTH.secretKey,
      render: (tail: string) => <Typography.Text className={styles.key}>{`${MASK}${tail}`}</Typography.Text>,
    },
    {
      title: T.createTime,
      dataIndex: 'createTime',
      key: 'createTime',
      width: KEY_COLUMN_WIDTH.time,
      render: (time: string) => displayTime(time),
    },
    {
      title: T.expiresAt,
      dataIndex: 'expiresAt',
      key: 'expiresAt',
      width: KEY_COLUMN_WIDTH.time,
      // A day chosen in the form is stored as the next midnight: shown as the day chosen, which it ends with.
      render: (time: string | null) => {
        if (!time) return T.neverExpires;
        const day = keyLastDay(time);
        return day ? <span title={T.expiresAtEnd}>{day}</span> : displayTime(time);
      },
    },
    {
      title: T.lastUsed,
      dataIndex: 'lastUsed',
      key: 'lastUsed',
      width: KEY_COLUMN_WIDTH.time,
      render: (time: string | null) => (time ? displayTime(time) : T.neverUsed),
    },
    {
      title: T.interfaces,
      dataIndex: 'interfaces',
      key: 'interfaces',
      width: KEY_COLUMN_WIDTH.interfaces,
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
      width: KEY_COLUMN_WIDTH.status,
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
