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

/**
 * A page served from a fixed set of files, each read once: `respond(undefined)` is index.html, any name
 * outside the set is a 404. The dashboard and the API reference are both such pages.
 */
export const staticFilesPage = <Name extends string>(
  contentTypes: Readonly<Record<Name, string>>,
  pathOf: (name: Name) => string,
  securityHeaders: Readonly<Record<string, string>>,
): DashboardPage => {
  const names = Object.keys(contentTypes) as Name[];
  const files = Object.fromEntries(names.map((name) => [name, readFileSync(pathOf(name), 'utf8')])) as Record<Name, string>;
  return {
    respond: (asset) => {
      const name = asset ?? 'index.html';
      if (!Object.hasOwn(contentTypes, name)) throw new RouteNotFoundError();
      return {
        statusCode: 200,
        headers: { 'Content-Type': contentTypes[name as Name], 'Cache-Control': 'no-cache', ...securityHeaders },
        body: files[name as Name],
      };
    },
  };
};

/** Reads the page's files once, from `directory` (web/dashboard in the repository, or beside the bundle). */
export const dashboardPageFrom = (directory: string): DashboardPage =>
  staticFilesPage(ASSETS, (name) => join(directory, name), PAGE_SECURITY_HEADERS);
