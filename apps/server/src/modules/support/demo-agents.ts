import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { supportAgents } from '../../db/schema/support.ts';

/**
 * The demo support team for "Chat with us" (issue 16 §1): fixed ids, so seeding twice adds nothing.
 * Never in production, where the agents are the real team's, kept by its own tooling.
 */
export const DEMO_AGENTS = [
  { agentId: '5e7a1c20-4f1b-4d52-9a61-0c3b8f2d7a01', displayName: 'Priya', capacity: 3 },
  { agentId: '5e7a1c20-4f1b-4d52-9a61-0c3b8f2d7a02', displayName: 'Arjun', capacity: 2 },
  { agentId: '5e7a1c20-4f1b-4d52-9a61-0c3b8f2d7a03', displayName: 'Kavya', capacity: 3 },
] as const;

export async function seedDemoAgents(context: {
  db: Database;
  config: Pick<AppConfig, 'environment'>;
  now: () => number;
}): Promise<string> {
  if (context.config.environment === 'production') return 'skipped in production (demo data)';
  const createdAt = new Date(context.now());
  const added = await context.db
    .insert(supportAgents)
    .values(DEMO_AGENTS.map((agent) => ({ ...agent, createdAt })))
    .onConflictDoNothing()
    .returning({ agentId: supportAgents.agentId });
  const [total] = await context.db.select({ places: sql<number>`coalesce(sum(capacity), 0)::int` }).from(supportAgents);
  return `${added.length} of ${DEMO_AGENTS.length} chat agents added (${total?.places ?? 0} chat places in all)`;
}
