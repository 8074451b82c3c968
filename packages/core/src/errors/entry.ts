/**
 * The shape of one error catalogue entry (spec 000 §8, spec 001 §8). Each capability keeps its
 * entries in its own `<capability>/errors.ts`; `errors.ts` spreads them into the one catalogue.
 */

export type Message = string | ((params: Record<string, string | number>) => string);

export interface CatalogueEntry {
  /** Wire code: the envelope's statusCode. Several entries may share a code with other texts. */
  readonly code: string;
  /** HTTP status when the server raises it; browser-only errors use 400. */
  readonly status: number;
  readonly message: Message;
}

export function entry(code: string, status: number, message: Message): CatalogueEntry {
  return { code, status, message };
}

type UnionToIntersection<Union> = (Union extends unknown ? (arg: Union) => void : never) extends (
  arg: infer Intersection,
) => void
  ? Intersection
  : never;

/** Every entry of a set of catalogue groups, by key: the groups list is the one place a group is named. */
export type FlatCatalogue<Groups extends Record<string, Record<string, CatalogueEntry>>> = UnionToIntersection<
  Groups[keyof Groups]
>;

export function flattenGroups<Groups extends Record<string, Record<string, CatalogueEntry>>>(
  groups: Groups,
): FlatCatalogue<Groups> {
  return Object.assign({}, ...Object.values(groups)) as FlatCatalogue<Groups>;
}
