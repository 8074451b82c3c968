import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Environment } from '@pravesh/core';
import { resultRows, type Database } from '../../db/client.ts';

/**
 * The tables that make the consent ledger evidence (migrations 0003 and 0006): the entries, the
 * published texts they point at, and the chain's head. Their append-only triggers and the chain
 * hold only against a role that does not own them: an owner can disable a trigger or rewrite a row.
 */
export const LEDGER_TABLES = ['consent_ledger', 'consent_contract_versions', 'consent_ledger_chain_head'] as const;

export interface LedgerOwnership {
  /** The role the server's statements run as. */
  role: string;
  /** The ledger tables that role may alter as their owner (owner, member of the owner, superuser). */
  ownedTables: string[];
}

/** Which ledger tables the connection's current role holds its owner's rights on (pg_class.relowner). */
export async function ledgerOwnership(db: Database): Promise<LedgerOwnership> {
  const rows = resultRows<{ role: string; relname: string | null }>(
    await db.execute(sql`
      select current_user::text as role, c.relname::text as relname
      from (select 1) one
      left join pg_class c
        on c.relnamespace = to_regnamespace(current_schema())::oid
       and c.relkind = 'r'
       and c.relname in (${sql.join(
         LEDGER_TABLES.map((table) => sql`${table}`),
         sql`, `,
       )})
       and pg_has_role(current_user, c.relowner, 'USAGE')
      order by c.relname`),
  );
  return {
    role: rows[0]?.role ?? 'unknown',
    ownedTables: rows.flatMap((row) => (row.relname ? [row.relname] : [])),
  };
}

/**
 * Outside `local`, a server that owns the ledger could rewrite consent evidence: warn at start with
 * what to do (README "Configuration": a login role granted pravesh_app). A warning, not a refusal:
 * single-user installs and the embedded database (which has no roles) are documented set-ups.
 */
export async function warnWhenServerOwnsLedger(
  db: Database,
  options: { environment: Environment; embedded: boolean; log: FastifyBaseLogger },
): Promise<LedgerOwnership | undefined> {
  if (options.environment === 'local') return undefined;
  const ownership = await ledgerOwnership(db);
  if (ownership.ownedTables.length === 0) return ownership;
  options.log.warn(
    { consentLedger: ownership },
    options.embedded
      ? 'the server owns the consent ledger: the embedded database has no roles, so this process could rewrite ' +
          'consent evidence; run on PostgreSQL with DATABASE_URL as a login role granted pravesh_app ' +
          '(README "Configuration")'
      : `the server's database role ${ownership.role} owns the consent ledger (${ownership.ownedTables.join(', ')}) ` +
          'and could rewrite consent evidence or switch its append-only triggers off: set DATABASE_URL to a login ' +
          'role granted pravesh_app and PRAVESH_MIGRATION_DATABASE_URL to the owner (README "Configuration")',
  );
  return ownership;
}
