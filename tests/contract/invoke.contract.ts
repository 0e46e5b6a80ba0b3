import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import { UPSTREAM_MESSAGES } from '@agler/contract/upstream';
import type { TopInterface } from '@agler/contract/types';
import type { Client } from './client';
import { Client as Visitor, expectRefusal, expectSuccess } from './client';
import { API, createInterface, demoInterface, getOverview, specSessions, today } from './interfaces';
import { INVOKE_TIMEOUT_MS } from './targets';

/** Calling an interface, and which calls the analysis counts. */

const spec = specSessions();

const call = (client: Client, id: string, userRequestParams?: unknown) =>
  client.post(API.invoke, { id, userRequestParams });

describe('invoke', () => {
  it('needs a session', async () => {
    const { id } = await demoInterface(spec.user, 'Echo');
    expectRefusal(await call(new Visitor(), id, '{}'), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);
  });

  it("answers with the interface's own answer", async () => {
    const { id } = await demoInterface(spec.user, 'Echo');
    const params = { a: [1, { b: true }], text: '你好' };
    expect(expectSuccess(await call(spec.user, id, JSON.stringify(params)))).toEqual(params);
  });

  it('reads empty parameters as none', async () => {
    const { id } = await demoInterface(spec.user, 'Echo');
    expect(expectSuccess(await call(spec.user, id, ''))).toEqual({});
    expect(expectSuccess(await call(spec.user, id))).toEqual({});
  });

  it('refuses an offline interface: to a user as if it did not exist, to an admin as closed', async () => {
    const id = await createInterface(spec.admin);
    spec.created.push(id);
    expectRefusal(await call(spec.user, id, '{}'), ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
    expectRefusal(await call(spec.admin, id, '{}'), ResponseCode.PARAMS_ERROR, MESSAGES.interfaceClosed);
  });

  it('answers 40400 for an id nobody has and 40000 for one that is no id', async () => {
    expectRefusal(
      await call(spec.user, '9223372036854775807', '{}'),
      ResponseCode.NOT_FOUND,
      MESSAGES.interfaceNotFound,
    );
    expectRefusal(await call(spec.user, 'abc', '{}'), ResponseCode.PARAMS_ERROR, MESSAGES.badId);
    expectRefusal(
      await spec.user.post(API.invoke, { userRequestParams: '{}' }),
      ResponseCode.PARAMS_ERROR,
      MESSAGES.badId,
    );
  });

  it.each([
    ['not JSON', '{city:', MESSAGES.paramsNotJson],
    ['no text', { city: '北京' }, MESSAGES.paramsNotText],
    ['nested 10,000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, MESSAGES.paramsTooDeep],
    [
      'an object nested 10,000 deep',
      `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      MESSAGES.paramsTooDeep,
    ],
  ])('refuses parameters that are %s', async (_label, params, message) => {
    const { id } = await demoInterface(spec.user, 'Echo');
    expectRefusal(await call(spec.user, id, params), ResponseCode.PARAMS_ERROR, message);
  });
});

describe('what the analysis counts', () => {
  const top = async () => expectSuccess(await spec.admin.get<TopInterface[]>(API.top, { limit: 20 }));
  const countOf = (list: TopInterface[], id: string) => list.find((t) => t.id === id)?.totalNum ?? 0;

  it('counts every call that reached the interface, answered or refused by it, and no call refused before', async () => {
    // An online interface already among the most called: more calls keep it there.
    const before = await top();
    const target = before.find((t) => t.status === 1);
    if (!target) throw new Error('no online interface among the 20 most called');
    const { id } = target;

    await call(spec.user, id, '{}');
    await call(spec.admin, id, '[1]');
    expectRefusal(await call(spec.user, id, '{not json'), ResponseCode.PARAMS_ERROR, MESSAGES.paramsNotJson);
    expectRefusal(await call(new Visitor(), id, '{}'), ResponseCode.NOT_LOGIN, MESSAGES.notLogin);

    expect(countOf(await top(), id)).toBe(countOf(before, id) + 2);
  });

  it('does not count a call to an offline interface', async () => {
    const id = await createInterface(spec.admin);
    spec.created.push(id);
    expectRefusal(await call(spec.user, id, '{}'), ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
    expectRefusal(await call(spec.admin, id, '{}'), ResponseCode.PARAMS_ERROR, MESSAGES.interfaceClosed);
    const day = today();
    const overview = expectSuccess(
      await getOverview(spec.admin, { startDate: day, endDate: day }),
    );
    expect(overview.interfaces.find((row) => row.interfaceInfoId === id)).toBeUndefined();
  });

  it('counts a call to an interface spec.created today in the day’s overview', async () => {
    // At the demo Echo's address: the target answers it itself, with no network.
    const { url, method } = await demoInterface(spec.user, 'Echo');
    const id = await createInterface(spec.admin, { online: true, overrides: { url, method } });
    spec.created.push(id);
    expectSuccess(await call(spec.user, id, '{}'));
    const day = today();
    const overview = expectSuccess(
      await getOverview(spec.admin, { startDate: day, endDate: day }),
    );
    expect(overview.interfaces.find((row) => row.interfaceInfoId === id)).toMatchObject({
      calls: 1,
      errors: 0,
    });
  });
});

describe('counting under load', () => {
  it('200 concurrent calls are exactly 200 more in the analysis', async () => {
    const { url, method } = await demoInterface(spec.user, 'Echo');
    const id = await createInterface(spec.admin, { online: true, overrides: { url, method } });
    spec.created.push(id);
    const day = today();
    const callsOf = async () =>
      expectSuccess(
        await getOverview(spec.admin, { startDate: day, endDate: day }),
      ).interfaces.find((row) => row.interfaceInfoId === id)?.calls ?? 0;
    const before = await callsOf();

    // As the admin: admins are counted but never limited by a quota.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(spec.admin, id, `{"n":${i}}`)),
    );

    // Each failure with its message, so that a failed run says why. CI runs this target beside the
    // build and the other target on two cores, where a call can wait past the target's short
    // time-out; such a call is still a call, and what must hold is that every one is counted once.
    const timedOut = UPSTREAM_MESSAGES.timeout(INVOKE_TIMEOUT_MS).text;
    expect(
      answers
        .filter((a) => a.body.code !== ResponseCode.SUCCESS && a.body.message !== timedOut)
        .map((a) => a.body.message),
    ).toEqual([]);
    expect(await callsOf()).toBe(before + 200);
  });
});
