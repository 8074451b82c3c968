/**
 * Entry of packages/sdk/dist/widgets/pravesh-react.js (global `PraveshReact`): the React runtime
 * the lazily loaded widgets share, built from Preact's React compatibility layer (widgets/build.ts,
 * docs/decisions/0011-widgets-run-on-preact-compat.md). The consent panel's script carries none of
 * it: its imports of react, react/jsx-runtime and react-dom/client read this global, which the
 * sign-in widget's script also publishes, so a page that opened sign-in loads the runtime once.
 */
import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDomClient from 'react-dom/client';

export { jsxRuntime, react, reactDomClient };
