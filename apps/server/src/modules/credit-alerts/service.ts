import {
  BUREAUS,
  PraveshError,
  diffReports,
  type Bureau,
  type CreditAlert,
  type ScoreChangeExplained,
  type SubscribeBureauAlertsResponse,
  type UpdateAlertStateBody,
  type UpdateAlertStateResponse,
  type UserAlertSegmentResponse,
  type UserAllAlertsResponse,
} from '@pravesh/core';
import type { CreditAlertRow, CreditAlertsStore } from './store.ts';

export interface CreditAlertsServiceOptions {
  store: CreditAlertsStore;
  /** The one clock (ModuleDeps.now). */
  now: () => number;
}

function alertOf(row: CreditAlertRow): CreditAlert {
  return {
    alertId: row.alertId,
    creditBureau: row.bureau as Bureau,
    kind: row.kind as CreditAlert['kind'],
    impact: row.impact as CreditAlert['impact'],
    rank: row.rank,
    title: row.title,
    explanation: row.explanation,
    details: row.details,
    pulledAt: row.pulledAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    dismissedAt: row.dismissedAt?.toISOString() ?? null,
  };
}

const isScoreMove = (row: CreditAlertRow) => row.kind === 'SCORE_UP' || row.kind === 'SCORE_DOWN';

/**
 * Credit alerts (spec 001 §3 userAllAlerts / userAlertSegment, §7 creditAlerts).
 *
 * Alerts are derived lazily, on the customer's first read after a new pull, not inside the pull:
 * the pull stays the credit module's alone (no second module writing in its transaction, nothing
 * to undo when a bureau fails half way), the seed's and any future import's pulls are covered the
 * same way, and a customer who never opens the dashboard costs nothing. Each pair of a bureau's
 * consecutive stored pulls is compared once (core diffReports), every pair since the last read,
 * and the result stored under the pair's unique key, so the same pair always has the same alerts,
 * however many reads race to it.
 *
 * A bureau the customer unsubscribed from keeps its alerts stored but they are not listed or
 * counted; subscribing again shows them.
 */
export function createCreditAlertsService({ store, now }: CreditAlertsServiceOptions) {
  /** Compares every bureau's pairs not compared yet, oldest first; answers each bureau's latest version. */
  async function derive(customerId: string): Promise<Map<Bureau, number>> {
    const latest = await store.latestVersions(customerId);
    for (const pair of await store.pendingPairs(customerId, latest)) {
      // A NO_HIT pull holds no report: nothing to compare, but the pair is settled all the same.
      const changes = pair.older.report && pair.newer.report ? diffReports(pair.older.report, pair.newer.report) : [];
      await store.storePair(customerId, pair, changes, new Date(now()));
    }
    return latest;
  }

  async function subscriptionsOf(customerId: string, latest: Map<Bureau, number>) {
    const chosen = await store.subscriptions(customerId);
    return BUREAUS.filter((bureau) => latest.has(bureau) || chosen.has(bureau)).map((bureau) => ({
      creditBureau: bureau,
      subscribed: chosen.get(bureau) ?? true,
    }));
  }

  async function visibleAlerts(customerId: string) {
    const latest = await derive(customerId);
    const bureaus = await subscriptionsOf(customerId, latest);
    const off = new Set(bureaus.filter((entry) => !entry.subscribed).map((entry) => entry.creditBureau));
    const rows = (await store.alerts(customerId)).filter((row) => !off.has(row.bureau as Bureau));
    return { latest, bureaus, rows };
  }

  const unread = (rows: readonly CreditAlertRow[]) => rows.filter((row) => row.readAt === null).length;

  /**
   * "Why your score changed": the score move of the latest pair of the first bureau (spec 000 §9
   * priority) whose latest pull moved the score, with the pair's other changes as its reasons,
   * those that pushed the score its way first.
   */
  async function scoreChangeOf(
    customerId: string,
    latest: Map<Bureau, number>,
    subscribed: ReadonlySet<Bureau>,
  ): Promise<ScoreChangeExplained | null> {
    for (const bureau of BUREAUS) {
      const version = latest.get(bureau);
      if (version === undefined || version < 2 || !subscribed.has(bureau)) continue;
      const pair = await store.pairAlerts(customerId, bureau, version);
      const score = pair.find(isScoreMove);
      if (!score || score.details.from === undefined || score.details.to === undefined) continue;
      const rest = pair.filter((row) => row !== score);
      const aligned = rest.filter((row) => row.impact === score.impact);
      const against = rest.filter((row) => row.impact !== score.impact);
      return {
        creditBureau: bureau,
        from: score.details.from,
        to: score.details.to,
        delta: score.details.to - score.details.from,
        pulledAt: score.pulledAt.toISOString(),
        reportDate: ((await store.reportDate(customerId, bureau, version)) ?? score.pulledAt).toISOString(),
        reasons: [...aligned, ...against].map(alertOf),
      };
    }
    return null;
  }

  return {
    /** creditAlerts/getUserAllAlerts. */
    async allAlerts(customerId: string, bureau?: Bureau): Promise<UserAllAlertsResponse> {
      const { rows } = await visibleAlerts(customerId);
      const listed = bureau ? rows.filter((row) => row.bureau === bureau) : rows;
      return { alerts: listed.map(alertOf), unreadCount: unread(listed) };
    },

    /** creditAlerts/getUserAlertSegment. */
    async segment(customerId: string): Promise<UserAlertSegmentResponse> {
      const { latest, bureaus, rows } = await visibleAlerts(customerId);
      const subscribed = new Set(bureaus.filter((entry) => entry.subscribed).map((entry) => entry.creditBureau));
      return {
        unreadCount: unread(rows),
        totalCount: rows.length,
        bureaus: bureaus.map((entry) => ({
          ...entry,
          unreadCount: unread(rows.filter((row) => row.bureau === entry.creditBureau)),
        })),
        scoreChange: await scoreChangeOf(customerId, latest, subscribed),
      };
    },

    /**
     * creditAlerts/createUpdateUserAlertState: idempotent; any id that is not this customer's
     * alert refuses the whole call (creditAlertNotFound) and marks nothing.
     */
    async updateState(customerId: string, body: UpdateAlertStateBody): Promise<UpdateAlertStateResponse> {
      const marked = await store.mark(customerId, body.alertIds, body.state, new Date(now()));
      if (!marked) throw new PraveshError('creditAlertNotFound');
      const { rows } = await visibleAlerts(customerId);
      const order = new Map(body.alertIds.map((id, index) => [id, index]));
      return {
        alerts: marked.sort((a, b) => order.get(a.alertId)! - order.get(b.alertId)!).map(alertOf),
        unreadCount: unread(rows),
      };
    },

    /** creditAlerts/subscribeBureauAlerts: idempotent; answers every bureau with a pull and its choice. */
    async subscribe(customerId: string, bureau: Bureau, subscribed: boolean): Promise<SubscribeBureauAlertsResponse> {
      await store.subscribe(customerId, bureau, subscribed, new Date(now()));
      const { bureaus, rows } = await visibleAlerts(customerId);
      return {
        bureaus: bureaus.map((entry) => ({
          ...entry,
          unreadCount: unread(rows.filter((row) => row.bureau === entry.creditBureau)),
        })),
      };
    },
  };
}

export type CreditAlertsService = ReturnType<typeof createCreditAlertsService>;
