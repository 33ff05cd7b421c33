import type { APIGatewayProxyResult } from 'aws-lambda';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RouteNotFoundError } from './http-errors';

/** The page's files: one HTML page, its script and its stylesheet; nothing from another origin. */
const ASSETS = {
  'index.html': 'text/html; charset=utf-8',
  'dashboard.js': 'text/javascript; charset=utf-8',
  'dashboard.css': 'text/css; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
} as const;

type AssetName = keyof typeof ASSETS;

/**
 * The browser's own defences: scripts, styles and calls only from this origin, no inline script (so
 * text a person typed can never run), no framing, no referrer, and HTTPS remembered where it is used.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), clipboard-write=(self)',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

export interface DashboardPage {
  /** The page at `/dashboard` (no asset) or one of its files at `/dashboard/<asset>`. */
  respond(asset: string | undefined): APIGatewayProxyResult;
}

/** Reads the page's files once, from `directory` (web/dashboard in the repository, or beside the bundle). */
export const dashboardPageFrom = (directory: string): DashboardPage => {
  const files = Object.fromEntries(
    (Object.keys(ASSETS) as AssetName[]).map((name) => [name, readFileSync(join(directory, name), 'utf8')]),
  ) as Record<AssetName, string>;
  return {
    respond: (asset) => {
      const name = asset ?? 'index.html';
      if (!Object.hasOwn(ASSETS, name)) throw new RouteNotFoundError();
      return {
        statusCode: 200,
        headers: { 'Content-Type': ASSETS[name as AssetName], 'Cache-Control': 'no-cache', ...PAGE_SECURITY_HEADERS },
        body: files[name as AssetName],
      };
    },
  };
};
