import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.ts';
import { createDb } from '../db/client.ts';
import { removeDeskSignIn, saveDeskAgent } from '../modules/support/index.ts';
import { serverAnswers } from './embedded-database.ts';
import { processIo, reportFailure, runIfEntry, UsageError, type CommandIo } from './operator-command.ts';

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
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        capacity: { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (!command || !['add', 'remove'].includes(command) || rest.length > 0 || !values.email) {
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
    if (!config.databaseUrl && !values.force && (await serverAnswers(config.publicUrl))) {
      throw new UsageError(
        `an API server answers at ${config.publicUrl}: on the embedded database (PGlite serves one process) ` +
          'stop it first, or use DATABASE_URL; --force if that server uses another PRAVESH_DATA_DIR',
      );
    }
    database = createDb({
      databaseUrl: config.databaseUrl,
      migrationDatabaseUrl: config.migrationDatabaseUrl,
      dataDir: config.dataDir,
    });
    await database.migrate();
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
