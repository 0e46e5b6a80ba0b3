/** The view page of an interface (`/interface_info/:id`); the id goes in exactly as received. */
export function interfacePath(id: number | string): string {
  return `/interface_info/${encodeURIComponent(String(id))}`;
}
