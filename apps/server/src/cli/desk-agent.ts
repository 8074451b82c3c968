import { loadConfig } from '../config/index.ts';
import { removeDeskSignIn, saveDeskAgent } from '../modules/support/index.ts';
import { openCommandDatabase } from './embedded-database.ts';
import {
  processIo,
  readCommandLine,
  reportFailure,
  runIfEntry,
  UsageError,
  type CommandIo,
} from './operator-command.ts';

/**
 * `npm run desk-agent -- <command>`: the support desk's agents (live chat; README "Live chat").
 * Agents are not customers: they sign in at /desk with an email and a password kept here, hashed
 * with scrypt like customers' passwords. It reads the same configuration as the server.
 *
 *   add --email <e> --name <first name> [--capacity <chats at once, default 3>]
 *        adds the agent, or updates one with that email (a new password ends their sessions);
 *        the password comes from PRAVESH_DESK_AGENT_PASSWORD, never an argument (arguments are
 *        visible to every user of the machine in the process list)
 *   remove --email <e>   takes the agent's desk sign-in away (the chats they had stay)
 */
export const USAGE = [
  'usage: PRAVESH_DESK_AGENT_PASSWORD=… npm run desk-agent -- add --email <email> --name <first name> [--capacity <n>] [--force]',
  '       npm run desk-agent -- remove --email <email> [--force]',
].join('\n');

export async function main(args: readonly string[], io: CommandIo = processIo): Promise<number> {
  const line = readCommandLine(args, io, {
    usage: USAGE,
    commands: ['add', 'remove'],
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      capacity: { type: 'string' },
    },
  });
  if (typeof line === 'number') return line;
  const { command, values } = line;
  if (!values.email) {
    io.err(USAGE);
    return 1;
  }

  let database;
  try {
    const password = io.env.PRAVESH_DESK_AGENT_PASSWORD ?? '';
    if (command === 'add' && (!values.name || !password)) {
      throw new UsageError('add needs --name and the password in PRAVESH_DESK_AGENT_PASSWORD');
    }
    const config = loadConfig(io.env);
    database = await openCommandDatabase(config, { force: values.force });
    if (command === 'add') {
      const added = await saveDeskAgent(
        database.db,
        { email: values.email, displayName: values.name!, capacity: Number(values.capacity ?? 3), password },
        new Date(),
      );
      io.out(
        added
          ? `added agent ${values.name!.trim()}`
          : `updated agent ${values.name!.trim()} (their desk sessions ended)`,
      );
      return 0;
    }
    io.out((await removeDeskSignIn(database.db, values.email)) ? 'desk sign-in removed' : 'no agent with that email');
    return 0;
  } catch (error) {
    return reportFailure(io, error);
  } finally {
    await database?.close();
  }
}

runIfEntry(import.meta.url, main);
