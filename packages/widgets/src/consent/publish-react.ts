import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDomClient from 'react-dom/client';

/**
 * Injected into the sign-in widget's script (widgets/build.ts): it publishes the React it carries
 * as `PraveshReact`, the global the consent panel reads, so a page that opened sign-in does not
 * load React a second time for the panel. An existing runtime is left as it is.
 */
const scope = globalThis as { PraveshReact?: unknown };
scope.PraveshReact ??= { react, jsxRuntime, reactDomClient };
