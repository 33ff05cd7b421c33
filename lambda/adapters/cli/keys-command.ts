import { isTier } from '../../core/access/api-keys';
import { FeedNotFoundError, type FeedTokens } from '../../core/access/feed-tokens';
import { KeyNotFoundError, type KeyAdmin } from '../../core/access/key-admin';

export const KEYS_USAGE = `Usage: npm run keys -- <command> [options]

Commands:
  create --tier free|paid [--label TEXT]   issue a key; it is printed once, only its hash is stored
  list                                     id, label, tier, status, created, this month's usage
  revoke ID                                end a key at once
  rotate ID                                issue a new key with the same tier and label; the old
                                           one stays valid until you revoke it
  set-tier ID free|paid                    change a key's tier (a dashboard key to paid, say)
  feed ID                                  a feed token for key ID: calendar apps subscribe to
                                           /api/v1/feeds/<token>/namedays.ics?country=CZ
                                           or .../search.ics?q=maria; printed once
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
export const runKeysCommand = async (
  args: ParsedArgs,
  admin: KeyAdmin,
  feeds?: FeedTokens,
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
      if (!feeds) throw new UsageError('feeds are not available on this target');
      const feed = await feeds.create(id);
      return [
        `Created ${feed.id} for ${id}. The token is shown only this once; it is a secret like the key:`,
        feed.token,
        `Subscribe in a calendar app to: ${apiUrl.replace(/\/+$/, '')}/api/v1/feeds/${feed.token}/namedays.ics?country=CZ`,
        `(or .../search.ics?q=maria). Revoke with: npm run keys -- feed-revoke ${feed.id}`,
      ].join('\n');
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
    : error instanceof KeyNotFoundError || error instanceof FeedNotFoundError
      ? error.message
      : `Failed: ${error instanceof Error ? error.message : String(error)}`;
