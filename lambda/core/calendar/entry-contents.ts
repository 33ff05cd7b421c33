import type { DayContent, MovableEntry } from './calendar';
import type { FixedDayRef, Slot } from './year-plan';

/** Fixed days' contents, keyed by `contentKey`. */
export type DayContents = ReadonlyMap<string, DayContent>;

export const contentKey = (slug: string, key: string): string => `${slug}#${key}`;

const unique = (values: string[]): string[] => [...new Set(values)];

const isCivilHoliday = (entry: MovableEntry): boolean => entry.rule.kind === 'civil-date';

/**
 * Names and feasts of a slot: its fixed days in key order (a leap day merged into 28 February comes
 * after it), then its movable entries in the calendar's order, without repeats. A civil holiday's
 * feast leads, as it did when it was written on the church day it shares a key with.
 */
export const slotContents = (slot: Slot, contents: DayContents): { names: string[]; feasts: string[] } => {
  const refs = slot.fixed.length > 1 ? [...slot.fixed].sort((a, b) => (a.key < b.key ? -1 : 1)) : slot.fixed;
  const fixed = refs.map((ref: FixedDayRef) => {
    const content = contents.get(contentKey(ref.slug, ref.key));
    if (!content) throw new Error(`No content for fixed day ${ref.slug} ${ref.key}`);
    return content;
  });
  return {
    names: unique([...fixed.flatMap((day) => day.names), ...slot.movable.flatMap((entry) => entry.names ?? [])]),
    feasts: unique([
      ...slot.movable.filter(isCivilHoliday).flatMap((entry) => entry.feasts ?? []),
      ...fixed.flatMap((day) => day.feasts ?? []),
      ...slot.movable.flatMap((entry) => entry.feasts ?? []),
    ]),
  };
};
