import { z } from 'zod';

/**
 * Any JSON value (the free-form maps of spec 000 §3 "Site entry": sharedData, applicationDetails).
 * One instance, so the server's OpenAPI document names it once as a component: each fresh
 * `z.json()` is recursive, and a recursive schema converted on its own leaves a `$ref` to a
 * definition the document never gets.
 */
export const jsonValueSchema = z.json();
