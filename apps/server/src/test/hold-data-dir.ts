import { createDb } from '../db/client.ts';

/**
 * A second process for the data-folder lock tests (db/data-dir-lock.test.ts): opens the embedded
 * database in the folder given as its argument, says "open" (or prints the refusal and exits 3),
 * and holds it until its stdin closes.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-data-dir.ts <folder>');
try {
  const database = createDb({ dataDir });
  process.stdout.write('open\n');
  process.stdin.resume();
  process.stdin.on('end', () => {
    void database.close().then(() => process.exit(0));
  });
} catch (error) {
  process.stdout.write(`refused: ${(error as Error).message}\n`);
  process.exit(3);
}
