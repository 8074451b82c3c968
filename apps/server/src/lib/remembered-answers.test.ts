import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAX_ANSWER_CHARS,
  MAX_ENTRIES,
  MAX_TOTAL_BYTES,
  rememberedAnswerBytes,
  rememberedAnswerCount,
  rememberedAnswersSerializer,
} from './remembered-answers.ts';

const record = z.object({ score: z.number().int().min(300).max(900), band: z.string() });
const compile = (schema: z.ZodType) => rememberedAnswersSerializer({ schema, method: 'GET', url: '/test' });
const zodSerializer = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/test' });

describe('remembered answers serializer', () => {
  it('sends exactly what the zod serializer sends, checking each distinct answer once', () => {
    const serialize = compile(record);
    const answer = { score: 760, band: 'GOOD', extra: 'stripped by the schema' };
    const before = rememberedAnswerCount();
    const first = serialize(answer);
    expect(first).toBe(zodSerializer(record)(answer));
    expect(JSON.parse(first)).toEqual({ score: 760, band: 'GOOD' });
    // The same answer again (a new object, as each request builds one): the remembered text.
    expect(serialize({ ...answer })).toBe(first);
    expect(rememberedAnswerCount()).toBe(before + 1);
  });

  it('refuses an answer that breaks the schema on every request, whatever was sent before', () => {
    const serialize = compile(record);
    serialize({ score: 700, band: 'GOOD' });
    for (let i = 0; i < 3; i += 1) expect(() => serialize({ score: 950, band: 'GOOD' })).toThrow();
  });

  it('keeps routes apart: an answer one schema accepted is still checked against another', () => {
    const lenient = compile(record);
    const strict = compile(record.extend({ score: z.number().max(500) }));
    expect(lenient({ score: 760, band: 'GOOD' })).toBe('{"score":760,"band":"GOOD"}');
    expect(() => strict({ score: 760, band: 'GOOD' })).toThrow();
  });

  it('stays within its entry and byte bounds however many distinct answers pass', () => {
    const serialize = compile(z.object({ score: z.number(), band: z.string() }));
    for (let i = 0; i < MAX_ENTRIES * 2; i += 1) serialize({ score: i, band: 'GOOD' });
    expect(rememberedAnswerCount()).toBe(MAX_ENTRIES);
    // Long answers (two-byte text, just under the per-answer limit) hit the byte bound first.
    const long = 'ऋ'.repeat(MAX_ANSWER_CHARS / 2 - 40);
    for (let i = 0; i < 100; i += 1) serialize({ score: i, band: long });
    expect(rememberedAnswerBytes()).toBeLessThanOrEqual(MAX_TOTAL_BYTES);
    expect(rememberedAnswerCount()).toBeLessThan(MAX_ENTRIES);
  });
});
