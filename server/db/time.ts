import { sql } from 'drizzle-orm';

/** A moment as a parameter of raw SQL that both drivers read the same way (the builder's Date columns need none). */
export const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
