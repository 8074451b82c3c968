import { siteActivity } from '../../db/schema/activity.ts';
import { tablePart, type DataRightsPartFactory } from '../data-rights/index.ts';

/** Recent activity shared across the sites (spec 000 §3 site entries), on every device of the customer. */
export const activityDataRightsPart: DataRightsPartFactory = ({ db }) =>
  tablePart(db, {
    name: 'recentActivity',
    tables: [{ key: 'siteEntries', table: siteActivity, customerColumn: siteActivity.customerId }],
    erases: 'Your recent activity across our sites',
  });
