import { eq } from 'drizzle-orm';
import { customerProfiles } from '../../db/schema/profile.ts';
import { openStoredPersonalDetails } from '../../lib/personal-details.ts';
import type { DataRightsPartFactory } from '../data-rights/index.ts';

/** Personal details (name, PAN, date of birth, address, work), opened from their seal for the export. */
export const profileDataRightsPart: DataRightsPartFactory = ({ db, pii }) => ({
  name: 'personalDetails',
  async collect(customerId) {
    const [row] = await db.select().from(customerProfiles).where(eq(customerProfiles.customerId, customerId));
    return row ? { ...openStoredPersonalDetails(pii, row.detailsEnc), updatedAt: row.updatedAt } : null;
  },
  erases: 'Your personal details: name, PAN, date of birth, address and work',
  async erase(customerId) {
    const rows = await db
      .delete(customerProfiles)
      .where(eq(customerProfiles.customerId, customerId))
      .returning({ customerId: customerProfiles.customerId });
    return rows.length;
  },
});
