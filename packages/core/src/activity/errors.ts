import { entry, type CatalogueEntry } from '../errors/entry.ts';

// Shared storage (spec 000 §8).
export const STORAGE_ERRORS = {
  storageFieldsMissing: entry(
    'storageFieldsMissing',
    400,
    'Some of the compulsory fiels missing. Required fields are - id,type',
  ),
  productNotAllowed: entry(
    'productNotAllowed',
    400,
    ({ product, valid }) => `${product} - is not allowed product. Valid values of product key are - ${valid}`,
  ),
  applicationNotArray: entry('applicationNotArray', 400, 'Application should be of type of Array.'),
  existingDataInvalid: entry('existingDataInvalid', 400, 'Existing data is invalid'),
  idAndTypeRequired: entry('idAndTypeRequired', 400, 'Id and type required'),
  idAndPayloadMandatory: entry('idAndPayloadMandatory', 400, 'id and payload are mandatory fields'),
  idAndApplicationIdMandatory: entry('idAndApplicationIdMandatory', 400, 'id and applicationID are mandatory fields'),
  siteDataNotFound: entry('siteDataNotFound', 404, ({ id }) => `${id} - not found site data.`),
  doesNotExist: entry('doesNotExist', 404, ({ id }) => `${id} - does not exist.`),
} as const satisfies Record<string, CatalogueEntry>;
