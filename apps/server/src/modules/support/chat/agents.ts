import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isValidEmail, normaliseEmail } from '@pravesh/core';
import type { Database } from '../../../db/client.ts';
import { supportAgentSessions, supportAgents } from '../../../db/schema/support.ts';
import { hashPassword } from '../../sso/index.ts';

/** A desk password: long enough to stand a guessing attack the sign-in limit slows down (NIST SP 800-63B §3.1.1.2). */
export const DESK_PASSWORD_MIN_LENGTH = 12;

export interface DeskAgentInput {
  email: string;
  displayName: string;
  capacity: number;
  password: string;
}

/** Why the input cannot make an agent, or undefined. Names no secret. */
export function deskAgentProblem(input: DeskAgentInput): string | undefined {
  if (!isValidEmail(normaliseEmail(input.email))) return 'the email is not an email address';
  if (!/^\p{L}[\p{L} .'-]{0,39}$/u.test(input.displayName.trim())) return 'the name is 1 to 40 letters';
  if (!Number.isInteger(input.capacity) || input.capacity < 1 || input.capacity > 20)
    return 'capacity is 1 to 20 chats';
  if ([...input.password].length < DESK_PASSWORD_MIN_LENGTH)
    return `the password is at least ${DESK_PASSWORD_MIN_LENGTH} characters`;
  return undefined;
}

/**
 * Adds a support desk agent, or for an email that has one, sets their name, capacity and password
 * and ends their desk sessions (a new password signs out the old ones). Answers whether it added.
 */
export async function saveDeskAgent(
  db: Database,
  input: DeskAgentInput,
  now: Date,
  agentId = randomUUID(),
): Promise<boolean> {
  const problem = deskAgentProblem(input);
  if (problem) throw new Error(problem);
  const email = normaliseEmail(input.email);
  const values = {
    displayName: input.displayName.trim(),
    capacity: input.capacity,
    passwordHash: await hashPassword(input.password),
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ agentId: supportAgents.agentId })
      .from(supportAgents)
      .where(eq(supportAgents.email, email));
    if (existing) {
      await tx.update(supportAgents).set(values).where(eq(supportAgents.agentId, existing.agentId));
      await tx.delete(supportAgentSessions).where(eq(supportAgentSessions.agentId, existing.agentId));
      return false;
    }
    await tx.insert(supportAgents).values({ agentId, email, createdAt: now, ...values });
    return true;
  });
}

/** Takes the agent's desk sign-in away (their password and sessions); their chats' history stays. */
export async function removeDeskSignIn(db: Database, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [agent] = await tx
      .update(supportAgents)
      .set({ passwordHash: null })
      .where(eq(supportAgents.email, normaliseEmail(email)))
      .returning({ agentId: supportAgents.agentId });
    if (!agent) return false;
    await tx.delete(supportAgentSessions).where(eq(supportAgentSessions.agentId, agent.agentId));
    return true;
  });
}
