import { sql } from 'drizzle-orm';
import {
  FAQ_SEARCH,
  PraveshError,
  type FaqCategory,
  type GetSupportBody,
  type GetSupportResponse,
} from '@pravesh/core';
import { resultRows, type Database } from '../../db/client.ts';

/**
 * The FAQs tab (spec 001 §7 myAccount/getSupport, §3 support slice supportData): the
 * FAQs stored by migration 0019, grouped by category, searched by the database's full-text index.
 */

interface FaqRow {
  faq_id: string;
  category_id: string;
  title: string;
  question: string;
  answer: string;
  total: string | number;
}

/** At most this many search words are read; more say nothing a customer needs. */
const MAX_WORDS = 8;

/**
 * The customer's words as a prefix query: "disput cib" finds "disputes" and "CIBIL" as they type.
 * Only letters and digits reach to_tsquery (its operators never come from the customer), and single
 * characters are dropped, as a prefix of one letter matches nearly everything.
 */
export function prefixQuery(words: readonly string[], join: '&' | '|'): string {
  return words.map((word) => `${word}:*`).join(` ${join} `);
}

export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length >= 2))].slice(0, MAX_WORDS);
}

/** Rows in answer order, grouped by category in the order each category first appears. */
function grouped(rows: readonly FaqRow[]): FaqCategory[] {
  const categories = new Map<string, FaqCategory>();
  for (const row of rows) {
    let category = categories.get(row.category_id);
    if (!category) {
      category = { categoryId: row.category_id, title: row.title, faqs: [] };
      categories.set(row.category_id, category);
    }
    category.faqs.push({ faqId: row.faq_id, question: row.question, answer: row.answer });
  }
  return [...categories.values()];
}

export function createFaqStore(db: Database) {
  const columns = sql`f.faq_id, f.category_id, c.title, f.question, f.answer, count(*) over () as total`;
  return {
    async all(limit: number): Promise<FaqRow[]> {
      return resultRows<FaqRow>(
        await db.execute(sql`
          select ${columns}
          from support_faqs f join support_faq_categories c on c.category_id = f.category_id
          order by c.position, f.position
          limit ${limit}`),
      );
    },
    /** Best matches first (question and keywords weigh more than the answer), then the tab's order. */
    async search(tsquery: string, limit: number): Promise<FaqRow[]> {
      return resultRows<FaqRow>(
        await db.execute(sql`
          select ${columns}
          from support_faqs f join support_faq_categories c on c.category_id = f.category_id,
               to_tsquery('english', ${tsquery}) q
          where f.search @@ q
          order by ts_rank(f.search, q) desc, c.position, f.position
          limit ${limit}`),
      );
    },
  };
}

export type FaqStore = ReturnType<typeof createFaqStore>;

export function createFaqService({ store, chatEnabled }: { store: FaqStore; chatEnabled: boolean }) {
  return {
    /**
     * Every FAQ, or those matching the search. All the words must match; when no FAQ has them all,
     * any of them will do (ranked), so a question in the customer's own words still finds answers.
     */
    async getSupport(body: GetSupportBody): Promise<GetSupportResponse> {
      const query = body.query?.trim() ?? '';
      if ([...query].length > FAQ_SEARCH.maxQueryLength) throw new PraveshError('faqQueryTooLong');
      const limit = body.limit ?? FAQ_SEARCH.defaultLimit;
      const words = searchWords(query);
      let rows: FaqRow[];
      if (query === '') rows = await store.all(limit);
      else if (words.length === 0) rows = [];
      else {
        rows = await store.search(prefixQuery(words, '&'), limit);
        if (rows.length === 0 && words.length > 1) rows = await store.search(prefixQuery(words, '|'), limit);
      }
      return {
        query: query === '' ? null : query,
        total: Number(rows[0]?.total ?? 0),
        shown: rows.length,
        categories: grouped(rows),
        chatEnabled,
      };
    },
  };
}

export type FaqService = ReturnType<typeof createFaqService>;
