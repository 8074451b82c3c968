import { isValidEmail, type Environment } from '@pravesh/core';
import { ConfigError } from './shared.ts';

/**
 * Support, for loadConfig():
 *
 * - PRAVESH_CHAT_ENABLED        1 or 0: spec 001 §9 "Chat enabled" switch, which decides whether
 *                               "Chat with us" is offered and GRIDSP chat/chatAllocation answers.
 *                               The spec has it false, so it is off by default everywhere except
 *                               the demo (`local`), where the seeded agents answer.
 * - PRAVESH_SUPPORT_DESK_EMAIL  Where each query from Submit A Query is sent for the support team
 *                               (through the email provider). Outside production the demo desk
 *                               address; production sends none until set (the ticket is stored and
 *                               the customer still gets the acknowledgement).
 */
export interface SupportConfig {
  readonly chatEnabled: boolean;
  readonly deskEmail: string | undefined;
}

export const DEMO_SUPPORT_DESK_EMAIL = 'care@kosh.example.in';

type Env = Record<string, string | undefined>;

export function loadSupportConfig(env: Env, environment: Environment): SupportConfig {
  const rawChat = env.PRAVESH_CHAT_ENABLED;
  if (rawChat !== undefined && rawChat !== '' && rawChat !== '0' && rawChat !== '1') {
    throw new ConfigError('PRAVESH_CHAT_ENABLED must be 0 or 1');
  }
  const desk = env.PRAVESH_SUPPORT_DESK_EMAIL?.trim().toLowerCase();
  if (desk && !isValidEmail(desk))
    throw new ConfigError(`PRAVESH_SUPPORT_DESK_EMAIL "${desk}" is not an email address`);
  return {
    chatEnabled: rawChat === undefined || rawChat === '' ? environment === 'local' : rawChat === '1',
    deskEmail: desk || (environment === 'production' ? undefined : DEMO_SUPPORT_DESK_EMAIL),
  };
}
