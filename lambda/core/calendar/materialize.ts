import { shapeOf, type CalendarDefinition } from './calendar';
import { contentKey, slotContents } from './entry-contents';
import { planYear } from './year-plan';

export interface DatedEntry {
  date: string;
  names: string[];
  feasts: string[];
}

/** A whole calendar's entries for one civil year, with their contents, in date order. */
export const materializeYear = (definition: CalendarDefinition, year: number): DatedEntry[] => {
  const contents = new Map(Object.entries(definition.days).map(([key, day]) => [contentKey(definition.slug, key), day]));
  return planYear(shapeOf(definition), year).map((slot) => ({ date: slot.date, ...slotContents(slot, contents) }));
};
