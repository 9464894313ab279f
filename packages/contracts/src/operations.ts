import './zod-config.ts';
import { z } from 'zod';
import { OPERATIONS_MAX_POINTS, OPERATIONS_PANELS, OPERATIONS_WINDOWS, type OperationsPanelId, type OperationsWindow } from './operations-panels.ts';

/**
 * The admins' operations API (issue 36 §4; moderation's `GET /api/admin/operations`): per service, the panels of
 * operations-panels.ts over a recent window, read from Prometheus' range query API.
 *
 * Values come aligned on one time axis (`timestamps`, unix seconds, every `step` seconds from `start` to `end`), each
 * panel of a service one value per timestamp (null: Prometheus had no value then). When Prometheus is not configured,
 * down or slow, the answer is still 200: `{ available: false, error }`, which the tab says in words.
 */
export * from './operations-panels.ts';


export const OperationsQuerySchema = z
  .object({
    window: z.enum(Object.keys(OPERATIONS_WINDOWS) as [OperationsWindow, ...OperationsWindow[]]).default('1h'),
    /** Seconds between points: 5 to 600; absent, the window over OPERATIONS_DEFAULT_POINTS. */
    step: z.coerce.number().int().min(5).max(600).optional(),
  })
  .refine((q) => q.step === undefined || OPERATIONS_WINDOWS[q.window] / q.step <= OPERATIONS_MAX_POINTS, {
    message: `too many points: window / step must be at most ${OPERATIONS_MAX_POINTS}`,
    path: ['step'],
  });
export type OperationsQuery = z.infer<typeof OperationsQuerySchema>;

const PANEL_IDS = OPERATIONS_PANELS.map((p) => p.id) as [OperationsPanelId, ...OperationsPanelId[]];

/** One service's series: for each panel, a value (or null) per timestamp of the answer. */
export const OperationsServiceSchema = z.object({
  service: z.string().min(1).max(100),
  series: z.record(z.enum(PANEL_IDS), z.array(z.number().nullable())),
});
export type OperationsService = z.infer<typeof OperationsServiceSchema>;

export const OperationsAnswerSchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    window: z.enum(Object.keys(OPERATIONS_WINDOWS) as [OperationsWindow, ...OperationsWindow[]]),
    step: z.number().int().positive(),
    start: z.number().int(),
    end: z.number().int(),
    /** Unix seconds of each point, `start` to `end` every `step`. */
    timestamps: z.array(z.number().int()),
    panels: z.array(z.object({ id: z.enum(PANEL_IDS), title: z.string(), unit: z.enum(['reqps', 'seconds', 'ratio', 'count']), description: z.string() })),
    services: z.array(OperationsServiceSchema),
  }),
  z.object({
    available: z.literal(false),
    /** Why, for the admin: not configured, not answering, too slow. */
    error: z.string(),
  }),
]);
export type OperationsAnswer = z.infer<typeof OperationsAnswerSchema>;
