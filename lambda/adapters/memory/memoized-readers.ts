import type { DayContent } from '../../core/calendar/calendar';
import { contentKey, type DayContents } from '../../core/calendar/entry-contents';
import type { FixedDayRef } from '../../core/calendar/year-plan';
import type { FixedDayReader } from '../../core/listing/list-namedays';
import type { NameOccurrence } from '../../core/names/name-index';
import type { NameIndexReader } from '../../core/names/search-names';

/*
 * A process serves one data version for its whole life (a new version is new function configuration,
 * so a new process), and a version's data never changes: what a process has read once it may keep.
 * Only the key counters are read fresh, so a revocation or a spent limit still applies at once.
 */

/**
 * Keeps every fixed day read. Bounded by the data version itself: at most every fixed day of every
 * calendar (docs/performance.md gives the measured size).
 */
export class MemoizedFixedDayReader implements FixedDayReader {
  private readonly days = new Map<string, DayContent>();

  constructor(private readonly store: FixedDayReader) {}

  async readFixedDays(refs: readonly FixedDayRef[]): Promise<DayContents> {
    const missing = refs.filter((ref) => !this.days.has(contentKey(ref.slug, ref.key)));
    if (missing.length > 0) for (const [key, day] of await this.store.readFixedDays(missing)) this.days.set(key, day);
    const contents = new Map<string, DayContent>();
    for (const ref of refs) {
      const key = contentKey(ref.slug, ref.key);
      const day = this.days.get(key);
      if (day) contents.set(key, day);
    }
    return contents;
  }
}

/** How many distinct search prefixes a process keeps the answers of; the least recently used go first. */
export const MAX_REMEMBERED_PREFIXES = 5_000;

/**
 * Keeps the occurrences of recently searched prefixes. Unlike the fixed days, prefixes are whatever
 * clients type, so their number is bounded: MAX_REMEMBERED_PREFIXES answers, least recently used
 * dropped first.
 */
export class MemoizedNameIndexReader implements NameIndexReader {
  private readonly answers = new Map<string, Promise<NameOccurrence[]>>();

  constructor(
    private readonly store: NameIndexReader,
    private readonly maxPrefixes = MAX_REMEMBERED_PREFIXES,
  ) {}

  findByPrefix(folded: string): Promise<NameOccurrence[]> {
    const known = this.answers.get(folded);
    if (known) {
      this.answers.delete(folded);
      this.answers.set(folded, known);
      return known;
    }
    const answer = this.store.findByPrefix(folded);
    this.answers.set(folded, answer);
    // A failed read is not an answer: the next request asks the store again.
    answer.catch(() => this.answers.delete(folded));
    if (this.answers.size > this.maxPrefixes) this.answers.delete(this.answers.keys().next().value as string);
    return answer;
  }
}
