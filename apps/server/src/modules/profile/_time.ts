import { createTestDatabase } from '../../test/instance.ts';
import { loadConfig } from '../../config/index.ts';
import { seedEmployers } from './employers-seed.ts';
import { createProfileStore } from './store.ts';
import { employerSearchTerms } from './employer-search.ts';
let t = performance.now();
const db = await createTestDatabase((process.env.KIND as 'pglite') ?? 'pglite');
console.log('migrate', performance.now() - t);
t = performance.now();
console.log(
  await seedEmployers({ db: db.db, config: loadConfig({ PRAVESH_ENV: 'local', PRAVESH_DATA_DIR: '/nonexistent' }) }),
);
console.log('seed', performance.now() - t);
const store = createProfileStore(db.db);
for (const q of ['ta', 'sh', 'tata cons', 'textiles', 'shree balaji tex', 'infosys', 'pr', 'a b']) {
  const terms = employerSearchTerms(q);
  await store.searchEmployers(terms, 21);
  t = performance.now();
  for (let i = 0; i < 20; i++) await store.searchEmployers(terms, 21);
  console.log(q, ((performance.now() - t) / 20).toFixed(2), 'ms');
}
await db.dispose();
