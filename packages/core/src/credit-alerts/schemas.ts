import { z } from 'zod';
import { bureauSchema, scoreValueSchema } from '../credit/schemas.ts';
import { REPORT_CHANGE_IMPACTS, REPORT_CHANGE_KINDS } from '../credit/report-diff.ts';

/**
 * Credit alerts (spec 001 §3 account slice userAllAlerts and userAlertSegment, §7
 * creditAlerts). An alert is one change between a customer's two latest stored pulls of a bureau
 * (core credit/report-diff.ts diffReports), stored once per pair of pulls, with the customer's own
 * read and dismissed marks. Instants are ISO 8601 with an offset.
 */

const instantSchema = z.iso.datetime({ offset: true });

export const creditAlertKindSchema = z.enum(REPORT_CHANGE_KINDS);
export const creditAlertImpactSchema = z.enum(REPORT_CHANGE_IMPACTS);

export const creditAlertDetailsSchema = z.object({
  lender: z.string().max(120).optional(),
  accountType: z.string().max(60).optional(),
  accountNumber: z.string().max(32).optional(),
  date: z.iso.date().optional(),
  from: z.number().int().optional(),
  to: z.number().int().optional(),
});

export const creditAlertSchema = z.object({
  alertId: z.uuid(),
  creditBureau: bureauSchema,
  kind: creditAlertKindSchema,
  impact: creditAlertImpactSchema,
  /** 1 is the most important change of its pull (a score change, when the score moved). */
  rank: z.number().int().min(1),
  title: z.string().min(1).max(200),
  explanation: z.string().min(1).max(1000),
  details: creditAlertDetailsSchema,
  /** When the newer of the two pulls was made: the alert's date. */
  pulledAt: instantSchema,
  readAt: instantSchema.nullable(),
  dismissedAt: instantSchema.nullable(),
});
export type CreditAlert = z.infer<typeof creditAlertSchema>;

/** creditAlerts/getUserAllAlerts: alerts not dismissed, newest pull first, by rank within a pull. */
export const userAllAlertsResponseSchema = z.object({
  alerts: z.array(creditAlertSchema).max(500),
  unreadCount: z.number().int().min(0),
});
export type UserAllAlertsResponse = z.infer<typeof userAllAlertsResponseSchema>;

/** "Why your score changed": one bureau's latest score move and its ranked reasons (alerts of the same pull). */
export const scoreChangeExplainedSchema = z.object({
  creditBureau: bureauSchema,
  from: scoreValueSchema,
  to: scoreValueSchema,
  delta: z.number().int(),
  pulledAt: instantSchema,
  /**
   * The newer report's own date (the bureau's lastUpdated, the score card's "Last updated"): the
   * date the explanation cites, so the card and the explanation name the same report.
   */
  reportDate: instantSchema,
  /** The other changes of the same pull: those that moved the score its way first. */
  reasons: z.array(creditAlertSchema).max(100),
});
export type ScoreChangeExplained = z.infer<typeof scoreChangeExplainedSchema>;

export const bureauAlertSegmentSchema = z.object({
  creditBureau: bureauSchema,
  /** Whether the customer gets alerts of this bureau (on unless turned off). */
  subscribed: z.boolean(),
  unreadCount: z.number().int().min(0),
});

/** creditAlerts/getUserAlertSegment: what the dashboard's alerts section and score card need at a glance. */
export const userAlertSegmentResponseSchema = z.object({
  unreadCount: z.number().int().min(0),
  totalCount: z.number().int().min(0),
  bureaus: z.array(bureauAlertSegmentSchema).max(4),
  /** The latest score move of the active bureau (or, without one, any bureau's latest); null when none moved. */
  scoreChange: scoreChangeExplainedSchema.nullable(),
});
export type UserAlertSegmentResponse = z.infer<typeof userAlertSegmentResponseSchema>;

export const CREDIT_ALERT_STATES = ['READ', 'DISMISSED'] as const;

/** creditAlerts/createUpdateUserAlertState body: mark these alerts read or dismissed. */
export const updateAlertStateBodySchema = z.object({
  alertIds: z.array(z.uuid()).min(1).max(100),
  state: z.enum(CREDIT_ALERT_STATES),
});
export type UpdateAlertStateBody = z.infer<typeof updateAlertStateBodySchema>;

export const updateAlertStateResponseSchema = z.object({
  alerts: z.array(creditAlertSchema).max(100),
  unreadCount: z.number().int().min(0),
});
export type UpdateAlertStateResponse = z.infer<typeof updateAlertStateResponseSchema>;

/** creditAlerts/subscribeBureauAlerts body: one bureau on or off. */
export const subscribeBureauAlertsBodySchema = z.object({
  creditBureau: bureauSchema,
  subscribe: z.boolean(),
});
export type SubscribeBureauAlertsBody = z.infer<typeof subscribeBureauAlertsBodySchema>;

export const subscribeBureauAlertsResponseSchema = z.object({
  bureaus: z.array(bureauAlertSegmentSchema).max(4),
});
export type SubscribeBureauAlertsResponse = z.infer<typeof subscribeBureauAlertsResponseSchema>;
