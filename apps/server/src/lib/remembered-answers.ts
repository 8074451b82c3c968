import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * A response serializer for read routes whose answers repeat (a customer's score records are the
 * same on every page view until the next pull): each distinct answer is checked against the
 * route's response schema once, as the app-wide zod serializer does on every request, and the
 * checked JSON is remembered under the answer's plain JSON. Checking four score records took about
 * a sixth of getCreditScores' server time (issue 14 bench); the plain JSON.stringify that finds a
 * remembered answer costs a tenth of that.
 *
 * What is sent is always what the zod serializer would send: the same text, produced by it the
 * first time; an answer that fails the schema is never remembered, so it fails on every request.
 * Memory is bounded: answers longer than MAX_ANSWER_CHARS are checked every time, and past
 * MAX_TOTAL_CHARS the oldest remembered answers go.
 */

type CompilerInput = Parameters<typeof serializerCompiler>[0];

export const MAX_ANSWER_CHARS = 64 * 1024;
export const MAX_TOTAL_CHARS = 8 * 1024 * 1024;

/** Plain JSON → checked JSON, for every route using it; Map keeps insertion order (oldest first). */
const remembered = new Map<string, string>();
let totalChars = 0;

function remember(key: string, checked: string): void {
  remembered.set(key, checked);
  totalChars += key.length + checked.length;
  while (totalChars > MAX_TOTAL_CHARS) {
    const [oldestKey, oldest] = remembered.entries().next().value!;
    remembered.delete(oldestKey);
    totalChars -= oldestKey.length + oldest.length;
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
