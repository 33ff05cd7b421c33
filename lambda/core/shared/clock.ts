/** Time as a dependency: the core never reads the system clock itself. */
export interface Clock {
  now(): Date;
}

export const currentUtcYear = (clock: Clock): number => clock.now().getUTCFullYear();
