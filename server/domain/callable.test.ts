/**
 * @jest-environment node
 */
import { INTERFACE_STATUS, USER_ROLE } from '@agler/contract/constants';
import type { UserRole } from '@agler/contract/constants';
import { deprecationValue, sunsetInstant, sunsetValue } from '@agler/contract/lifecycle';
import { LIFECYCLE_MESSAGES } from '@agler/contract/messages';
import { callable } from './callable';
import type { CallableOptions, CallableRow } from './callable';
import type { SessionUser } from './session';

const ORIGIN = 'https://agler.example.com';
const REPLACEMENT = '1800000000000000002';
const SUNSET = '2026-02-01';
const DEPRECATED_AT = new Date(2026, 0, 10, 9, 30);
const BEFORE_SUNSET = new Date(2026, 0, 20, 12).getTime();

const userOf = (userRole: UserRole): SessionUser => ({
  id: '1800000000000000100',
  userAccount: userRole,
  userPassword: '',
  userName: '',
  userAvatar: '',
  userRole,
  createTime: new Date(0),
  updateTime: new Date(0),
  caseTwin: 0,
});
const user = userOf(USER_ROLE.USER);
const admin = userOf(USER_ROLE.ADMIN);

const online: CallableRow = {
  status: INTERFACE_STATUS.ONLINE,
  deprecated: false,
  deprecatedAt: null,
  sunsetDate: null,
  replacementId: null,
};
const retired: CallableRow = {
  ...online,
  deprecated: true,
  deprecatedAt: DEPRECATED_AT,
  sunsetDate: SUNSET,
  replacementId: REPLACEMENT,
};

/** The options of a call at `now`, whose replacement has `status` (none: it is not a live interface). */
function at(now: number, status?: number): CallableOptions & { find: jest.Mock } {
  const find = jest.fn(async (id: string) => {
    if (id !== REPLACEMENT || status === undefined) throw new Error('no such interface');
    return { status };
  });
  return { now, publicOrigin: ORIGIN, find };
}

const link = `<${ORIGIN}/gateway/${REPLACEMENT}>; rel="successor-version"`;

describe('who may call', () => {
  test('no live interface is missing, to anyone', async () => {
    expect(await callable(undefined, user, at(BEFORE_SUNSET))).toEqual({ kind: 'missing' });
    expect(await callable(undefined, admin, at(BEFORE_SUNSET))).toEqual({ kind: 'missing' });
  });

  test('an offline interface is missing to a user and closed to an admin, whatever its lifecycle', async () => {
    const offline = { ...retired, status: INTERFACE_STATUS.OFFLINE };
    const options = at(sunsetInstant(SUNSET)!, INTERFACE_STATUS.ONLINE);

    expect(await callable(offline, user, options)).toEqual({ kind: 'missing' });
    expect(await callable(offline, admin, options)).toEqual({ kind: 'offline' });
    expect(options.find).not.toHaveBeenCalled();
  });

  test('an online interface that is not deprecated is callable, with no headers', async () => {
    const options = at(BEFORE_SUNSET);
    const verdict = await callable({ ...online, sunsetDate: SUNSET, replacementId: REPLACEMENT }, user, options);

    expect(verdict).toEqual({ kind: 'callable', headers: {} });
    expect(options.find).not.toHaveBeenCalled();
  });
});

describe('a deprecated interface', () => {
  const headers = {
    Deprecation: deprecationValue(DEPRECATED_AT.getTime()),
    Sunset: sunsetValue(sunsetInstant(SUNSET)!),
    Link: link,
  };

  test('before its sunset: callable, with Deprecation, Sunset and a Link to its replacement', async () => {
    expect(await callable(retired, user, at(BEFORE_SUNSET, INTERFACE_STATUS.ONLINE))).toEqual({
      kind: 'callable',
      headers,
    });
  });

  test('from the first instant of its sunset date: gone, naming the replacement', async () => {
    const now = sunsetInstant(SUNSET)!;

    expect(await callable(retired, user, at(now - 1, INTERFACE_STATUS.ONLINE))).toMatchObject({
      kind: 'callable',
    });
    expect(await callable(retired, user, at(now, INTERFACE_STATUS.ONLINE))).toEqual({
      kind: 'gone',
      message: LIFECYCLE_MESSAGES.goneWithReplacement(SUNSET, `${ORIGIN}/gateway/${REPLACEMENT}`),
      headers,
    });
  });

  test('names a replacement only to a caller who may see it', async () => {
    const { Link: _link, ...unnamed } = headers;
    const offlineReplacement = at(BEFORE_SUNSET, INTERFACE_STATUS.OFFLINE);

    expect(await callable(retired, user, offlineReplacement)).toEqual({ kind: 'callable', headers: unnamed });
    expect(await callable(retired, admin, offlineReplacement)).toEqual({ kind: 'callable', headers });
    // A deleted replacement is no live interface: its lookup fails, and nobody is pointed to it.
    expect(await callable(retired, admin, at(BEFORE_SUNSET))).toEqual({ kind: 'callable', headers: unnamed });
    expect(await callable(retired, user, at(sunsetInstant(SUNSET)!))).toEqual({
      kind: 'gone',
      message: LIFECYCLE_MESSAGES.gone(SUNSET),
      headers: unnamed,
    });
  });
});
