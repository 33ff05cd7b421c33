import type { NameOccurrence } from '../../core/names/name-index';
import { versioned } from './calendar-items';

/*
 * Key design of the name index table:
 *
 *   pk = "<v>|" and the first two characters of a folded token    sk = the folded token
 *   o  = the occurrences the token finds, each "slug<TAB>ref<TAB>name<TAB>nameEn"
 *
 * A query has at least two folded characters, so its partition is known, and `begins_with(sk, q)`
 * is one Query whose size depends on that partition only, not on the size of the whole index.
 * <v> is the data version, as in the name days table (calendar-items.ts says why).
 */

export interface NameIndexItem {
  pk: string;
  sk: string;
  o: string[];
  v: string;
}

const FIELD_SEPARATOR = '\t';

export const nameIndexPartition = (version: string, folded: string): string =>
  versioned(version, [...folded].slice(0, 2).join(''));

export const encodeOccurrence = (occurrence: NameOccurrence): string =>
  [occurrence.slug, occurrence.ref, occurrence.name, occurrence.nameEn ?? ''].join(FIELD_SEPARATOR);

export const decodeOccurrence = (encoded: string): NameOccurrence => {
  const [slug = '', ref = '', name = '', nameEn = ''] = encoded.split(FIELD_SEPARATOR);
  return { slug, ref, name, nameEn: nameEn === '' ? null : nameEn };
};

export const nameIndexItems = (index: ReadonlyMap<string, NameOccurrence[]>, version: string): NameIndexItem[] =>
  [...index].map(([token, occurrences]) => ({
    pk: nameIndexPartition(version, token),
    sk: token,
    o: [...new Set(occurrences.map(encodeOccurrence))],
    v: version,
  }));
