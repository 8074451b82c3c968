import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { supportAgents } from '../../db/schema/support.ts';
import { saveDeskAgent } from './chat/agents.ts';

/**
 * The demo support team for "Chat with us": fixed ids, so seeding twice adds nothing. Never in
 * production, where the agents are the real team's (npm run desk-agent). Only in `local` can they
 * sign in to the desk, with DEMO_DESK_PASSWORD (README "Live chat"): a shared environment gets no
 * agent with a published password.
 */
export const DEMO_AGENTS = [
  {
    agentId: '5e7a1c20-4f1b-4d52-9a61-0c3b8f2d7a01',
    displayName: 'Priya',
    capacity: 3,
    email: 'priya@desk.kosh.example.in',
  },
  {
    agentId: '5e7a1c20-4f1b-4d52-9a61-0c3b8f2d7a02',
    displayName: 'Arjun',
    capacity: 2,
    email: 'arjun@desk.kosh.example.in',
  },
  {
    agentId: '5e7a1c20-4f1b-4d52-9a61-0c3b8f2d7a03',
    displayName: 'Kavya',
    capacity: 3,
    email: 'kavya@desk.kosh.example.in',
  },
] as const;

export const DEMO_DESK_PASSWORD = 'kosh-desk-demo';

export async function seedDemoAgents(context: {
  db: Database;
  config: Pick<AppConfig, 'environment'>;
  now: () => number;
}): Promise<string> {
  if (context.config.environment === 'production') return 'skipped in production (demo data)';
  const createdAt = new Date(context.now());
  const added = await context.db
    .insert(supportAgents)
    .values(DEMO_AGENTS.map(({ agentId, displayName, capacity }) => ({ agentId, displayName, capacity, createdAt })))
    .onConflictDoNothing()
    .returning({ agentId: supportAgents.agentId });
  let desk = '';
  if (context.config.environment === 'local') {
    const [signIns] = await context.db
      .select({ count: sql<number>`count(*)::int` })
      .from(supportAgents)
      .where(sql`email like '%@desk.kosh.example.in' and password_hash is not null`);
    if ((signIns?.count ?? 0) < DEMO_AGENTS.length) {
      for (const agent of DEMO_AGENTS) {
        await context.db
          .update(supportAgents)
          .set({ email: agent.email })
          .where(sql`agent_id = ${agent.agentId} and email is null`);
        await saveDeskAgent(context.db, { ...agent, password: DEMO_DESK_PASSWORD }, createdAt, agent.agentId);
      }
    }
    desk = `; desk sign-in ${DEMO_AGENTS[0].email} (password in the README)`;
  }
  const [total] = await context.db.select({ places: sql<number>`coalesce(sum(capacity), 0)::int` }).from(supportAgents);
  return `${added.length} of ${DEMO_AGENTS.length} chat agents added (${total?.places ?? 0} chat places in all)${desk}`;
}
