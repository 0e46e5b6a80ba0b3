import { USER_LIMITS } from '@/constants';
import type { Translation } from '@/locales';
import type { CENTER_TEXTS } from './texts';

export const center: Translation<typeof CENTER_TEXTS> = {
  pageTitle: 'My account',
  retry: 'Retry',

  profile: {
    title: 'Profile',
    account: 'Account',
    userName: 'Nickname',
    userNamePlaceholder: `1–${USER_LIMITS.nameMax} characters`,
    userNameRequired: 'Enter a nickname',
    userAvatar: 'Avatar URL',
    userAvatarPlaceholder: 'https://example.com/avatar.png; leave empty for the default avatar',
    save: 'Save',
    saved: 'Profile saved',
  },

  password: {
    title: 'Change password',
    oldPassword: 'Current password',
    oldPasswordRequired: 'Enter your current password',
    newPassword: 'New password',
    newPasswordRequired: 'Enter a new password',
    checkPassword: 'Confirm new password',
    checkPasswordRequired: 'Enter the new password again',
    submit: 'Change password',
    changed: 'Password changed. You have been logged out on all other devices.',
  },

  usage: {
    title: 'My calls',
    name: 'Interface',
    method: 'Method',
    calls: 'Calls',
    quota: 'Left / total',
    unlimited: 'Admins have no limit',
    offline: 'Offline',
    empty: 'You have not called any interface yet',
    emptyAction: 'Browse the interfaces',
    loadFailed: 'Could not load your calls',
  },
};
