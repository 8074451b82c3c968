/**
 * Entry of packages/sdk/dist/widgets/pravesh-sign-in.js (global `PraveshSignIn`), the script the
 * sign-on client loads the first time a widget journey opens. It carries none of React (one
 * React runtime per page): its React imports read the global `PraveshReact` lazily
 * (widgets/build.ts), and before the widget first renders it adds pravesh-react.js — the runtime
 * the consent panel shares — from beside itself, unless the page already has it.
 */
import type { OpenSignInWidget } from '@pravesh/sdk';
import { createReactRuntimeLoader, currentScriptOrigin } from '../shared/react-runtime-loader.ts';
import { openSignInWidget as open } from './open.tsx';

const ensureReactRuntime = createReactRuntimeLoader(currentScriptOrigin());

export const openSignInWidget: OpenSignInWidget = async (request) => {
  await ensureReactRuntime();
  return open(request);
};
