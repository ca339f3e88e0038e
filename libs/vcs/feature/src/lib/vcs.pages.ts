import { type AppPages } from '@terrace/session';

/** The vcs domain has no pages of its own: its settings live in organization settings sections. */
export const vcsPages = {} satisfies AppPages;
