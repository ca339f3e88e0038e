import { withValues, type Message } from './message';

const DAY_MS = 86_400_000;
/** The header never shows more than 14 days left, however far away the expiration is. */
export const FREE_TRIAL_DISPLAY_CAP_DAYS = 14;

export const freeTrialMessages = {
  ended: /*i18n*/ { id: 'freeTrial.ended', message: 'Free trial has ended' },
  expiresIn: /*i18n*/ {
    id: 'freeTrial.expiresIn',
    message: 'Free trial expires in: {days} day(s)',
  },
} as const satisfies Record<string, Message>;

export interface FreeTrialLabel {
  tone: 'danger' | 'neutral';
  daysLeft: number;
  message: Message;
}

/** Whole days left, rounded up: a trial ending later today still has one day. */
export function freeTrialDaysLeft(expiration: Date, now: Date): number {
  return Math.ceil((expiration.getTime() - now.getTime()) / DAY_MS);
}

export function freeTrialLabel(expiration: Date, now: Date): FreeTrialLabel {
  const daysLeft = freeTrialDaysLeft(expiration, now);
  if (daysLeft <= 0) return { tone: 'danger', daysLeft, message: freeTrialMessages.ended };
  const days = Math.min(daysLeft, FREE_TRIAL_DISPLAY_CAP_DAYS);
  return { tone: 'neutral', daysLeft, message: withValues(freeTrialMessages.expiresIn, { days }) };
}
