/** The scores feature's public face (ARCHITECTURE.md "Doors"): all that other features and the app import of it. */
export { ScoreSection } from './score-section.tsx';
export { useCreditScoresQuery } from './api.ts';
export { BAND_NAMES, BAND_TONES, BUREAU_NAMES, inBureauOrder, NO_SCORE_TITLE, reportPath } from './score-section.tsx';
export { ScoreHistory } from './score-history.tsx';
