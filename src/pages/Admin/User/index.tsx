import { UserOutlined } from '@ant-design/icons';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Link, useModel } from '@umijs/max';
import { App, Avatar, Badge, Button, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { createStyles } from 'antd-style';
import { displayTime } from '@agler/contract/dates';
import type { ReactElement } from 'react';
import { useMemo, useRef, useState } from 'react';
import type { UserRole } from '@/constants';
import { ACCOUNT_USAGE_PATH, ResponseCode, USER_ROLE } from '@/constants';
import { handleRequestError } from '@/requestConfig';
import { listQuotaRequests } from '@/services/agler/quotaRequest';
import { listUserByPage, updateUserRole } from '@/services/agler/user';
import { hasErrorCode } from '@/utils/apiError';
import { KeysDrawer } from './components/KeysDrawer';
import { QuotaDrawer } from './components/QuotaDrawer';
import { QuotaRequests } from './components/QuotaRequests';
import { ADMIN_USER_TEXTS as T } from './texts';
import type { UserTableQuery } from './userQuery';
import {
  DEFAULT_USER_VIEW,
  PAGE_SIZE_OPTIONS,
  readRole,
  sameUserQuery,
  syncUserTableToUrl,
  userQueryOf,
  userViewFromQuery,
} from './userQuery';
import { LoadError } from '@/components/LoadError';
import { LazyPopconfirm } from '@/components/FirstUse';
import { columnsWidth } from '@/utils/tableWidth';

type User = API.LoginUserVO;

/** How many trailing digits of a 64-bit id the table shows; the whole id is copied. */
const SHORT_ID_DIGITS = 6;

const ROLE_COLORS: Record<UserRole, string> = {
  [USER_ROLE.USER]: 'default',
  [USER_ROLE.ADMIN]: 'gold',
  [USER_ROLE.BAN]: 'error',
};

/**
 * The roles the per-row select sets; banning has its own confirmed action. Built when used, so the
 * labels are read in the page's language.
 */
const roleOptions = () => [
  { value: USER_ROLE.USER, label: T.roleOptions.user },
  { value: USER_ROLE.ADMIN, label: T.roleOptions.admin },
];

const useStyles = createStyles(({ token }) => ({
  id: {
    fontFamily: token.fontFamilyCode,
    fontSize: token.fontSizeSM,
    whiteSpace: 'nowrap',
  },
  time: { whiteSpace: 'nowrap', color: token.colorTextSecondary },
  error: { marginBottom: token.margin },
  roleSelect: { width: 108 },
}));

/** A control the admin may not use on their own row, with the reason on hover and on keyboard focus. */
function SelfLocked({ reason, children }: { reason: string; children: ReactElement }) {
  return (
    <Tooltip title={reason} trigger={['hover', 'focus']}>
      {/* A disabled control takes no focus or hover: its wrapper does, so the reason can be read. */}
      <span tabIndex={0}>{children}</span>
    </Tooltip>
  );
}

export default function UserAdminPage() {
  const { styles } = useStyles();
  const { message } = App.useApp();
  const { initialState } = useModel('@@initialState');
  const selfId = initialState?.loginUser?.id;
  const actionRef = useRef<ActionType>();
  const [loadError, setLoadError] = useState<unknown>();
  // The row whose role is being changed: its controls wait for the server.
  const [pendingId, setPendingId] = useState<string>();
  const [quota, setQuota] = useState<{ open: boolean; user?: User }>({ open: false });
  const [keys, setKeys] = useState<{ open: boolean; user?: User }>({ open: false });
  // The page a reload or a link asks for, read once: from then on the table owns it and writes it back.
  const [initialView] = useState(() => userViewFromQuery(window.location.search));
  const [requested, setRequested] = useState<UserTableQuery>();
  const [tab, setTab] = useState<'users' | 'requests'>('users');
  // The open requests' count on the tab: one row asked for, its total read.
  const openRequests = useRequest(
    async () =>
      (await listQuotaRequests({ status: 'pending', current: 1, pageSize: 1 }, { skipErrorHandler: true }))
        .data?.total ?? 0,
    { onError: () => undefined },
  );
  const form = useMemo(
    () => ({
      syncToUrl: syncUserTableToUrl,
      syncToInitialValues: false,
      extraUrlParams: requested ?? initialView,
    }),
    [initialView, requested],
  );

  const reload = () => actionRef.current?.reload();
  const isSelf = (user: User) => selfId !== undefined && String(user.id) === String(selfId);
  const nameOf = (user: User) => user.userName || user.userAccount;

  /** Sets a role; the table changes only after the server said yes, and shows its reason when it said no. */
  const changeRole = async (user: User, userRole: UserRole, done: string) => {
    setPendingId(String(user.id));
    try {
      await updateUserRole({ id: user.id, userRole }, { skipErrorHandler: true });
    } catch (error) {
      if (hasErrorCode(error, ResponseCode.NOT_FOUND)) {
        message.warning(T.gone);
        reload();
      } else {
        handleRequestError(error);
      }
      return;
    } finally {
      setPendingId(undefined);
    }
    message.success(done);
    reload();
  };

  const roleSelect = (user: User) => {
    const select = (
      <Select<UserRole>
        size="small"
        className={styles.roleSelect}
        aria-label={T.roleSelectLabel(user.userAccount)}
        value={user.userRole}
        options={roleOptions()}
        disabled={isSelf(user) || pendingId !== undefined}
        loading={pendingId === String(user.id)}
        onChange={(role) =>
          changeRole(
            user,
            role,
            T.roleChanged(nameOf(user), role === USER_ROLE.ADMIN ? T.roleOptions.admin : T.roleOptions.user),
          )
        }
      />
    );
    return isSelf(user) ? <SelfLocked reason={T.selfRole}>{select}</SelfLocked> : select;
  };

  const banAction = (user: User) => {
    if (user.userRole === USER_ROLE.BAN) {
      return (
        <LazyPopconfirm
          title={T.unbanConfirm(nameOf(user))}
          description={T.unbanConfirmHint}
          okText={T.confirmUnban}
          cancelText={T.cancel}
          // Opened from the keyboard, the question takes the focus (Enter answers it); mounted
          // anew each time, so it does so every time it opens.
          okButtonProps={{ autoFocus: true }}
          destroyOnHidden
          onConfirm={() => changeRole(user, USER_ROLE.USER, T.unbanned(nameOf(user)))}
        >
          <Button type="link" size="small" disabled={pendingId !== undefined}>
            {T.unban}
          </Button>
        </LazyPopconfirm>
      );
    }
    if (isSelf(user)) {
      return (
        <SelfLocked reason={T.selfBan}>
          <Button type="link" size="small" danger disabled>
            {T.ban}
          </Button>
        </SelfLocked>
      );
    }
    return (
      <LazyPopconfirm
        title={T.banConfirm(nameOf(user))}
        description={T.banConfirmHint}
        okText={T.confirmBan}
        okButtonProps={{ danger: true }}
        cancelText={T.cancel}
        // The focus goes to the harmless answer: Enter alone never bans.
        cancelButtonProps={{ autoFocus: true }}
        destroyOnHidden
        onConfirm={() => changeRole(user, USER_ROLE.BAN, T.banned(nameOf(user)))}
      >
        <Button type="link" size="small" danger disabled={pendingId !== undefined}>
          {T.ban}
        </Button>
      </LazyPopconfirm>
    );
  };

  const columns: ProColumns<User>[] = [
    {
      title: T.columns.searchText,
      dataIndex: 'searchText',
      hideInTable: true,
      fieldProps: { placeholder: T.searchPlaceholder },
    },
    {
      title: T.columns.id,
      dataIndex: 'id',
      hideInSearch: true,
      width: 110,
      // Ids are 64-bit: the tail tells users apart, the whole id is copied exactly as the server sent it.
      render: (_, user) => {
        const id = String(user.id);
        return (
          <Typography.Text className={styles.id} title={T.idTitle(id)} copyable={{ text: id }}>
            {id.length > SHORT_ID_DIGITS ? `…${id.slice(-SHORT_ID_DIGITS)}` : id}
          </Typography.Text>
        );
      },
    },
    {
      title: T.columns.account,
      dataIndex: 'userAccount',
      hideInSearch: true,
      ellipsis: true,
      width: 140,
    },
    {
      title: T.columns.name,
      dataIndex: 'userName',
      hideInSearch: true,
      ellipsis: true,
      width: 180,
      render: (_, user) => (
        <Space size="small">
          <Avatar size="small" src={user.userAvatar || undefined} icon={<UserOutlined />} alt="" />
          <span>{user.userName}</span>
        </Space>
      ),
    },
    {
      title: T.columns.role,
      dataIndex: 'userRole',
      valueType: 'select',
      valueEnum: {
        [USER_ROLE.USER]: { text: T.roles.user },
        [USER_ROLE.ADMIN]: { text: T.roles.admin },
        [USER_ROLE.BAN]: { text: T.roles.ban },
      },
      width: 90,
      render: (_, user) => (
        <Tag color={ROLE_COLORS[user.userRole]} bordered={false}>
          {T.roles[user.userRole]}
        </Tag>
      ),
    },
    {
      title: T.columns.createTime,
      dataIndex: 'createTime',
      hideInSearch: true,
      width: 165,
      render: (_, user) => <span className={styles.time}>{displayTime(user.createTime)}</span>,
    },
    {
      title: T.columns.actions,
      valueType: 'option',
      key: 'actions',
      width: 340,
      render: (_, user) => [
        user.userRole === USER_ROLE.BAN ? null : <span key="role">{roleSelect(user)}</span>,
        <Button key="quota" type="link" size="small" onClick={() => setQuota({ open: true, user })}>
          {T.quota.open}
        </Button>,
        <Button
          key="keys"
          type="link"
          size="small"
          autoInsertSpace={false}
          aria-label={T.keys.openLabel(user.userAccount)}
          onClick={() => setKeys({ open: true, user })}
        >
          {T.keys.open}
        </Button>,
        <Link
          key="usage"
          to={`${ACCOUNT_USAGE_PATH}?${new URLSearchParams({
            userId: String(user.id),
            account: user.userAccount,
            // The page's title names the user as the console does elsewhere.
            name: user.userName || user.userAccount,
          })}`}
          aria-label={T.usageLinkLabel(user.userAccount)}
        >
          {T.usageLink}
        </Link>,
        <span key="ban">{banAction(user)}</span>,
      ],
    },
  ];

  return (
    <PageContainer
      tabActiveKey={tab}
      onTabChange={(key) => setTab(key as typeof tab)}
      tabList={[
        { key: 'users', tab: T.tabs.users },
        {
          key: 'requests',
          tab: (
            <Space size={6}>
              {T.tabs.requests}
              <Badge count={openRequests.data ?? 0} size="small" />
            </Space>
          ),
        },
      ]}
    >
      {tab === 'requests' ? <QuotaRequests onAnswered={openRequests.refresh} /> : null}
      {tab === 'users' && loadError ? (
        <LoadError className={styles.error} message={T.loadFailed} error={loadError} onRetry={reload} />
      ) : null}
      {tab === 'users' ? (
        <ProTable<User>
          rowKey={(user) => String(user.id)}
          actionRef={actionRef}
          columns={columns}
          // Narrower than its columns (a phone), the table scrolls inside itself, not the page.
          scroll={{ x: columnsWidth(columns) }}
          search={{ labelWidth: 'auto' }}
          // The search form and the page live in the URL (see userQuery.ts).
          form={form}
          pagination={{
            defaultCurrent: initialView.current,
            defaultPageSize: initialView.pageSize,
            showSizeChanger: true,
            pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          }}
          request={async (params) => {
            const { current = DEFAULT_USER_VIEW.current, pageSize = DEFAULT_USER_VIEW.pageSize } = params;
            const query = userQueryOf(params, { current, pageSize });
            setRequested((last) => (last && sameUserQuery(last, query) ? last : query));
            try {
              const res = await listUserByPage(
                {
                  current,
                  pageSize,
                  searchText: query.searchText?.trim() || undefined,
                  userRole: readRole(query.userRole),
                },
                { skipErrorHandler: true },
              );
              setLoadError(undefined);
              return { data: res.data?.records ?? [], total: res.data?.total ?? 0, success: true };
            } catch (error) {
              setLoadError(error);
              throw error;
            }
          }}
          // The failure is shown above the table with a retry; the table keeps what it had.
          onRequestError={() => undefined}
        />
      ) : null}
      <QuotaDrawer
        open={quota.open}
        user={quota.user}
        onClose={() => setQuota((s) => ({ ...s, open: false }))}
      />
      <KeysDrawer
        open={keys.open}
        user={keys.user}
        onClose={() => setKeys((s) => ({ ...s, open: false }))}
      />
    </PageContainer>
  );
}
