/**
 * The last pass over the OpenAPI document (openapi.ts transformObject), so that the usual tools
 * take it as it is: Redocly's recommended ruleset finds no error and openapi-typescript generates
 * a client from it (openapi-tools.test.ts runs both).
 *
 * - OpenAPI 3.0.3 §4.7.24 (Schema Object): `nullable: true` only adds null to the `type` beside
 *   it. Zod's 3.0 target writes it beside `anyOf` or `allOf: [$ref]`, where it means nothing; here
 *   the null is a branch of its own, `{ type: object, nullable: true, enum: [null] }`, the form
 *   @fastify/swagger itself uses for a schema that is only null.
 * - Every response has a description a reader can use (@fastify/swagger writes "Default Response").
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema that accepts null and nothing else, in OpenAPI 3.0. */
const NULL_ONLY = { type: 'object', nullable: true, enum: [null] } as const;

/** `{ nullable: true }` with no `type` beside it, rewritten so that null is a branch of its own. */
function nullAsBranch(schema: Json): void {
  if (schema.nullable !== true || 'type' in schema) return;
  delete schema.nullable;
  for (const list of ['anyOf', 'oneOf'] as const) {
    const branches = schema[list];
    if (Array.isArray(branches)) {
      branches.push({ ...NULL_ONLY });
      return;
    }
  }
  const allOf = schema.allOf;
  if (Array.isArray(allOf) && allOf.length === 1) {
    // allOf: [$ref] is how a nullable reference is written; anyOf: [$ref, null] says the same in 3.0.
    delete schema.allOf;
    schema.anyOf = [allOf[0], { ...NULL_ONLY }];
    return;
  }
  // A schema of any type: null is already among what it accepts.
}

function walk(value: unknown, visit: (schema: Json) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
    return;
  }
  if (!isObject(value)) return;
  visit(value);
  for (const child of Object.values(value)) walk(child, visit);
}

interface Operation {
  summary?: string;
  tags?: string[];
  responses?: Record<string, Json>;
}

const DEFAULT_DESCRIPTION = 'Default Response';

/** The name of the component a response schema names, if it names one. */
function componentOf(schema: unknown): string | undefined {
  if (!isObject(schema)) return undefined;
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref) return ref.split('/').pop();
  const allOf = schema.allOf;
  return Array.isArray(allOf) && allOf.length === 1 ? componentOf(allOf[0]) : undefined;
}

/** What a response carries, said from its status class, its media types and its schema. */
function describeResponse(status: string, response: Json, operation: Operation, plain?: string): string {
  const content = isObject(response.content) ? response.content : {};
  const types = Object.keys(content);
  if (/^[45]/.test(status)) {
    const what = status.startsWith('4') ? 'Refused' : 'The server or a provider it depends on failed (retry later)';
    return `${what}: the envelope with status false and the catalogue code in statusCode (ErrorEnvelope).`;
  }
  if (plain) return plain;
  if (types.includes('application/pdf'))
    return 'The PDF document (application/pdf); a refusal is the JSON envelope with status false.';
  if (types.includes('application/json')) {
    const json = content['application/json'];
    const schema = isObject(json) ? json.schema : undefined;
    const inner = isObject(schema) && isObject(schema.properties) ? schema.properties.response : undefined;
    const named = componentOf(inner) ?? componentOf(schema);
    return (
      'Success: the envelope with status true' +
      (named ? ` and the ${named} in response.` : inner ? ' and the answer in response.' : '.')
    );
  }
  return operation.summary ? `${operation.summary}.` : 'Success.';
}

/**
 * Rewrites the document in place (and returns it): null as a branch, and a description on every
 * response; `plainAnswers` says what a route without a response schema answers, by "METHOD path".
 */
export function finishDocument<T extends object>(document: T, plainAnswers: Record<string, string> = {}): T {
  walk(document, nullAsBranch);
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description !== DEFAULT_DESCRIPTION && response.description) continue;
        // GET and HEAD of one route share their responses: HEAD answers what GET does, without a body.
        const plain = plainAnswers[`${method.toUpperCase()} ${path}`] ?? plainAnswers[`GET ${path}`];
        response.description = describeResponse(status, response, operation, plain);
      }
    }
  }
  return document;
}
