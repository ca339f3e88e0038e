// @lingui/vite-plugin turns a .po catalog into a module exporting its compiled messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
