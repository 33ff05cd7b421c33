import { join } from 'node:path';
import { PAGE_SECURITY_HEADERS, staticFilesPage, type DashboardPage } from './dashboard-page';

/**
 * The reference page's files: our page and its script, Redoc's standalone bundle (the renderer, served
 * from our origin) and the OpenAPI document it renders. Nothing is loaded from another origin.
 */
const FILES = {
  'index.html': 'text/html; charset=utf-8',
  'reference.js': 'text/javascript; charset=utf-8',
  'reference.css': 'text/css; charset=utf-8',
  'redoc.standalone.js': 'text/javascript; charset=utf-8',
  'openapi.yaml': 'application/yaml; charset=utf-8',
} as const;

export type ReferenceFile = keyof typeof FILES;

/** Beside the portal's bundle the stack copies all of them into one directory. */
export const referenceFilesIn = (directory: string): Record<ReferenceFile, string> =>
  Object.fromEntries((Object.keys(FILES) as ReferenceFile[]).map((name) => [name, join(directory, name)])) as Record<
    ReferenceFile,
    string
  >;

/**
 * The dashboard's policy, with images also from `data:` URLs (Redoc's icons are inline SVG in its
 * styles; a data URL reaches no other origin) and exactly two inline styles allowed by their hashes: Redoc's styles come
 * from styled-components, which creates an empty <style> element and fills it through the CSSOM
 * (insertRule, which the CSP does not govern), and a browser refuses even an empty element's text
 * unless its hash is allowed; and perfect-scrollbar's fixed stylesheet, which the bundle injects as one
 * <style>. Any other inline style, and any inline script, is still refused. The hashes are those of the
 * pinned redoc version: the browser test fails, naming the hash, if an upgrade changes them.
 */
const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
const SCROLLBAR_STYLE_HASH = "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='";
export const REFERENCE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...PAGE_SECURITY_HEADERS,
  'Content-Security-Policy': (PAGE_SECURITY_HEADERS['Content-Security-Policy'] as string)
    .replace("style-src 'self'", `style-src 'self' ${EMPTY_STYLE_HASH} ${SCROLLBAR_STYLE_HASH}`)
    .replace("img-src 'self'", "img-src 'self' data:"),
};

/** The page at `/docs` (no asset) or one of its files at `/docs/<asset>`, read once, under the reference's CSP. */
export const referencePageFrom = (files: Readonly<Record<ReferenceFile, string>>): DashboardPage =>
  staticFilesPage(FILES, (name) => files[name], REFERENCE_SECURITY_HEADERS);
