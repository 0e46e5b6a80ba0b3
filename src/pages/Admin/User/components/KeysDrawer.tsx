import { Drawer, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useFocusReturn } from '@/utils/useFocusReturn';
import { ADMIN_USER_TEXTS } from '../texts';
import { loadUserKeys } from './loadUserKeys';

const T = ADMIN_USER_TEXTS.keys;

const UserKeys = lazy(loadUserKeys);

// antd keeps a drawer within the screen (max-width 100vw): on a phone it is the phone's width.
const DRAWER_WIDTH = 960;

type KeysDrawerProps = {
  open: boolean;
  /** The user whose keys are shown (kept while the drawer closes, so it does not go blank). */
  user?: API.LoginUserVO;
  onClose: () => void;
};

/** 密钥: a user's keys and key audit trail, read-only; Escape closes it and the focus goes back. */
export function KeysDrawer({ open, user, onClose }: KeysDrawerProps) {
  const shown = open && !!user;
  useFocusReturn(shown);
  return (
    <Drawer
      open={shown}
      title={user ? T.title(user.userName || user.userAccount) : undefined}
      width={DRAWER_WIDTH}
      onClose={onClose}
      destroyOnHidden
    >
      {user ? (
        <Suspense fallback={<Skeleton active />}>
          <UserKeys key={String(user.id)} userId={user.id} />
        </Suspense>
      ) : null}
    </Drawer>
  );
}
