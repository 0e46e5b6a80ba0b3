/** Where an interface's own page is (route `/interface_info/:id`); the id is used exactly as received. */
export function interfacePath(id: number | string): string {
  return `/interface_info/${encodeURIComponent(String(id))}`;
}
