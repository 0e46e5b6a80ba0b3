import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { ADMIN_USER_TEXTS } from '../texts';
import { loadUserKeys } from './loadUserKeys';
import { UserDrawer } from './UserDrawer';
import type { UserDrawerProps } from './UserDrawer';

const T = ADMIN_USER_TEXTS.keys;

const UserKeys = lazy(loadUserKeys);

const DRAWER_WIDTH = 960;

/** 密钥: a user's keys and key audit trail, read-only. */
export function KeysDrawer(props: UserDrawerProps) {
  return (
    <UserDrawer {...props} title={T.title} width={DRAWER_WIDTH}>
      {(user) => (
        <Suspense fallback={<Skeleton active />}>
          <UserKeys key={String(user.id)} userId={user.id} />
        </Suspense>
      )}
    </UserDrawer>
  );
}
