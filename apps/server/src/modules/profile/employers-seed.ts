import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/index.ts';
import { resultRows, type Database } from '../../db/client.ts';
import { refEmployers } from '../../db/schema/profile.ts';
import { employerNameKey, LEGAL_FORM_WORDS } from './employer-search.ts';
import { generatedEmployers, WELL_KNOWN_EMPLOYERS, type EmployerSeed } from './employer-names.ts';

/**
 * The employer list of utility/employer, by the seed step (`npm run seed`; `npm start` runs it).
 * Not in migration 0020 with the cities and banks: tens of thousands of rows would slow every test
 * database's migration (API tests seed it only where they search it), and production loads its
 * licensed company register into the same tables instead of our generated names, so the seeder
 * skips production like every demo seeder.
 *
 * Idempotent and quick when done: one count answers "already there" on every later start. Ids are
 * the list's order, so a database seeded twice, or two databases, hold the same ids.
 */
export function employerSeedList(): EmployerSeed[] {
  return [...WELL_KNOWN_EMPLOYERS, ...generatedEmployers()];
}

interface EmployerRow {
  i: number;
  n: string;
  k: string;
  w: number;
}

/**
 * The word rows of db/schema/profile.ts ref_employer_words: each distinct word of a name but the
 * legal-form ones, with the answer's order as `rank`: larger employers first, then by name; a
 * name's first word ranks ahead of every later word of any name ("balaji" finds "Balaji Textiles"
 * before "Shree Balaji Textiles").
 */
export function employerWordRows(employers: readonly EmployerRow[]): { d: string; r: number; i: number }[] {
  const ordered = [...employers].sort((a, b) => b.w - a.w || (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i));
  const later = ordered.length;
  const rows: { d: string; r: number; i: number }[] = [];
  ordered.forEach((employer, position) => {
    const words = [...new Set(employer.k.split(' '))].filter((word) => word !== '' && !LEGAL_FORM_WORDS.includes(word));
    words.forEach((word, index) => {
      const first = index === 0 && employer.k.startsWith(word);
      rows.push({ d: word, r: position + 1 + (first ? 0 : later), i: employer.i });
    });
  });
  return rows;
}

export async function seedEmployers(
  context: { db: Database; config: Pick<AppConfig, 'environment'> },
  list: readonly EmployerSeed[] = employerSeedList(),
): Promise<string> {
  if (context.config.environment === 'production') return 'skipped in production (load the company register)';
  const { db } = context;
  if ((await db.$count(refEmployers)) >= list.length) return `0 of ${list.length} employers added`;
  const rows: EmployerRow[] = list.map((employer, index) => ({
    i: index + 1,
    n: employer.name,
    k: employerNameKey(employer.name),
    w: employer.weight,
  }));
  // One statement per table, whatever the list's length: the rows travel as one JSON parameter
  // (PGlite and PostgreSQL both read json_to_recordset). A partly seeded list (a run stopped half
  // way) is rewritten whole: ranks depend on every name.
  const added = await db.transaction(async (tx) => {
    const inserted = resultRows<{ employer_id: number }>(
      await tx.execute(sql`insert into ref_employers (employer_id, name, name_key, weight)
        select i, n, k, w from json_to_recordset(${JSON.stringify(rows)}::json) as r(i integer, n text, k text, w integer)
        on conflict (employer_id) do nothing
        returning employer_id`),
    );
    await tx.execute(sql`delete from ref_employer_words`);
    await tx.execute(sql`insert into ref_employer_words (word, rank, employer_id)
      select d, r, i from json_to_recordset(${JSON.stringify(employerWordRows(rows))}::json) as r(d text, r integer, i integer)`);
    return inserted.length;
  });
  return `${added} of ${list.length} employers added`;
}
