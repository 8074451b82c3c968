import {
  PraveshError,
  validateApplication,
  validateDataItem,
  type Application,
  type DataItem,
  type Lead,
  type SiteEntry,
} from '@pravesh/core';
import { idLabel } from './id-label.ts';

/**
 * The operations on one site entry (spec 000 §5), as pure functions from the entry before to the
 * entry after. Every check runs before anything is built, and the input entry is never changed,
 * so a refused call has nothing to undo. Times the store stamps are ISO date-times.
 */
export interface OpContext {
  siteId: number;
  now: number;
  /** The current visit id: the entry's `visit`. */
  visit: string | undefined;
}

export interface OpResult<T> {
  entry: SiteEntry;
  result: T;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlank = (value: unknown) => value === undefined || value === null || value === '';
const sameId = (a: unknown, b: unknown) =>
  (typeof a === 'string' || typeof a === 'number') && (typeof b === 'string' || typeof b === 'number')
    ? String(a) === String(b)
    : false;
const MAX_APPLICATIONS = 100;

export function emptySiteEntry(context: OpContext): SiteEntry {
  const now = new Date(context.now).toISOString();
  return {
    siteId: context.siteId,
    createdAt: now,
    updatedAt: now,
    visit: context.visit ?? null,
    data: [],
    leads: [],
    sharedData: null,
    consentRecievedDate: null,
  };
}

function touched(entry: SiteEntry, context: OpContext, change: Partial<SiteEntry>): SiteEntry {
  return { ...entry, ...change, updatedAt: new Date(context.now).toISOString(), visit: context.visit ?? entry.visit };
}

function existing(entry: SiteEntry | undefined, context: OpContext): SiteEntry {
  if (!entry) throw new PraveshError('siteDataNotFound', { id: context.siteId });
  return entry;
}

function findItem(entry: SiteEntry, id: unknown, type: unknown): number {
  return entry.data.findIndex((item) => sameId(item.id, id) && item.type === type);
}

function replaceAt<T>(list: readonly T[], index: number, value: T): T[] {
  return index === -1 ? [...list, value] : list.map((item, at) => (at === index ? value : item));
}

/** Creates or replaces a data item by id and type (products of a set: PL, CC, HL, DL, BL, MF, HLBT, LAP). */
export function setItem(entry: SiteEntry | undefined, input: unknown, context: OpContext): OpResult<DataItem> {
  const item = validateDataItem(input);
  const base = entry ?? emptySiteEntry(context);
  const index = findItem(base, item.id, item.type);
  const now = new Date(context.now).toISOString();
  const stored: DataItem = { ...item, createdAt: base.data[index]?.createdAt ?? item.createdAt ?? now, updatedAt: now };
  return { entry: touched(base, context, { data: replaceAt(base.data, index, stored) }), result: stored };
}

/** Changes an existing data item ("{id} - does not exist." otherwise); PCO and BUREAU allowed. */
export function updateItem(entry: SiteEntry | undefined, input: unknown, context: OpContext): OpResult<DataItem> {
  const item = validateDataItem(input, { update: true });
  const base = existing(entry, context);
  const index = findItem(base, item.id, item.type);
  const current = base.data[index];
  if (!current) throw new PraveshError('doesNotExist', { id: idLabel(item.id) });
  const now = new Date(context.now).toISOString();
  const stored: DataItem = { ...current, ...item, createdAt: current.createdAt ?? now, updatedAt: now };
  return { entry: touched(base, context, { data: replaceAt(base.data, index, stored) }), result: stored };
}

/** Deletes a data item: "Id and type required". */
export function deleteItem(entry: SiteEntry | undefined, ref: unknown, context: OpContext): OpResult<DataItem> {
  if (!isObject(ref) || isBlank(ref.id) || isBlank(ref.type)) throw new PraveshError('idAndTypeRequired');
  const base = existing(entry, context);
  const index = findItem(base, ref.id, ref.type);
  const removed = base.data[index];
  if (!removed) throw new PraveshError('doesNotExist', { id: idLabel(ref.id) });
  return { entry: touched(base, context, { data: base.data.filter((_, at) => at !== index) }), result: removed };
}

type Parent = { kind: 'data'; index: number; item: DataItem } | { kind: 'leads'; index: number; item: Lead };

/** The parent of applications: a data item with that id, else a lead with that id. */
function findParent(entry: SiteEntry, id: unknown): Parent | undefined {
  const dataIndex = entry.data.findIndex((item) => sameId(item.id, id));
  if (dataIndex !== -1) return { kind: 'data', index: dataIndex, item: entry.data[dataIndex]! };
  const leadIndex = entry.leads.findIndex((lead) => sameId(lead.id, id));
  if (leadIndex !== -1) return { kind: 'leads', index: leadIndex, item: entry.leads[leadIndex]! };
  return undefined;
}

function withApplications(entry: SiteEntry, parent: Parent, applications: Application[], now: string): SiteEntry {
  const change =
    parent.kind === 'data'
      ? { data: replaceAt(entry.data, parent.index, { ...parent.item, application: applications, updatedAt: now }) }
      : { leads: replaceAt(entry.leads, parent.index, { ...parent.item, application: applications, updatedAt: now }) };
  return { ...entry, ...change };
}

export interface ApplicationChange {
  application: Application;
  parent: { kind: 'data'; item: DataItem } | { kind: 'leads'; item: Lead };
}

/**
 * Creates or replaces an application of the item (or lead) `id`: "id and payload are mandatory
 * fields", all nine application fields required, and the parent must exist ("{id} - does not exist.").
 */
export function setApplication(
  entry: SiteEntry | undefined,
  id: unknown,
  payload: unknown,
  context: OpContext,
): OpResult<ApplicationChange> {
  if (isBlank(id) || !isObject(payload)) throw new PraveshError('idAndPayloadMandatory');
  const application = validateApplication(payload);
  const base = existing(entry, context);
  const parent = findParent(base, id);
  if (!parent) throw new PraveshError('doesNotExist', { id: idLabel(id) });
  const applications = parent.item.application ?? [];
  const index = applications.findIndex((candidate) => sameId(candidate.id, application.id));
  if (index === -1 && applications.length >= MAX_APPLICATIONS) {
    throw new PraveshError('badRequest', { detail: `application: at most ${MAX_APPLICATIONS} per item` });
  }
  const now = new Date(context.now).toISOString();
  const stored: Application = {
    ...application,
    createdAt: applications[index]?.createdAt ?? application.createdAt ?? now,
    updatedAt: now,
  };
  const next = touched(withApplications(base, parent, replaceAt(applications, index, stored), now), context, {});
  const item = parent.kind === 'data' ? next.data[parent.index]! : next.leads[parent.index]!;
  return {
    entry: next,
    result: { application: stored, parent: { kind: parent.kind, item } as ApplicationChange['parent'] },
  };
}

/** Deletes one application: "id and applicationID are mandatory fields". */
export function deleteApplication(
  entry: SiteEntry | undefined,
  id: unknown,
  applicationId: unknown,
  context: OpContext,
): OpResult<ApplicationChange> {
  if (isBlank(id) || isBlank(applicationId)) throw new PraveshError('idAndApplicationIdMandatory');
  const base = existing(entry, context);
  const parent = findParent(base, id);
  if (!parent) throw new PraveshError('doesNotExist', { id: idLabel(id) });
  const applications = parent.item.application ?? [];
  const removed = applications.find((candidate) => sameId(candidate.id, applicationId));
  if (!removed) throw new PraveshError('doesNotExist', { id: idLabel(applicationId) });
  const now = new Date(context.now).toISOString();
  const remaining = applications.filter((candidate) => candidate !== removed);
  const next = touched(withApplications(base, parent, remaining, now), context, {});
  const item = parent.kind === 'data' ? next.data[parent.index]! : next.leads[parent.index]!;
  return {
    entry: next,
    result: { application: removed, parent: { kind: parent.kind, item } as ApplicationChange['parent'] },
  };
}
