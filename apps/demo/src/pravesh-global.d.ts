import type * as PraveshSdk from '@pravesh/sdk';

/** The script-tag build of the SDK (packages/sdk/dist/pravesh.js) defines this global. */
declare global {
  interface Window {
    Pravesh?: typeof PraveshSdk;
  }
}
