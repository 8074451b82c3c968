import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * A response serializer for read routes whose answers repeat (a customer's score records are the
 * same on every page view until the next pull): each distinct answer is checked against the
 * route's response schema once, as the app-wide zod serializer does on every request, and the
 * checked JSON is remembered under the answer's plain JSON. Checking four score records took about
 * a sixth of getCreditScores' server time; the plain JSON.stringify that finds a
 * remembered answer costs a tenth of that.
 *
 * What is sent is always what the zod serializer would send: the same text, produced by it the
 * first time; an answer that fails the schema is never remembered, so it fails on every request.
 * Memory is bounded by entries and by bytes: answers longer than MAX_ANSWER_CHARS are checked every
 * time, and past MAX_ENTRIES answers or MAX_TOTAL_BYTES the oldest remembered ones go. Bytes are
 * counted as V8 may hold a string, two per character (a name with one non-Latin-1 letter makes the
 * whole string two-byte), so the bound holds whatever the text.
 */

type CompilerInput = Parameters<typeof serializerCompiler>[0];

export const MAX_ANSWER_CHARS = 64 * 1024;
/** About the score answers of a few hundred customers active at once on one instance. */
export const MAX_ENTRIES = 1_000;
export const MAX_TOTAL_BYTES = 4 * 1024 * 1024;
const BYTES_PER_CHAR = 2;

/** Plain JSON → checked JSON, for every route using it; Map keeps insertion order (oldest first). */
const remembered = new Map<string, string>();
let totalBytes = 0;
const sizeOf = (key: string, checked: string) => (key.length + checked.length) * BYTES_PER_CHAR;

function remember(key: string, checked: string): void {
  remembered.set(key, checked);
  totalBytes += sizeOf(key, checked);
  while (totalBytes > MAX_TOTAL_BYTES || remembered.size > MAX_ENTRIES) {
    const [oldestKey, oldest] = remembered.entries().next().value!;
    remembered.delete(oldestKey);
    totalBytes -= sizeOf(oldestKey, oldest);
  }
}

let routes = 0;

/** A route's serializerCompiler (Fastify hands it the response schema of one status). */
export function rememberedAnswersSerializer(input: {
  schema: unknown;
  method: string;
  url: string;
}): (data: unknown) => string {
  const check = serializerCompiler(input as CompilerInput);
  // One key space per route and status: the same plain JSON checked against one schema says
  // nothing about another's.
  const prefix = `${(routes += 1)}\u0000`;
  return (data) => {
    let plain: string | undefined;
    try {
      plain = JSON.stringify(data);
    } catch {
      // Not JSON at all (a BigInt, a cycle): the zod serializer answers it as it always does.
      return check(data);
    }
    if (plain === undefined || plain.length > MAX_ANSWER_CHARS) return check(data);
    const key = prefix + plain;
    const hit = remembered.get(key);
    if (hit !== undefined) return hit;
    const checked = check(data);
    remember(key, checked);
    return checked;
  };
}

/** For tests: how many answers are remembered. */
export function rememberedAnswerCount(): number {
  return remembered.size;
}

/** For tests: the bytes the remembered answers are counted as. */
export function rememberedAnswerBytes(): number {
  return totalBytes;
}
