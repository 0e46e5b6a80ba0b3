import type { Translation } from '@/locales';
import type { ADMIN_USER_TEXTS } from './texts';

export const adminUser: Translation<typeof ADMIN_USER_TEXTS> = {
  columns: {
    id: 'ID',
    account: 'Account',
    name: 'User',
    role: 'Role',
    createTime: 'Signed up',
    actions: 'Actions',
    searchText: 'Account or nickname',
  },
  searchPlaceholder: 'Part of an account or nickname',
  idTitle: (id) => `Full ID: ${id}`,

  roles: { user: 'User', admin: 'Admin', ban: 'Banned' },
  roleOptions: { user: 'User', admin: 'Admin' },
  roleSelectLabel: (account) => `Role of ${account}`,
  roleChanged: (name, role) => `Role of “${name}” set to ${role}`,

  ban: 'Ban',
  unban: 'Unban',
  banConfirm: (name) => `Ban “${name}”?`,
  banConfirmHint:
    'Their sessions and access keys stop working at once: they can no longer log in or call interfaces until unbanned.',
  confirmBan: 'Ban',
  unbanConfirm: (name) => `Unban “${name}”?`,
  unbanConfirmHint: 'They become a regular user again and can log in.',
  confirmUnban: 'Unban',
  cancel: 'Cancel',
  banned: (name) => `“${name}” banned`,
  unbanned: (name) => `“${name}” unbanned`,
  selfBan: 'You cannot ban your own account',
  selfRole: 'You cannot demote your own account',
  gone: 'This user no longer exists; the list has been refreshed',

  loadFailed: 'Could not load the users',

  quota: {
    open: 'Quota',
    title: (name) => `Quota: ${name}`,
    columns: {
      name: 'Interface',
      method: 'Method',
      calls: 'Calls',
      leftNum: 'Left / total',
      rateLimit: 'Rate limit (calls/s, burst)',
    },
    rateLimitLabel: (name) => `Rate limit for “${name}” (calls/s)`,
    rateBurstLabel: (name) => `Burst for “${name}”`,
    ratePlaceholder: 'Interface’s',
    burstPlaceholder: 'Same',
    rateSave: 'Set',
    rateSaved: (name) => `Rate limit for “${name}” updated`,
    rateFollows: (limits) => `The interface’s: ${limits}`,
    rateOwn: (limits) => `This user’s own: ${limits}`,
    leftNumLabel: (name) => `Calls left for “${name}”`,
    save: 'Save',
    saved: (name) => `Calls left for “${name}” updated`,
    saveFailed: (reason) => `Could not save: ${reason}`,
    loadFailed: 'Could not load the quota',
    empty: 'This user has not called any interface and has no quota set',
    offline: 'Offline',

    grantTitle: 'Set the quota of an interface',
    grantHint: (max) =>
      `Users get the default quota when they first call an interface. Here you can set or change the calls left for any interface ahead of time (0 to ${max}).`,
    interfaceLabel: 'Interface',
    interfacePlaceholder: 'Search interfaces by name',
    interfaceRequired: 'Choose an interface',
    leftNumField: 'Calls left',
    leftNumRequired: 'Enter the calls left',
    grant: 'Set quota',
    granted: (name) => `Quota of “${name}” set`,
  },
};
