/** The add-ons feature's public face (ARCHITECTURE.md "Doors"): all that other features and the app import of it. */
export { AddOnsSection } from './add-ons-section.tsx';
export { StepUpSection } from './step-up-section.tsx';
