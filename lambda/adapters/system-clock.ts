import type { Clock } from '../core/shared/clock';

/** The host's clock, given to the core as a parameter; the core never reads time itself. */
export const systemClock: Clock = { now: () => new Date() };
