import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../config/index.ts';

/**
 * What every operator command (npm run contract, npm run pii) shares: its output and environment as
 * an injectable object (tests pass their own), the error for a wrong invocation, one way of
 * reporting a failure, and running main() only when the file is the process's entry.
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
