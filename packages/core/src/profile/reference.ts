/**
 * The reference lists of spec 001 §3, with the spec's ids (what existing clients and partners send)
 * and labels. Zod-free: the dashboard's pickers import them directly.
 */

export interface ReferenceOption {
  readonly id: number;
  readonly label: string;
}

/** spec 001 §3 "Employment types: 1 Salaried, 2 Self Employed Professional, 3 Self Employed Business." */
export const EMPLOYMENT_TYPES = [
  { id: 1, label: 'Salaried' },
  { id: 2, label: 'Self Employed Professional' },
  { id: 3, label: 'Self Employed Business' },
] as const satisfies readonly ReferenceOption[];

export const EMPLOYMENT_TYPE = { salaried: 1, selfEmployedProfessional: 2, selfEmployedBusiness: 3 } as const;
export type EmploymentTypeId = (typeof EMPLOYMENT_TYPES)[number]['id'];

/** spec 001 §3 profession types, in the spec's order (Other last). */
export const PROFESSION_TYPES = [
  { id: 1, label: 'Doctor' },
  { id: 2, label: 'Lawyer' },
  { id: 3, label: 'Engineer' },
  { id: 21, label: 'Architect' },
  { id: 22, label: 'Chartered Accountant' },
  { id: 23, label: 'Company Secretary' },
  { id: 24, label: 'Consultant' },
  { id: 25, label: 'Cost Accountant' },
  { id: 26, label: 'Dentist' },
  { id: 30, label: 'MBA' },
  { id: 5, label: 'Other' },
] as const satisfies readonly ReferenceOption[];

/** spec 001 §3 business types. */
export const BUSINESS_TYPES = [
  { id: 32, label: 'Proprietor' },
  { id: 33, label: 'Partnership Firm' },
  { id: 34, label: 'Pvt Ltd company' },
  { id: 35, label: 'Director applying as an Individual' },
  { id: 36, label: 'Partner applying as an Individual' },
  { id: 37, label: 'Others - Business' },
] as const satisfies readonly ReferenceOption[];

/** Gender as on the customer's PAN and KYC records; the spec names no list. */
export const GENDERS = [
  { id: 'MALE', label: 'Male' },
  { id: 'FEMALE', label: 'Female' },
  { id: 'TRANSGENDER', label: 'Transgender' },
] as const;
export type Gender = (typeof GENDERS)[number]['id'];

export function labelOf(list: readonly ReferenceOption[], id: number | null | undefined): string | undefined {
  return list.find((option) => option.id === id)?.label;
}
