import { isTier } from '../../core/access/api-keys';
import { FeedNotFoundError, type FeedTokens } from '../../core/access/feed-tokens';
import { findPeople, PersonNotFoundError, subscriptionFor, type NameSources } from '../../core/feeds/people';
import { feedFileOf, peopleFrom, reminderFrom, subscriptionRequestFrom } from '../../core/feeds/subscription';
import { ServiceError } from '../../core/shared/errors';
import { KeyNotFoundError, type KeyAdmin } from '../../core/access/key-admin';

export const KEYS_USAGE = `Usage: npm run keys -- <command> [options]

Commands:
  create --tier free|paid [--label TEXT]   issue a key; it is printed once, only its hash is stored
  list                                     id, label, tier, status, created, this month's usage
  revoke ID                                end a key at once
  rotate ID                                issue a new key with the same tier and label; the old
                                           one stays valid until you revoke it
  set-tier ID free|paid                    change a key's tier (a dashboard key to paid, say)
  feed ID WHAT [--reminder R]              a calendar feed for key ID, showing WHAT (one of):
                                             --country CZ           a country's name days
                                             --calendar SLUG        one calendar's (see /api/v1/calendars)
                                             --search maria         the days of a name
                                             --people "Anna@CZ,Jiří@czech-civil"
                                                                    up to 50 people, each NAME@COUNTRY or
                                                                    NAME@CALENDAR; R: none, day-before,
                                                                    morning-of. Its URL is printed once
  feed-edit FEED_ID --people "…" [--reminder R]
                                           a people feed's new list; its URL stays
  feed-revoke FEED_ID                      end a feed at once (its key stays valid)

Target (default: the local store under NAMEDAY_DATA_DIR, .nameday):
  --stack NAME        a deployed stack, by name (reads its outputs)
  --outputs FILE      a deployed stack, by the file of \`cdk deploy --outputs-file\`
  --region REGION     AWS region of the deployed stack`;

export interface ParsedArgs {
  command?: string;
  positional: string[];
  options: Record<string, string>;
}

/** `--name value` options and positional words, in any order. */
export const parseArgs = (argv: readonly string[]): ParsedArgs => {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index] as string;
    if (word.startsWith('--')) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`Option ${word} needs a value`);
      options[word.slice(2)] = value;
      index += 1;
    } else {
      positional.push(word);
    }
  }
  const [command, ...rest] = positional;
  return { command, positional: rest, options };
};

export class UsageError extends Error {}

const table = (rows: string[][]): string => {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

/** Where `npm start` serves by default. */
export const DEFAULT_LOCAL_API_URL = 'http://127.0.0.1:3000';

/** Runs one key command against an admin already pointed at its store; returns what to print. */
/** "Anna@CZ,Jiří@czech-civil": a name, then a country code or a calendar's slug. */
const peopleOption = (value: string | undefined): { name: string; country?: string; calendarId?: string }[] => {
  if (!value) throw new UsageError('--people needs NAME@COUNTRY or NAME@CALENDAR, separated by commas');
  return value.split(',').map((entry) => {
    const at = entry.lastIndexOf('@');
    if (at <= 0) throw new UsageError(`${entry.trim()}: write NAME@COUNTRY or NAME@CALENDAR`);
    const name = entry.slice(0, at).trim();
    const place = entry.slice(at + 1).trim();
    return /^[A-Za-z]{2}$/.test(place) ? { name, country: place } : { name, calendarId: place };
  });
};

/** The portal's feed request, from the command's options. */
const feedRequestBody = (options: Record<string, string>): Record<string, unknown> => {
  const chosen = ['country', 'calendar', 'search', 'people'].filter((name) => options[name] !== undefined);
  if (chosen.length !== 1) throw new UsageError('feed needs one of --country, --calendar, --search or --people');
  if (options.country !== undefined) return { kind: 'listing', country: options.country };
  if (options.calendar !== undefined) return { kind: 'listing', calendarId: options.calendar };
  if (options.search !== undefined) return { kind: 'search', q: options.search };
  return {
    kind: 'people',
    people: peopleOption(options.people),
    ...(options.reminder !== undefined && { reminder: options.reminder }),
  };
};

export const runKeysCommand = async (
  args: ParsedArgs,
  admin: KeyAdmin,
  feeds?: FeedTokens,
  names?: NameSources,
  /** The API's base URL, for the feed links printed: the local server's, or the stack's `ApiUrl`. */
  apiUrl = DEFAULT_LOCAL_API_URL,
): Promise<string> => {
  const id = args.positional[0];
  switch (args.command) {
    case 'create': {
      const tier = args.options.tier;
      if (!tier || !isTier(tier)) throw new UsageError('create needs --tier free or --tier paid');
      const created = await admin.create(tier, args.options.label);
      return `Created ${created.id} (${tier}). The key is shown only this once; store it as a secret:\n${created.key}`;
    }
    case 'list': {
      const keys = await admin.list();
      if (keys.length === 0) return 'No keys.';
      return table([
        ['ID', 'LABEL', 'TIER', 'STATUS', 'CREATED', 'USAGE THIS MONTH'],
        ...keys.map((key) => [key.id, key.label ?? '-', key.tier, key.status, key.created, String(key.usageThisMonth)]),
      ]);
    }
    case 'revoke': {
      if (!id) throw new UsageError('revoke needs a key id (see list)');
      await admin.revoke(id);
      return `Revoked ${id}: requests with it are refused from now on.`;
    }
    case 'rotate': {
      if (!id) throw new UsageError('rotate needs a key id (see list)');
      const rotated = await admin.rotate(id);
      return [
        `Created ${rotated.id} to replace ${rotated.replaces}. The key is shown only this once:`,
        rotated.key,
        `Next: switch your clients to it, verify they work, then run: npm run keys -- revoke ${rotated.replaces}`,
      ].join('\n');
    }
    case 'set-tier': {
      const tier = args.positional[1];
      if (!id || !tier || !isTier(tier)) throw new UsageError('set-tier needs a key id and free or paid');
      await admin.setTier(id, tier);
      return `${id} is on the ${tier} tier from its next request.`;
    }
    case 'feed': {
      if (!id) throw new UsageError('feed needs a key id (see list)');
      if (!feeds || !names) throw new UsageError('feeds are not available on this target');
      const catalog = await names.catalog();
      const request = subscriptionRequestFrom(feedRequestBody(args.options), (slug) => catalog.find(slug) !== undefined);
      const subscription = await subscriptionFor(request, names);
      const feed = await feeds.create(id, subscription);
      return [
        `Created ${feed.id} for ${id}. Its URL is shown only this once; the token in it is a secret like the key.`,
        `Subscribe in a calendar app to: ${apiUrl.replace(/\/+$/, '')}/api/v1/feeds/${feed.token}/${feedFileOf(subscription.kind)}`,
        `Revoke with: npm run keys -- feed-revoke ${feed.id}`,
      ].join('\n');
    }
    case 'feed-edit': {
      if (!id) throw new UsageError('feed-edit needs a feed id');
      if (!feeds || !names) throw new UsageError('feeds are not available on this target');
      const catalog = await names.catalog();
      const requests = peopleFrom(peopleOption(args.options.people), (slug) => catalog.find(slug) !== undefined);
      const reminder = args.options.reminder === undefined ? undefined : reminderFrom(args.options.reminder);
      await feeds.find(id);
      await feeds.editPeople(id, await findPeople(requests, catalog, names.nameIndex), reminder);
      return `${id} now shows ${requests.length} ${requests.length === 1 ? 'person' : 'people'}; its URL is unchanged.`;
    }
    case 'feed-revoke': {
      if (!id) throw new UsageError('feed-revoke needs a feed id');
      if (!feeds) throw new UsageError('feeds are not available on this target');
      await feeds.revoke(id);
      return `Revoked ${id}: its calendar is refused from now on.`;
    }
    default:
      throw new UsageError(args.command ? `Unknown command ${args.command}` : 'No command given');
  }
};

export const describeFailure = (error: unknown): string =>
  error instanceof UsageError
    ? `${error.message}\n\n${KEYS_USAGE}`
    : error instanceof KeyNotFoundError ||
        error instanceof FeedNotFoundError ||
        error instanceof PersonNotFoundError ||
        error instanceof ServiceError
      ? error.message
      : `Failed: ${error instanceof Error ? error.message : String(error)}`;
