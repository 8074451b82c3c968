import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from '../config/index.ts';

/**
 * What every operator command (npm run contract, npm run pii, npm run desk-agent) shares: its output
 * and environment as an injectable object (tests pass their own), reading its command line, the
 * error for a wrong invocation, one way of reporting a failure, and running main() only when the
 * file is the process's entry.
 */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
}

export const processIo: CommandIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
};

/** A wrong invocation: its message is printed as is, after "error: ". */
export class UsageError extends Error {}

/** Prints why the command failed and answers its exit code. Messages name no secret or personal data. */
export function reportFailure(io: CommandIo, error: unknown): number {
  if (error instanceof ConfigError) io.err(`Configuration error: ${error.message}`);
  else io.err(`error: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
}

/** Runs `main` with the process's arguments when `moduleUrl` is the entry (`tsx <file>`); tests import main(). */
export function runIfEntry(moduleUrl: string, main: (args: readonly string[]) => Promise<number>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
/** Every command's --help, and --force past the embedded database's guard (embedded-database.ts). */
const COMMON = { help: { type: 'boolean' }, force: { type: 'boolean' } } as const;
type Parsed<O extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: O & typeof COMMON }>
>;

export interface CommandLine<O extends OptionsConfig> {
  command: string;
  values: Parsed<O>['values'];
}

/**
 * Reads `<command> [--options]`: one of `commands`, no other positional. --help prints the usage
 * (exit 0); an unknown option or command prints what was wrong and the usage (exit 1). Answers the
 * command line, or the exit code when there is nothing to run.
 */
export function readCommandLine<O extends OptionsConfig>(
  args: readonly string[],
  io: CommandIo,
  spec: { usage: string; commands: readonly string[]; options: O },
): CommandLine<O> | number {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, options: { ...spec.options, ...COMMON } });
  } catch (error) {
    io.err(`${(error as Error).message}\n${spec.usage}`);
    return 1;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if ((values as { help?: boolean }).help) {
    io.out(spec.usage);
    return 0;
  }
  if (!command || !spec.commands.includes(command) || rest.length > 0) {
    io.err(command ? `unknown command: ${[command, ...rest].join(' ')}\n${spec.usage}` : spec.usage);
    return 1;
  }
  return { command, values };
}
