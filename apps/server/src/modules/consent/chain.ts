import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { resultRows, type Database } from '../../db/client.ts';

/**
 * Verifies the consent ledger's hash chain (migration 0006). The database's trigger
 * writes the chain; this recomputes it here, apart from the database's own functions, so a changed
 * entry is found even by someone who also replaced those functions, unless they rewrote every later
 * hash and the head as well (anchoring the head outside the database closes that, see README).
 */

/** The hash the first entry chains to. */
export const GENESIS_HASH = '0'.repeat(64);
const CANONICAL_PREFIX = 'pravesh-consent-ledger-v1|';

/** One entry as text, exactly as the trigger's canonical form reads it (see the migration). */
interface ChainRow {
  chain_position: string | null;
  prev_hash: string | null;
  entry_hash: string | null;
  entry_id: string;
  seq: string;
  subject: string;
  contract_id: string;
  contract_version: string;
  action: string;
  user_value: string;
  consent_state: string;
  customer_id: string | null;
  visitor_id: string;
  visit_id: string | null;
  site_id: string;
  page_url: string | null;
  recorded_at: string;
  ip_hash: string | null;
  user_agent_hash: string | null;
  cookie_id: string | null;
  provider_cookie_id: string | null;
  environment: string | null;
  reason: string | null;
}

const HASHED_FIELDS = [
  'chain_position',
  'prev_hash',
  'entry_id',
  'seq',
  'subject',
  'contract_id',
  'contract_version',
  'action',
  'user_value',
  'consent_state',
  'customer_id',
  'visitor_id',
  'visit_id',
  'site_id',
  'page_url',
  'recorded_at',
  'ip_hash',
  'user_agent_hash',
  'cookie_id',
  'provider_cookie_id',
  'environment',
  'reason',
] as const satisfies readonly (keyof ChainRow)[];

/** "<octet length>:<text>|" per field, "~|" for NULL: no two field lists share a text. */
export function canonicalEntry(row: Readonly<Record<(typeof HASHED_FIELDS)[number], string | null>>): string {
  let text = CANONICAL_PREFIX;
  for (const field of HASHED_FIELDS) {
    const value = row[field];
    text += value === null ? '~|' : `${Buffer.byteLength(value, 'utf8')}:${value}|`;
  }
  return text;
}

export function entryHash(row: Readonly<Record<(typeof HASHED_FIELDS)[number], string | null>>): string {
  return createHash('sha256').update(canonicalEntry(row), 'utf8').digest('hex');
}

export type ChainReport =
  | { ok: true; entries: number; headHash: string }
  | {
      ok: false;
      entries: number;
      /** The first entry in chain order that does not match, or null when the head is what is wrong. */
      entry: { entryId: string; seq: number; chainPosition: number | null } | null;
      reason: string;
    };

const PAGE = 1000;

/** Walks the chain in position order, a page at a time, and reports the first entry that breaks it. */
export async function verifyLedgerChain(db: Database): Promise<ChainReport> {
  let expectedPosition = 1;
  let previous = GENESIS_HASH;
  let entries = 0;
  let after = 0;
  for (;;) {
    // Text forms chosen here, not by the driver, so the hash input is the trigger's exactly.
    const rows = resultRows<ChainRow>(
      await db.execute(sql`
        select chain_position::text, prev_hash, entry_hash, entry_id::text, seq::text, subject, contract_id,
               contract_version::text, action, user_value, consent_state::text, customer_id, visitor_id,
               visit_id, site_id::text, page_url,
               to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recorded_at,
               ip_hash, user_agent_hash, cookie_id, provider_cookie_id, environment, reason
        from consent_ledger
        where chain_position > ${after}
        order by chain_position
        limit ${PAGE}`),
    );
    for (const row of rows) {
      const position = row.chain_position === null ? null : Number(row.chain_position);
      const entry = { entryId: row.entry_id, seq: Number(row.seq), chainPosition: position };
      const broken = (reason: string): ChainReport => ({ ok: false, entries, entry, reason });
      if (position === null || row.prev_hash === null || row.entry_hash === null) {
        return broken('the entry has no place in the chain');
      }
      if (position !== expectedPosition) {
        return broken(`chain position ${position} where ${expectedPosition} was expected (an entry is missing)`);
      }
      if (row.prev_hash !== previous) return broken('its previous hash is not the hash of the entry before it');
      if (entryHash(row) !== row.entry_hash) return broken('its fields do not match its hash (the entry was altered)');
      previous = row.entry_hash;
      expectedPosition += 1;
      entries += 1;
    }
    if (rows.length < PAGE) break;
    after = Number(rows[rows.length - 1]!.chain_position);
  }
  const [head] = resultRows<{ last_position: string; entry_hash: string }>(
    await db.execute(sql`select last_position::text, entry_hash from consent_ledger_chain_head where id`),
  );
  if (!head || Number(head.last_position) !== entries || head.entry_hash !== previous) {
    return {
      ok: false,
      entries,
      entry: null,
      reason: head
        ? `the chain head names position ${head.last_position}, but the chain ends at ${entries} (entries were removed, or the head was changed)`
        : 'the chain head is missing',
    };
  }
  return { ok: true, entries, headHash: previous };
}
