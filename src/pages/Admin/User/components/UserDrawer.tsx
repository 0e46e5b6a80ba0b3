import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useFocusReturn } from '@/utils/useFocusReturn';

export type UserDrawerProps = {
  open: boolean;
  /** The user it is about (kept while the drawer closes, so it does not go blank). */
  user?: API.LoginUserVO;
  onClose: () => void;
};

type Props = UserDrawerProps & {
  /** The title, from the user's name (the account when there is none). */
  title: (name: string) => string;
  /** antd keeps a drawer within the screen: on a phone it is the phone's width. */
  width: number;
  /** Mounted anew for each user. */
  children: (user: API.LoginUserVO) => ReactNode;
};

/** A drawer of 用户管理 about one user; Escape closes it and the focus goes back to what opened it. */
export function UserDrawer({ open, user, onClose, title, width, children }: Props) {
  const shown = open && !!user;
  useFocusReturn(shown);
  return (
    <Drawer
      open={shown}
      title={user ? title(user.userName || user.userAccount) : undefined}
      width={width}
      onClose={onClose}
      destroyOnHidden
    >
      {user ? children(user) : null}
    </Drawer>
  );
}
