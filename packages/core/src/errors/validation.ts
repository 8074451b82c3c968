import { entry, type CatalogueEntry } from './entry.ts';

// Validation (spec 000 §8).
export const VALIDATION_ERRORS = {
  invalidSiteId: entry(
    'invalidSiteId',
    400,
    ({ id, valid }) => `${id} - is not a valid site-Id. Valid site-Id are ${valid}`,
  ),
  required: entry('requiredField', 400, ({ list }) => `[${list}] is required`),
  notAuthorizedToSetCustomerData: entry(
    'notAuthorizedToSetCustomerData',
    403,
    ({ id }) => `${id} is not authorized to set customer data. Only SSO can set customer data.`,
  ),
  dataSizeExceeded: entry('dataSizeExceeded', 413, 'Data size exceeds permissiable limit.'),
  shieldSiteIdMissing: entry('shieldSiteIdMissing', 400, 'Shield siteId is missing'),
  clientDataMissing: entry('clientDataMissing', 400, 'client data is missing'),
  failedToCreateVisitId: entry('failedToCreateVisitId', 400, 'Failed to create visitId'),
  mandatoryConfiguration: entry('mandatoryConfiguration', 400, 'Mandatory configuration is required'),
  puckarContractIdRequired: entry('puckarContractIdRequired', 400, 'puckar contractId is required'),
  puckarVisitIdRequired: entry('puckarVisitIdRequired', 400, 'puckar visitId is required'),
  puckarShieldConfigRequired: entry('puckarShieldConfigRequired', 400, 'puckar pbApiShieldConfig is required'),
  cookieNotEnabled: entry('cookieNotEnabled', 400, 'Cookie Not Enabled'),
  puckarElementIdRequired: entry('puckarElementIdRequired', 400, 'ElementID is required, To show the puckar contract.'),
  puckarElementNotDeclared: entry('puckarElementNotDeclared', 400, 'Puckar element id is not declared in this scope'),
} as const satisfies Record<string, CatalogueEntry>;
