/**
 * @jest-environment node
 */
import type { Database } from '../db/connect';
import { testDatabase } from '../test/database';
import { announceAll, CHANGE_CHANNEL, onChange } from './changes';
import type { Change } from './changes';

let database: Database;

beforeAll(async () => {
  database = await testDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('announceAll', () => {
  test('tells this process each change and the database one notification per change, in one statement', async () => {
    const heard: Array<Change | 'reset'> = [];
    const received: string[] = [];
    const unsubscribe = onChange((change) => heard.push(change));
    const stop = await database.listen(
      CHANGE_CHANNEL,
      (payload) => received.push(payload),
      () => {},
    );
    const statements: string[] = [];
    const db = {
      execute: (query: Parameters<Database['db']['execute']>[0]) => {
        statements.push('sql');
        return database.db.execute(query);
      },
    } as unknown as Database['db'];
    try {
      const changes: Change[] = ['1', '2', '30'].map((interfaceId) => ({ kind: 'interface', interfaceId }));
      await announceAll(db, changes);
      expect(heard).toEqual(changes);
      expect(statements).toHaveLength(1);
      for (let i = 0; i < 50 && received.length < 3; i += 1)
        await new Promise((r) => {
          setTimeout(r, 20);
        });
      expect(received.sort()).toEqual(['interface:1', 'interface:2', 'interface:30']);
      await announceAll(db, []);
      expect(statements).toHaveLength(1);
    } finally {
      unsubscribe();
      await stop();
    }
  });
});
