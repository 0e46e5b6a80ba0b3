/**
 * Writes the tests' demo database (./database.ts, seeded at SEED_NOW) into a new PGlite directory,
 * for a server process to start on instead of making its own:
 *
 *   node --import tsx server/test/templateDir.ts <dataDir>
 */
import fs from 'node:fs';
import { templateDataDir } from './database';

const [dataDir] = process.argv.slice(2);
if (!dataDir || fs.existsSync(dataDir)) {
  console.error('usage: node --import tsx server/test/templateDir.ts <dataDir that does not exist yet>');
  process.exit(2);
}
templateDataDir(dataDir).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
