/**
 * Entry of packages/sdk/dist/widgets/pravesh-nudge.js (global `PraveshNudge`), the script the
 * nudge loader (Pravesh.loadNudge) adds after the page's load event or first interaction. It
 * carries none of React: before it mounts it adds pravesh-react.js, the runtime the
 * other widgets share, from beside itself unless the page already has it.
 */
import type { NudgeModule } from '@pravesh/sdk/nudge';
import { createReactRuntimeLoader, currentScriptOrigin } from '../shared/react-runtime-loader.ts';
import { mountNudge as mount } from './mount.tsx';

const ensureReactRuntime = createReactRuntimeLoader(currentScriptOrigin());

export const mountNudge: NudgeModule['mountNudge'] = async (context) => {
  await ensureReactRuntime();
  return mount(context);
};
