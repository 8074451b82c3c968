/**
 * Entry of packages/sdk/dist/widgets/pravesh-react.js (global `PraveshReact`): the React runtime
 * the lazily loaded widgets share. The consent panel's script carries none of React: its imports
 * of react, react/jsx-runtime and react-dom/client read this global (widgets/build.ts), which the
 * sign-in widget's script also publishes, so a page that opened sign-in loads React once.
 */
import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDomClient from 'react-dom/client';

export { jsxRuntime, react, reactDomClient };
