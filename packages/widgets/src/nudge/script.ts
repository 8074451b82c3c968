/**
 * Entry of packages/sdk/dist/widgets/pravesh-nudge.js (global `PraveshNudge`), the script the
 * nudge loader (Pravesh.loadNudge) adds after the page's load event or first interaction. It
 * carries none of React: before it mounts it adds pravesh-react.js, the runtime the
 * other widgets share, from beside itself unless the page already has it.
 */
import type { NudgeModule } from '@pravesh/sdk/nudge';
import { hostIdle } from '../shared/host-idle.ts';
import { createReactRuntimeLoader, currentScriptOrigin } from '../shared/react-runtime-loader.ts';
import { mountNudge as mount } from './mount.tsx';

const ensureReactRuntime = createReactRuntimeLoader(currentScriptOrigin());

/**
 * The longest the mount waits for the host page to go idle. The nudge is an invitation beside the
 * page (spec 000 §2), never ahead of it: its mount (the shadow root, its stylesheet, the first
 * render's start) runs when the page has nothing pending, in a task apart from the one that
 * evaluated the React runtime, which runs the runtime script's load listeners, this one's
 * included (the bench nudge-host-page: TBT the nudge adds under 4× CPU). Bounded, so a page that
 * is never idle still gets its nudge within the half second of each step.
 */
const MOUNT_IDLE_TIMEOUT_MS = 500;

export const mountNudge: NudgeModule['mountNudge'] = async (context) => {
  await ensureReactRuntime();
  const view = context.document.defaultView ?? window;
  const nextIdleMoment = () => hostIdle(view, MOUNT_IDLE_TIMEOUT_MS);
  await nextIdleMoment();
  // Each step of the mount in an idle moment of its own (mount.tsx).
  return mount(context, nextIdleMoment);
};
