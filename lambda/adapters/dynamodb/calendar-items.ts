import type { CalendarDefinition, CalendarShape } from '../../core/calendar/calendar';
import { shapeOf } from '../../core/calendar/calendar';
import { anchorOf, type FixedDayRef } from '../../core/calendar/year-plan';

/*
 * Key design of the name days table (one table, one GSI):
 *
 *   fixed day   pk = "<v>|<country>"   sk = "<MMDD anchor>#<slug>#<era>"
 *               gsi1pk = "<v>|M#<MM>"  gsi1sk = "<MMDD anchor>#<country>#<slug>#<era>"
 *   catalog     pk = "<v>|#CATALOG"    sk = slug            (calendar shapes: rules without day contents)
 *   version     pk = "#META"           sk = "DATA"          (the data version last written in full)
 *
 * <v> is the data version: a new version is written beside the one the functions serve, which stays
 * whole until CloudFormation deletes it after the new functions are in place; a deploy that fails
 * part-way leaves the served version untouched.
 *
 * The anchor is the civil date a day usually falls on, so a listing page, which is a run of dates,
 * is one key range: in the country's partition when the query names a country, else in the month
 * partitions of the GSI (two when the page crosses a month). Neither range grows with the offset.
 * Days of a calendar's past eras (Julian dates before a church's change) live in partitions of their
 * own ("<country>#E<era>", "M#<MM>#E<era>"), so that today's pages never read them.
 */

export const CATALOG_PARTITION = '#CATALOG';
export const META_KEY = { pk: '#META', sk: 'DATA' } as const;
export const BY_MONTH_INDEX = 'ByMonth';

export interface FixedDayItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  slug: string;
  key: string;
  names: string[];
  feasts?: string[];
  gap?: string;
  v: string;
}

export interface CatalogItem {
  pk: string;
  sk: string;
  shape: CalendarShape;
  v: string;
}

const eraSuffix = (ref: FixedDayRef): string => (ref.currentEra ? '' : `#E${ref.era}`);

/** The partition of a data version: every version's items live apart from the others'. */
export const versioned = (version: string, partition: string): string => `${version}|${partition}`;

export const fixedDayPartition = (ref: FixedDayRef): string => `${ref.country}${eraSuffix(ref)}`;
export const fixedDaySortKey = (ref: FixedDayRef): string => `${ref.anchor}#${ref.slug}#${ref.era}`;
export const fixedDayMonthPartition = (ref: FixedDayRef): string => `M#${ref.anchor.slice(0, 2)}${eraSuffix(ref)}`;
export const fixedDayMonthSortKey = (ref: FixedDayRef): string => `${ref.anchor}#${ref.country}#${ref.slug}#${ref.era}`;

/** Every item a calendar needs: one per fixed day and era, and its catalog entry. */
export const calendarItems = (definition: CalendarDefinition, version: string): Array<FixedDayItem | CatalogItem> => {
  const days: FixedDayItem[] = definition.fixedDates.flatMap((era, index) =>
    Object.entries(definition.days).map(([key, day]) => {
      const ref: FixedDayRef = {
        country: definition.country,
        slug: definition.slug,
        era: index,
        currentEra: index === definition.fixedDates.length - 1,
        key,
        anchor: anchorOf(day.civil ? 'gregorian' : era.reckoning, key),
      };
      return {
        pk: versioned(version, fixedDayPartition(ref)),
        sk: fixedDaySortKey(ref),
        gsi1pk: versioned(version, fixedDayMonthPartition(ref)),
        gsi1sk: fixedDayMonthSortKey(ref),
        slug: ref.slug,
        key,
        names: day.names,
        ...(day.feasts && { feasts: day.feasts }),
        ...(day.gap && { gap: day.gap }),
        v: version,
      };
    }),
  );
  return [...days, { pk: versioned(version, CATALOG_PARTITION), sk: definition.slug, shape: shapeOf(definition), v: version }];
};
