import { ResponseCode } from '@agler/contract/constants';
import { MESSAGES } from '@agler/contract/messages';
import type { InterfaceInfo, Page, TopInterface } from '@agler/contract/types';
import { expectRefusal, expectSuccess } from './client';
import { API, createInterface, demoInterface, getOverview, specSessions, today } from './interfaces';

/** Deleting an interface: out of every list and lookup, while the analysis keeps its calls under its name. */

const spec = specSessions();

const overviewOfToday = async () => {
  const day = today();
  return expectSuccess(
    await getOverview(spec.admin, { startDate: day, endDate: day }),
  );
};

describe('a deleted interface with calls', () => {
  it('is out of list, get and invoke (40400), and the analysis still counts its calls under its name', async () => {
    const { url, method } = await demoInterface(spec.user, 'Echo');
    const id = await createInterface(spec.admin, { online: true, overrides: { url, method } });
    const { name } = expectSuccess(await spec.admin.get<InterfaceInfo>(API.get, { id }));
    for (let i = 0; i < 3; i += 1)
      expectSuccess(await spec.user.post(API.invoke, { id, userRequestParams: '{}' }));
    const before = await overviewOfToday();
    expect(before.interfaces.find((row) => row.interfaceInfoId === id)).toMatchObject({ name, calls: 3 });
    expect(before.interfaces.find((row) => row.interfaceInfoId === id)).not.toHaveProperty('deleted');

    expect(expectSuccess(await spec.admin.post(API.delete, { id }))).toBe(true);

    for (const client of [spec.admin, spec.user]) {
      const listed = expectSuccess(await client.get<Page<InterfaceInfo>>(API.list, { name, pageSize: 50 }));
      expect(listed.records.map((r) => r.id)).not.toContain(id);
      expectRefusal(await client.get(API.get, { id }), ResponseCode.NOT_FOUND, MESSAGES.interfaceNotFound);
      expectRefusal(
        await client.post(API.invoke, { id, userRequestParams: '{}' }),
        ResponseCode.NOT_FOUND,
        MESSAGES.interfaceNotFound,
      );
    }
    // A second delete and a publish answer 40400 too (writes.contract.ts).

    const after = await overviewOfToday();
    const row = after.interfaces.find((r) => r.interfaceInfoId === id);
    expect(row).toEqual({ ...before.interfaces.find((r) => r.interfaceInfoId === id), deleted: true });
    // The delete takes nothing away: the day's figures are the same (other specs do not run alongside).
    const { interfaces: _after, ...totalsAfter } = after;
    const { interfaces: _before, ...totalsBefore } = before;
    expect(totalsAfter).toEqual(totalsBefore);
    expect(after.interfaces.filter((r) => r.interfaceInfoId !== id)).toEqual(
      before.interfaces.filter((r) => r.interfaceInfoId !== id),
    );
    const top = expectSuccess(await spec.admin.get<TopInterface[]>(API.top, { limit: 20 }));
    expect(top.map((t) => t.id)).not.toContain(id);
  });
});
