/**
 * The nudge's SDK half, imported by the widget script (packages/widgets/src/nudge)
 * through `@pravesh/sdk/nudge`: tile rules, stored and live tile data, the apply call. The loader
 * alone is in the core script (Pravesh.loadNudge).
 */
export * from './constants.ts';
export * from './tiles.ts';
export * from './data.ts';
// Types only: the loader's values are in the core script, not the widget's.
export type {
  LoadNudgeOptions,
  NudgeCommand,
  NudgeHandle,
  NudgeLinks,
  NudgeModule,
  NudgeMountContext,
  NudgeWidget,
} from './loader.ts';
