import { INTERFACE_STATUS, PAGE_SIZE_MAX } from '@/constants';
import { listInterfaceInfoByPage } from '@/services/agler/interfaceInfo';

/** What the table shows of an interface in a plan. */
export type InterfaceName = { name: string; offline: boolean };

/** The most pages of the catalogue read for names: beyond them an interface shows its id. */
export const NAME_PAGES_MAX = 40;

/**
 * The names of the interfaces `ids`, read from the catalogue's pages (as an admin sees it, offline
 * ones too) until every id is found or the catalogue ends; an id not found (deleted, or beyond the
 * pages read) is left out.
 */
export async function loadInterfaceNames(ids: readonly string[]): Promise<Map<string, InterfaceName>> {
  const wanted = new Set(ids);
  const names = new Map<string, InterfaceName>();
  for (let current = 1; wanted.size > names.size && current <= NAME_PAGES_MAX; current += 1) {
    const res = await listInterfaceInfoByPage({ current, pageSize: PAGE_SIZE_MAX }, { skipErrorHandler: true });
    const records = res.data?.records ?? [];
    for (const record of records) {
      const id = String(record.id);
      if (wanted.has(id)) names.set(id, { name: record.name, offline: record.status !== INTERFACE_STATUS.ONLINE });
    }
    if (records.length < PAGE_SIZE_MAX || current * PAGE_SIZE_MAX >= (res.data?.total ?? 0)) break;
  }
  return names;
}
