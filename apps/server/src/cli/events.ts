import { parseArgs } from 'node:util';
import { DeliverPolicy, jetstream, jetstreamManager, type Consumer, type JsMsg } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { loadConfig } from '../config/index.ts';
import { processIo, reportFailure, runIfEntry, UsageError, type CommandIo } from './operator-command.ts';

/**
 * `npm run events -- tail [--site <n>] [--last <n>] [--no-follow]`: reads the analytics events'
 * stream (PRAVESH_EVENTS_SINK=nats; README "Analytics events and retention") with the server's
 * settings (PRAVESH_NATS_URL, PRAVESH_NATS_STREAM, PRAVESH_NATS_SUBJECT_PREFIX). Prints the stream's
 * last `--last` events (10 by default; with `--site`, the site's among them), one JSON line each, then follows new
 * ones until interrupted, or stops with `--no-follow`. It reads through an ordered consumer, which
 * the server forgets when the command ends: it leaves no state and acknowledges nothing, so it never
 * takes an event from a warehouse loader's durable consumer.
 */
export const USAGE = 'usage: npm run events -- tail [--site <n>] [--last <n>] [--no-follow]';

/** How long a `--no-follow` read waits for more before it decides the stream is read to its end. */
const DRAINED_AFTER_MS = 1000;

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]{1,9}$/.test(value) || Number(value) < min)
    throw new UsageError(`--${name} must be a whole number from ${min}`);
  return Number(value);
}

/** One line per event: where it sits in the stream, then the event's row as the server published it. */
function line(message: JsMsg): string {
  let event: unknown;
  try {
    event = message.json();
  } catch {
    event = message.string();
  }
  return JSON.stringify({ seq: message.seq, subject: message.subject, time: message.time.toISOString(), event });
}

async function printUntilDrained(consumer: Consumer, out: (line: string) => void): Promise<void> {
  for (;;) {
    const batch = await consumer.fetch({ max_messages: 500, expires: DRAINED_AFTER_MS });
    let count = 0;
    for await (const message of batch) {
      out(line(message));
      count += 1;
    }
    if (count === 0) return;
  }
}

/** Runs one command; answers the exit code (0 done, 1 refused or failed). */
export async function main(args: readonly string[], io: CommandIo = processIo, stop?: AbortSignal): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        site: { type: 'string' },
        last: { type: 'string' },
        'no-follow': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  try {
    if (positionals.length !== 1 || positionals[0] !== 'tail') throw new UsageError(USAGE);
    const site = values.site === undefined ? undefined : wholeNumber('site', values.site, 0, 1);
    const last = wholeNumber('last', values.last, 10, 0);
    const config = loadConfig({ ...io.env });
    const { nats } = config.events;
    if (config.events.sink !== 'nats') {
      io.err('PRAVESH_EVENTS_SINK is postgres: the events are in the analytics_events table, not on a stream');
      return 1;
    }
    const connection = await connect({ servers: nats.url, name: 'pravesh-events-tail', timeout: 5000 });
    try {
      const subject = `${nats.subjectPrefix}.${site ?? '>'}`;
      const { state } = await (await jetstreamManager(connection)).streams.info(nats.stream);
      // From the `last`-th message from the stream's end (of them, the site's with --site).
      const startSeq = Math.max(state.first_seq, state.last_seq - last + 1, 1);
      const consumer = await jetstream(connection).consumers.get(nats.stream, {
        filter_subjects: subject,
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: startSeq,
      });
      if (values['no-follow']) {
        await printUntilDrained(consumer, (text) => io.out(text));
        return 0;
      }
      const messages = await consumer.consume();
      stop?.addEventListener('abort', () => void messages.close());
      for await (const message of messages) io.out(line(message));
      return 0;
    } finally {
      await connection.close();
    }
  } catch (error) {
    return reportFailure(io, error);
  }
}

runIfEntry(import.meta.url, (args) => {
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  return main(args, processIo, stop.signal);
});
