import { supportChats, supportTickets } from '../../db/schema/support.ts';
import { tablePart, type DataRightsPartFactory } from '../data-rights/index.ts';

export const supportDataRightsPart: DataRightsPartFactory = ({ db }) =>
  tablePart(db, {
    name: 'support',
    tables: [
      { key: 'chats', table: supportChats, customerColumn: supportChats.customerId },
      { key: 'tickets', table: supportTickets, customerColumn: supportTickets.customerId },
    ],
    erases: 'Your support queries and chats',
  });
