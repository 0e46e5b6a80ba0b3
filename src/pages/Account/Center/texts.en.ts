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

  key: {
    title: 'Access keys',
    hint: 'When you call an interface, the AccessKey says who you are and the SecretKey signs the request. The SecretKey is shown only once, when it is generated.',
    accessKey: 'AccessKey',
    secretKey: 'SecretKey',
    none: 'No access keys yet. Generate a pair to call interfaces from your own programs.',
    generate: 'Generate keys',
    regenerate: 'Regenerate keys',
    confirmTitle: 'Regenerate the access keys?',
    confirmDescription:
      'The old AccessKey and SecretKey stop working at once, and every call that uses them fails.',
    confirmOk: 'Regenerate',
    cancel: 'Cancel',
    loadFailed: 'Could not load the access keys',
    copy: 'Copy',
    copied: 'Copied',
    createdTitle: 'Access keys generated',
    createdWarning:
      'The SecretKey is shown only this once and cannot be seen again after you close this. Copy it now, keep it safe and do not share it.',
    done: 'I have saved it',
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
