/**
 * Pravesh widgets: React components rendered into shadow roots and loaded on demand, so pages
 * that never show one never download React. Each widget is also built as a script of its own
 * (build.ts): the sign-in widget is dist/widgets/pravesh-sign-in.js beside the SDK.
 */
export * from './sign-in/index.ts';
export * from './consent/index.ts';
export * from './nudge/index.ts';
